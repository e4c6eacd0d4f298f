import type { EVENT_DIMENSION_METRICS, Locale, ReportMetric } from '@scaler/domain';
import { type ColumnFormat, formatValue } from '../campaigns/columns';

/** How each report metric is written (spec 9: money `$0,0.00` with two to four decimals, percentages with two). */
export const METRIC_FORMAT: Record<ReportMetric | (typeof EVENT_DIMENSION_METRICS)[number], ColumnFormat> = {
  conversions: 'count',
  conversion_users: 'count',
  conversion_value: 'money',
  gmv: 'money',
  gmv_fee: 'money',
  impression: 'count',
  clicks: 'count',
  ctr: 'percent',
  cvr: 'percent',
  actives: 'count',
  cpi: 'money',
  ecpm: 'money',
  advertiser_revenue1: 'money',
  advertiser_final_revenue: 'money',
};

/** Decimals of money (spec 9: two to four). */
export type MoneyDecimals = 2 | 3 | 4;

/**
 * The decimals of a money column, the same for every cell of it (and its total): the fewest of two to
 * four that show each value's first significant cents, so $0.0042 is not written $0.00 beside $12.30.
 */
export function moneyDecimals(values: Iterable<unknown>): MoneyDecimals {
  let decimals: MoneyDecimals = 2;
  for (const v of values) {
    const n = Math.abs(Number(v));
    if (!Number.isFinite(n) || n === 0) continue;
    if (n < 0.01) return 4;
    if (n < 0.1 && Math.round(n * 100) !== n * 100) decimals = 3;
  }
  return decimals;
}

/** Money with exactly `decimals` decimals: `$1,234.50`, `-$0.0042`. */
export function formatMoney(value: number, decimals: MoneyDecimals): string {
  const text = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${value < 0 ? '-' : ''}$${text}`;
}

/** A report cell: money with its column's decimals, the rest as the lists write them; empty is `—`. */
export function formatCell(
  format: ColumnFormat,
  value: unknown,
  locale: Locale,
  decimals: MoneyDecimals = 2,
): string {
  if (format === 'money' && value !== null && value !== undefined && value !== '')
    return formatMoney(Number(value), decimals);
  return formatValue(format, value, locale);
}

/** The decimals of each money column of rows and their totals (other columns: none). */
export function columnDecimals(
  columns: readonly { key: string; format: ColumnFormat }[],
  rows: readonly Record<string, unknown>[],
  totals?: Record<string, unknown>,
): Map<string, MoneyDecimals> {
  const out = new Map<string, MoneyDecimals>();
  for (const c of columns) {
    if (c.format !== 'money') continue;
    const values = rows.map((r) => r[c.key]);
    if (totals) values.push(totals[c.key]);
    out.set(c.key, moneyDecimals(values));
  }
  return out;
}
