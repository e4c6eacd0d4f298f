import { type SQL, sql } from 'drizzle-orm';
import { localDate, type Zone } from '../clock/clock';
import { factorOf, type MoneyView, partialHours, type Span, wholeUtcDays } from './schedule';

/**
 * The money view in SQL: cost of the store's rows as a report or list shows it. Hourly rows take the
 * ratio of the span their hour lies in; daily rows (UTC days) the ratio of a span that holds the whole
 * day, and the hours of the days a span only partly covers are added from the hourly facts
 * (`partialReads`), so every account-local day is charged at its own version.
 */

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Cost of rows by hour (`hour`, a timestamptz column). */
export function hourCost(spans: Span[], hour: SQL = sql`hour`, cost: SQL = sql`cost`): SQL {
  if (spans.length === 0) return cost;
  const whens = spans.map((s) => {
    const inSpan =
      s.to === null ? sql`${hour} >= ${at(s.from)}` : sql`${hour} >= ${at(s.from)} and ${hour} < ${at(s.to)}`;
    return sql`when ${inSpan} then ${cost} * ${factorOf(s.ratio)}::numeric`;
  });
  return sql`case ${sql.join(whens, sql` `)} else ${cost} end`;
}

/** The days of a span a daily row is multiplied in: [first, afterLast) (null: for good), or none. */
type DaysOf = (s: Span) => { first: string; afterLast: string | null } | null;

/**
 * Cost of rows by day (`day`, a date column): by UTC day (the default) only days a span holds whole are
 * multiplied; by the account's own day (`localDaysOf`) every day lies in one span.
 */
export function dayCost(
  spans: Span[],
  day: SQL = sql`day`,
  cost: SQL = sql`cost`,
  daysOf: DaysOf = wholeUtcDays,
): SQL {
  const whens = spans.flatMap((s) => {
    const w = daysOf(s);
    if (!w) return [];
    const inSpan =
      w.afterLast === null
        ? sql`${day} >= ${w.first}::date`
        : sql`${day} >= ${w.first}::date and ${day} < ${w.afterLast}::date`;
    return [sql`when ${inSpan} then ${cost} * ${factorOf(s.ratio)}::numeric`];
  });
  if (whens.length === 0) return cost;
  return sql`case ${sql.join(whens, sql` `)} else ${cost} end`;
}

/**
 * The days of a span by the account's own zone (`stats_daily_local`): versions start at the account's
 * local midnights, so each local day lies in one span.
 */
export const localDaysOf =
  (zone: Zone): DaysOf =>
  (s) => ({ first: localDate(s.from, zone), afterLast: s.to === null ? null : localDate(s.to, zone) });

function clip(r: { from: Date; to: Date }, from: Date | null, to: Date | null) {
  const a = from && from > r.from ? from : r.from;
  const b = to && to < r.to ? to : r.to;
  return a < b ? { from: a, to: b } : null;
}

/**
 * What daily rows of the UTC days [dayFrom, dayTo) miss: the hours of the days a span covers only in
 * part, as a filter of hourly rows (`where`) and the cost to add for each (`cost`; `fee` for
 * `gmv_fee`). Null when there are none (every span starts and ends at a UTC midnight).
 */
export function partialReads(
  view: MoneyView,
  dayFrom: string | null,
  dayTo: string | null,
  hour: SQL = sql`hour`,
  cost: SQL = sql`cost`,
): { where: SQL; cost: SQL; fee: SQL | null } | null {
  const lo = dayFrom === null ? null : new Date(`${dayFrom}T00:00:00Z`);
  const hi = dayTo === null ? null : new Date(`${dayTo}T00:00:00Z`);
  const pieces = (spans: Span[]) =>
    spans.flatMap((s) =>
      partialHours(s).flatMap((h) => {
        const c = clip(h, lo, hi);
        return c ? [{ ...c, ratio: s.ratio }] : [];
      }),
    );
  const costPieces = pieces(view.cost);
  const feePieces = view.fee ? pieces(view.fee) : [];
  if (costPieces.length === 0 && feePieces.length === 0) return null;
  const inRange = (p: { from: Date; to: Date }) => sql`(${hour} >= ${at(p.from)} and ${hour} < ${at(p.to)})`;
  const extra = (ps: { from: Date; to: Date; ratio: string }[]) =>
    ps.length === 0
      ? sql`0::numeric`
      : sql`case ${sql.join(
          ps.map((p) => sql`when ${inRange(p)} then ${cost} * ${p.ratio}::numeric`),
          sql` `,
        )} else 0::numeric end`;
  return {
    where: sql`(${sql.join([...costPieces, ...feePieces].map(inRange), sql` or `)})`,
    cost: extra(costPieces),
    fee: view.fee ? extra(feePieces) : null,
  };
}

/**
 * Cost of the UTC days [first, last] multiplied whole: for each span, the days of the range it holds
 * whole (inclusive), for sums read per day range (the lists' running totals).
 */
export function wholeDayRanges(spans: Span[], first: string, last: string) {
  return spans.flatMap((s) => {
    const w = wholeUtcDays(s);
    if (!w) return [];
    const a = w.first > first ? w.first : first;
    const lastWhole =
      w.afterLast === null
        ? last
        : new Date(Date.parse(`${w.afterLast}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const b = lastWhole < last ? lastWhole : last;
    return a <= b ? [{ first: a, last: b, ratio: s.ratio }] : [];
  });
}
