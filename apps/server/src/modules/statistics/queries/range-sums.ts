import type { PerfLevel } from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import { STATS_LEVEL } from '../../../db/schema';
import { addDays, rangeReads, utcRange } from '../../clock/clock';
import { hourCost, partialReads, wholeDayRanges } from '../../money-view/cost-sql';
import type { MoneyView } from '../../money-view/schedule';

/**
 * A list's metric sums per object over a range of days of a time zone (`m(k, impression, clicks, gmv,
 * actives, advertiser_revenue1, advertiser_final_revenue[, gmv_fee])`): the whole UTC days of the range from the
 * running totals (two lookups per object whatever the range's length), the partial UTC days at its
 * ends from the hourly facts, read the shorter way (`rangeReads`). Cost as the money view shows it
 * (`modules/money-view`), and `gmv_fee` beside it when the center shows commission.
 */

export interface RangeContext {
  advId: number;
  level: PerfLevel;
  startDate: string;
  endDate: string;
  /** Minutes east of UTC of the report's days. */
  offset: number;
  /** The markup (cost) and the commission (`gmv_fee`, null: not shown) per account-local day. */
  money: MoneyView;
}

const KEY = { campaign: 'campaign_id', adgroup: 'adgroup_id', creative: 'creative_id' } as const;

/** The additive measures of the store, and what the list calls their sums. */
const MEASURES = {
  impressions: 'impression',
  clicks: 'clicks',
  cost: 'gmv',
  installs: 'actives',
  revenue: 'advertiser_revenue1',
  revenue_final: 'advertiser_final_revenue',
  fee: 'gmv_fee',
} as const;
type Measure = keyof typeof MEASURES;
const measuresOf = (ctx: RangeContext) =>
  (Object.keys(MEASURES) as Measure[]).filter((c) => c !== 'fee' || ctx.money.fee !== null);

/**
 * The whole UTC days [first, last] per object from its running totals: the total through `last` minus
 * the total through the day before `first` (for the days the money view's spans hold whole, their
 * cost once more times the span's ratio). A total through day D is the object's `stats_cumulative` row
 * of D (`alias`, one index range of the account's level per day, `stats_cumulative_day`), its lifetime
 * row `l` past its last day, nothing before its first; the span in between is dense.
 */
function wholeDays(ctx: RangeContext, first: string, last: string): SQL {
  const adv = ctx.advId;
  const level = STATS_LEVEL[ctx.level];
  const lookups: { alias: string; day: string }[] = [];
  const totalAt = (day: string, c: Measure) => {
    let found = lookups.find((x) => x.day === day);
    if (!found) {
      found = { alias: `r${lookups.length}`, day };
      lookups.push(found);
    }
    const r = sql.raw(found.alias);
    const col = sql.raw(c === 'fee' ? 'cost' : c);
    return sql`case when ${day}::date < l.first_day then 0 when ${day}::date >= l.last_day then l.${col} else ${r}.${col} end`;
  };
  const range = (from: string, to: string, c: Measure) =>
    sql`${totalAt(to, c)} - ${totalAt(addDays(from, -1), c)}`;
  // Days a span holds whole: their cost once more times its ratio (`fee`: the cost column's days).
  const marked = (spans: MoneyView['cost'], c: Measure) =>
    wholeDayRanges(spans, first, last).reduce(
      (sum, w) => sql`${sum} + (${range(w.first, w.last, 'cost')}) * ${w.ratio}::numeric`,
      range(first, last, c),
    );
  const columns = measuresOf(ctx).map((c) => {
    const sum =
      c === 'cost'
        ? marked(ctx.money.cost, c)
        : c === 'fee'
          ? marked(ctx.money.fee ?? [], 'cost')
          : range(first, last, c);
    return sql`${sum} as ${sql.raw(c)}`;
  });
  const joins = lookups.map(
    ({ alias, day }) =>
      sql`left join stats_cumulative ${sql.raw(alias)} on ${sql.raw(alias)}.adv_id = ${adv} and ${sql.raw(alias)}.level = ${level}
        and ${sql.raw(alias)}.day = ${day}::date and ${sql.raw(alias)}.object_id = l.object_id`,
  );
  return sql`select l.object_id as k, ${sql.join(columns, sql`, `)}
    from stats_lifetime l ${sql.join(joins, sql` `)}
    where l.adv_id = ${adv} and l.level = ${level} and l.first_day <= ${last}::date`;
}

/**
 * The metric sums of the range per object: whole UTC days from the running totals, plus or minus the
 * hours of the partial days at its ends (`rangeReads`; cost by each hour's span), plus the hours inside
 * the whole days that a span covers only in part (a non-UTC account's local midnight where the money
 * view changes: `partialReads`), all from the per-creative hours `stats_hourly_ad`: kept for good, and
 * about 28 times fewer rows than the full grain, which a list does not split by.
 */
export function metricsCte(ctx: RangeContext): SQL {
  const reads = rangeReads(utcRange(ctx.startDate, ctx.endDate, ctx.offset));
  const key = sql.raw(KEY[ctx.level]);
  const keys = measuresOf(ctx);
  const where = (extra: SQL) => sql`from stats_hourly_ad where adv_id = ${ctx.advId} and ${extra}`;
  const pieces = reads.hours.map((e) => {
    const signed = (v: SQL) => (e.sign === 1 ? v : sql`-(${v})`);
    const value = (c: Measure) =>
      c === 'cost' ? hourCost(ctx.money.cost) : c === 'fee' ? hourCost(ctx.money.fee ?? []) : sql.raw(c);
    return sql`select ${key} as k, ${sql.join(
      keys.map((c) => sql`${signed(value(c))} as ${sql.raw(c)}`),
      sql`, `,
    )}
      ${where(sql`hour >= ${e.from.toISOString()}::timestamptz and hour < ${e.to.toISOString()}::timestamptz`)}`;
  });
  const partial = reads.dayFrom === reads.dayTo ? null : partialReads(ctx.money, reads.dayFrom, reads.dayTo);
  if (partial) {
    pieces.push(
      sql`select ${key} as k, ${sql.join(
        keys.map((c) => {
          const v = c === 'cost' ? partial.cost : c === 'fee' ? (partial.fee ?? sql`0`) : sql`0`;
          return sql`${v} as ${sql.raw(c)}`;
        }),
        sql`, `,
      )} ${where(partial.where)}`,
    );
  }
  // Grouped from rows sorted by object: a hash aggregate of ~10,000 objects with six sums each took
  // twice as long on PostgreSQL (bench/list.mjs at +08:00); the order keeps the planner on sorting.
  const hours = sql`select k, ${sql.raw(keys.map((c) => `sum(${c}) as ${c}`).join(', '))}
    from (select * from (${sql.join(pieces, sql` union all `)}) u order by k) f group by k`;
  const named = (from: string) => sql.raw(keys.map((c) => `${from}.${c} as ${MEASURES[c]}`).join(', '));
  if (reads.dayFrom === reads.dayTo) return sql`m as (select h.k, ${named('h')} from (${hours}) h)`;
  const days = wholeDays(ctx, reads.dayFrom, addDays(reads.dayTo, -1));
  if (pieces.length === 0) return sql`m as (select d.k, ${named('d')} from (${days}) d)`;
  return sql`m as (
    select coalesce(d.k, h.k) as k, ${sql.raw(
      keys.map((c) => `coalesce(d.${c}, 0) + coalesce(h.${c}, 0) as ${MEASURES[c]}`).join(', '),
    )}
    from (${days}) d full join (${hours}) h on h.k = d.k)`;
}
