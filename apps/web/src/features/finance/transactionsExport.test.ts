import type { TTransaction, TTransactions } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { collectTransactions, type LedgerCsvText, transactionsCsv } from './transactionsExport';

const row = (id: number, patch: Partial<TTransaction> = {}): TTransaction => ({
  id,
  entry_id: id,
  time: '2026-03-01T10:00:00.000Z',
  kind: 'transfer',
  adv_id: 1000001,
  adv_name: 'Shoes',
  currency: 'USD',
  amount: '-12.50',
  balance_after: '87.50',
  reference: `transfer:1:key:${id}`,
  memo: '',
  by: 'admin@demo.test',
  ...patch,
});

/** A ledger of `count` rows, newest (highest id) first, answered by pages. */
const ledger = (count: number) => {
  const all = Array.from({ length: count }, (_, i) => row(count - i));
  const calls: number[] = [];
  const fetchPage = async (page: number, size: number): Promise<TTransactions> => {
    calls.push(page);
    return {
      list: all.slice((page - 1) * size, page * size),
      total: Math.min(count, 500),
      more: count > 500,
    };
  };
  return { fetchPage, calls };
};

describe('collectTransactions', () => {
  test('pages until the last page', async () => {
    const { fetchPage, calls } = ledger(250);
    const out = await collectTransactions(fetchPage, 10_000, 100);
    expect(out.rows).toHaveLength(250);
    expect(out.truncated).toBe(false);
    expect(calls).toEqual([1, 2, 3]);
  });

  test('stops at the bound and says so', async () => {
    const { fetchPage, calls } = ledger(400);
    const out = await collectTransactions(fetchPage, 300, 100);
    expect(out.rows).toHaveLength(300);
    expect(out.rows[0].id).toBe(400);
    expect(out.truncated).toBe(true);
    expect(calls).toEqual([1, 2, 3]);
  });

  test("the API's `more` (past its count) means the export is cut too", async () => {
    const { fetchPage } = ledger(1000);
    const out = await collectTransactions(fetchPage, 500, 100);
    expect(out.rows).toHaveLength(500);
    expect(out.truncated).toBe(true);
  });

  test('a row pushed onto the next page by a new posting is written once', async () => {
    let posted = false;
    const fetchPage = async (page: number): Promise<TTransactions> => {
      // Page 1 is read, then row 6 is posted: page 2 starts with row 3, already taken.
      const ids = posted ? [6, 5, 4, 3, 2, 1] : [5, 4, 3, 2, 1];
      posted = true;
      const list = ids.slice((page - 1) * 3, page * 3).map((id) => row(id));
      return { list, total: ids.length, more: false };
    };
    const out = await collectTransactions(fetchPage, 100, 3);
    expect(out.rows.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
  });

  test('an empty ledger gives no rows after one call', async () => {
    const { fetchPage, calls } = ledger(0);
    expect(await collectTransactions(fetchPage)).toEqual({ rows: [], truncated: false });
    expect(calls).toEqual([1]);
  });
});

test('the CSV holds the amounts as the API gives them, the center wallet by name', () => {
  const text: LedgerCsvText = {
    headings: {
      time: 'Time',
      wallet: 'Wallet',
      account_id: 'Account ID',
      kind: 'Type',
      currency: 'Currency',
      amount: 'Amount',
      balance_after: 'Balance after',
      reference: 'Reference',
      memo: 'Memo',
      by: 'By',
    },
    center: 'Center wallet',
    kind: (k) => (k === 'transfer' ? 'Transfer' : k),
    time: (iso) => iso.slice(0, 10),
  };
  const csv = transactionsCsv(
    [
      row(2, { memo: 'May, "spring"' }),
      row(1, { adv_id: null, adv_name: null, amount: '1000.00', by: null }),
    ],
    text,
  );
  expect(csv.split('\r\n')).toEqual([
    '\uFEFFTime,Wallet,Account ID,Type,Currency,Amount,Balance after,Reference,Memo,By',
    '2026-03-01,Shoes,1000001,Transfer,USD,-12.50,87.50,transfer:1:key:2,"May, ""spring""",admin@demo.test',
    '2026-03-01,Center wallet,,Transfer,USD,1000.00,87.50,transfer:1:key:1,,',
    '',
  ]);
});
