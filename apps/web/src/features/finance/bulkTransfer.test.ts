import { describe, expect, test } from 'vitest';
import { type BulkValues, bulkAmounts, bulkFieldOf, bulkItems, bulkTotals } from './bulkTransfer';

const usd = (adv_id: number) => ({ adv_id, wallet: { currency: 'USD' } });
const accounts = [usd(1), usd(2), { adv_id: 3, wallet: { currency: 'JPY' } }];

describe('a bulk transfer', () => {
  test('the same amount goes to every account, in one request', () => {
    const values: BulkValues = { direction: 'to_account', mode: 'same', same: ' 10.50 ', each: { 1: '99' } };
    expect(bulkItems(values, accounts.slice(0, 2))).toEqual([
      { adv_id: 1, direction: 'to_account', amount: '10.50' },
      { adv_id: 2, direction: 'to_account', amount: '10.50' },
    ]);
  });

  test('or each account its own amount', () => {
    const values: BulkValues = {
      direction: 'to_center',
      mode: 'each',
      same: '1',
      each: { 1: '5', 3: '700' },
    };
    expect(bulkAmounts(values, accounts)).toEqual(['5', '', '700']);
    expect(bulkItems(values, accounts)[2]).toEqual({ adv_id: 3, direction: 'to_center', amount: '700' });
  });

  test('the total is added exactly per currency', () => {
    expect(bulkTotals({ mode: 'same', same: '0.10' }, accounts)).toBe('0.20 USD · 0 JPY');
    expect(bulkTotals({ mode: 'each', each: { 1: '0.1', 2: '0.2', 3: '1000' } }, accounts)).toBe(
      '0.30 USD · 1,000 JPY',
    );
  });

  test("a server's item problem lands on its field", () => {
    expect(bulkFieldOf('items.1.amount', 'each', accounts)).toEqual(['each', '2']);
    expect(bulkFieldOf('items.0.amount', 'same', accounts)).toEqual(['same']);
    expect(bulkFieldOf('items.9.amount', 'each', accounts)).toBeNull();
    expect(bulkFieldOf('memo', 'each', accounts)).toBeNull();
  });
});
