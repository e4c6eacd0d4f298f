import type { PerfLevel } from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import { STATS_LEVEL } from '../../db/schema';
import { addDays, rangeReads, utcRange } from '../clock/clock';

/**
 * A list's metric sums per object over a range of days of a time zone (`m(k, impression, clicks, gmv,
 * actives, advertiser_revenue1, advertiser_final_revenue)`): the whole UTC days of the range from the
 * running totals (two lookups per object whatever the range's length), the partial UTC days at its
 * ends from the hourly facts, read the shorter way (`rangeReads`).
 */

export interface RangeContext {
  advId: number;
  level: PerfLevel;
  startDate: string;
  endDate: string;
  /** Minutes east of UTC of the report's days. */
  offset: number;
  /** The Advertiser view's markup: cost × (1 + ratio) on the UTC days of [start, end]. */
  markup: { ratio: number; start: string; end: string | null } | null;
}

const KEY = { campaign: 'campaign_id', adgroup: 'adgroup_id', creative: 'creative_id' } as const;

/** Cost with the markup of the window applied per row (the row's UTC day decides). */
export function costExpr(ctx: Pick<RangeContext, 'markup'>, dayColumn: SQL): SQL {
  const m = ctx.markup;
  if (!m) return sql`cost`;
  const inWindow =
    m.end === null
      ? sql`${dayColumn} >= ${m.start}::date`
      : sql`${dayColumn} between ${m.start}::date and ${m.end}::date`;
  return sql`case when ${inWindow} then cost * ${String(1 + m.ratio)}::numeric else cost end`;
}

/** The additive measures of the store, and what the list calls their sums. */
const MEASURES = {
  impressions: 'impression',
  clicks: 'clicks',
  cost: 'gmv',
  installs: 'actives',
  revenue: 'advertiser_revenue1',
  revenue_final: 'advertiser_final_revenue',
} as const;
type Measure = keyof typeof MEASURES;
const MEASURE_KEYS = Object.keys(MEASURES) as Measure[];

/**
 * The whole UTC days [first, last] per object from its running totals: the total through `last` minus
 * the total through the day before `first` (with a markup window, the window's days' cost once more
 * times the ratio). A total through day D is the object's `stats_cumulative` row of D (`alias`, one
 * index range of the account's level per day, `stats_cumulative_day`), its lifetime row `l` past its
 * last day, nothing before its first; the span in between is dense.
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
    const col = sql.raw(c);
    return sql`case when ${day}::date < l.first_day then 0 when ${day}::date >= l.last_day then l.${col} else ${r}.${col} end`;
  };
  const range = (from: string, to: string, c: Measure) =>
    sql`${totalAt(to, c)} - ${totalAt(addDays(from, -1), c)}`;
  const m = ctx.markup;
  // The markup window's days inside the range (`YYYY-MM-DD` sorts as text).
  const markFrom = m ? [first, m.start].sort()[1] : null;
  const markTo = m ? (m.end === null ? last : [last, m.end].sort()[0]) : null;
  const columns = MEASURE_KEYS.map((c) => {
    const sum = range(first, last, c);
    const marked =
      c === 'cost' && m && markFrom !== null && markTo !== null && markFrom <= markTo
        ? sql`${sum} + (${range(markFrom, markTo, c)}) * ${String(m.ratio)}::numeric`
        : sum;
    return sql`${marked} as ${sql.raw(c)}`;
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
 * hours of the partial days at its ends from `stats_hourly` (`rangeReads`; the markup decided per
 * hour's UTC day, as for the days).
 */
export function metricsCte(ctx: RangeContext): SQL {
  const reads = rangeReads(utcRange(ctx.startDate, ctx.endDate, ctx.offset));
  const key = sql.raw(KEY[ctx.level]);
  const pieces = reads.hours.map((e) => {
    const signed = (v: string) => (e.sign === 1 ? v : `-${v}`);
    const cost = costExpr(ctx, sql`(hour at time zone 'UTC')::date`);
    return sql`select ${key} as k, ${sql.raw(signed('impressions'))} as impressions, ${sql.raw(signed('clicks'))} as clicks,
        ${e.sign === 1 ? cost : sql`-(${cost})`} as cost, ${sql.raw(signed('installs'))} as installs,
        ${sql.raw(signed('revenue'))} as revenue, ${sql.raw(signed('revenue_final'))} as revenue_final
      from stats_hourly where adv_id = ${ctx.advId} and hour >= ${e.from.toISOString()}::timestamptz and hour < ${e.to.toISOString()}::timestamptz`;
  });
  // Grouped from rows sorted by object: a hash aggregate of ~10,000 objects with six sums each took
  // twice as long on PostgreSQL (bench/list.mjs at +08:00); the order keeps the planner on sorting.
  const hours = sql`select k, ${sql.raw(MEASURE_KEYS.map((c) => `sum(${c}) as ${c}`).join(', '))}
    from (select * from (${sql.join(pieces, sql` union all `)}) u order by k) f group by k`;
  const named = (from: string) =>
    sql.raw(MEASURE_KEYS.map((c) => `${from}.${c} as ${MEASURES[c]}`).join(', '));
  if (reads.dayFrom === reads.dayTo) return sql`m as (select h.k, ${named('h')} from (${hours}) h)`;
  const days = wholeDays(ctx, reads.dayFrom, addDays(reads.dayTo, -1));
  if (pieces.length === 0) return sql`m as (select d.k, ${named('d')} from (${days}) d)`;
  return sql`m as (
    select coalesce(d.k, h.k) as k, ${sql.raw(
      MEASURE_KEYS.map((c) => `coalesce(d.${c}, 0) + coalesce(h.${c}, 0) as ${MEASURES[c]}`).join(', '),
    )}
    from (${days}) d full join (${hours}) h on h.k = d.k)`;
}
