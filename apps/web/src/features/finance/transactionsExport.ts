import type { TTransaction, TTransactions } from '@scaler/domain';
import { csvDocument } from '../../lib/csv';

/** The CSV export of the ledger: every row the filters give, newest first, at most this many. */
export const EXPORT_MAX_ROWS = 10_000;
/** The largest page the API answers. */
export const EXPORT_PAGE_SIZE = 100;

export interface CollectedRows {
  rows: TTransaction[];
  /** The filters give more rows than the export holds (it holds the newest `EXPORT_MAX_ROWS`). */
  truncated: boolean;
}

/**
 * Pages through the ledger (`fetchPage(page)`, newest first) until the last page or `max` rows. Rows
 * posted while it pages push older rows onto later pages: a row already taken (its id not below the
 * last one taken) is skipped, so none is written twice; rows posted after the first page are not
 * in the export, which shows the ledger as it stood when it began.
 */
export async function collectTransactions(
  fetchPage: (page: number, pageSize: number) => Promise<TTransactions>,
  max = EXPORT_MAX_ROWS,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<CollectedRows> {
  const rows: TTransaction[] = [];
  // The API counts up to 10,000 rows and says when there are more.
  let total = 0;
  let more = false;
  // Twice the pages the bound needs: room for rows skipped as taken already, never an endless loop.
  const lastPage = 2 * Math.ceil(max / pageSize);
  for (let page = 1; rows.length < max && page <= lastPage; page += 1) {
    const answer = await fetchPage(page, pageSize);
    if (page === 1) ({ total, more } = answer);
    for (const row of answer.list) {
      const last = rows[rows.length - 1];
      if (last && row.id >= last.id) continue;
      if (rows.length < max) rows.push(row);
    }
    if (answer.list.length < pageSize) break;
  }
  return { rows, truncated: more || total > rows.length };
}

export interface LedgerCsvText {
  headings: {
    time: string;
    wallet: string;
    account_id: string;
    kind: string;
    currency: string;
    amount: string;
    balance_after: string;
    reference: string;
    memo: string;
    by: string;
  };
  /** The center's own wallet, in the wallet column. */
  center: string;
  kind: (kind: string) => string;
  time: (iso: string) => string;
}

/** The rows as CSV: amounts exactly as the API gives them (signed decimal strings), no grouping. */
export function transactionsCsv(rows: readonly TTransaction[], text: LedgerCsvText): string {
  const h = text.headings;
  return csvDocument([
    [
      h.time,
      h.wallet,
      h.account_id,
      h.kind,
      h.currency,
      h.amount,
      h.balance_after,
      h.reference,
      h.memo,
      h.by,
    ],
    ...rows.map((r) => [
      text.time(r.time),
      r.adv_id === null ? text.center : (r.adv_name ?? ''),
      r.adv_id === null ? '' : String(r.adv_id),
      text.kind(r.kind),
      r.currency,
      r.amount,
      r.balance_after,
      r.reference,
      r.memo,
      r.by ?? '',
    ]),
  ]);
}
