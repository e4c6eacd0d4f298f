import type { TReportRequest } from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PerfDeps } from '../../account-scope/scope';
import { addDays, isUtcZone, localDayReads, rangeReads, sameDays, utcRange, zoneOf } from '../../clock/clock';
import { dayCost, hourCost, localDaysOf, partialReads } from '../../money-view/cost-sql';
import type { MoneyView } from '../../money-view/schedule';
import { assertFullGrain } from '../partitions';

/**
 * Where a report's delivery facts come from (decisions 6: a day of a whole-hour zone is 24 whole UTC
 * hours), as rows with their local date and hour, signed:
 * - by hour, or for some hours of the day: the hourly facts of the range;
 * - by day in UTC: the daily rollup;
 * - by day in the account's own zone (not UTC), split by publisher, country or OS: the rollup by the
 *   account's local day (`stats_daily_local`), from the day it holds whole;
 * - by day in another zone: the daily rollup of each day's base UTC day, corrected by the hours in
 *   which the two differ (at most 12 an hour of the day, each read once: `localDayReads`);
 * - without a time dimension: the whole UTC days inside the range from the daily rollup, and the hours
 *   of the partial days at its ends from the hourly facts, read the shorter way (`rangeReads`: added, or
 *   subtracted from the whole day).
 * Not split or filtered by publisher, country or OS, the per-creative tables serve. Cost carries the
 * money view (markup in the Advertiser view; `fee`, for `gmv_fee`, when the center shows commission),
 * each account-local day at the version in force that day: hourly rows by their hour, daily rows by a
 * UTC day a version holds whole, and for a UTC day a version boundary falls inside (a non-UTC
 * account's midnight) the hours' difference added from the hourly facts in the day row's place.
 */

export type Deps = PerfDeps & { req: TReportRequest };

/** The account's zone as stored and the first day its local rollup holds whole (`local_stats_from`). */
export interface LocalRollup {
  zone: string;
  from: string;
}

/**
 * The campaigns promoting the chosen apps and pixels, as a filter of `campaign_id` (`asText` for the
 * tracking tables, whose ids are text). Empty when neither is chosen.
 */
export function assetFilter(deps: Deps, column: SQL, asText = false): SQL {
  const { req } = deps;
  const adv = deps.advId as number;
  const id = asText ? sql`id::text` : sql`id`;
  const of = (field: 'app_id' | 'pixel_id', ids: string[]) =>
    ids.length === 0
      ? sql``
      : sql`and ${column} in (select ${id} from campaigns where adv_id = ${adv}
          and ${sql.raw(field)} in (${sql.join(ids, sql`, `)}))`;
  return sql`${of('app_id', req.app_ids)} ${of('pixel_id', req.pixel_ids)}`;
}

/** Hours of the report's day (its time zone) as a filter of an `hour` timestamp column. */
export function hourFilter(req: TReportRequest, shift: SQL): SQL {
  return req.hours.length === 0
    ? sql``
    : sql`and extract(hour from (hour at time zone 'UTC') + ${shift})::int in (${sql.join(req.hours, sql`, `)})`;
}

/** The facts of the range as rows with the local date (`d`) and hour (`h`) of each, signed. */
export function factsOf(deps: Deps, offset: number, money: MoneyView, own: LocalRollup | null = null): SQL {
  const { req } = deps;
  const adv = deps.advId as number;
  const dims = new Set(req.dimensions);
  const range = utcRange(req.start_date, req.end_date, offset);
  const filters = sql.join(
    [
      req.campaign_ids.length ? sql`and campaign_id in (${sql.join(req.campaign_ids, sql`, `)})` : sql``,
      req.adgroup_ids.length ? sql`and adgroup_id in (${sql.join(req.adgroup_ids, sql`, `)})` : sql``,
      req.creative_ids.length ? sql`and creative_id in (${sql.join(req.creative_ids, sql`, `)})` : sql``,
      req.countries.length ? sql`and country in (${sql.join(req.countries, sql`, `)})` : sql``,
      req.os.length ? sql`and os in (${sql.join(req.os, sql`, `)})` : sql``,
      req.bundles.length ? sql`and bundle in (${sql.join(req.bundles, sql`, `)})` : sql``,
      assetFilter(deps, sql`campaign_id`),
    ],
    sql` `,
  );
  const shift = sql.raw(`interval '${offset} minutes'`);
  // Not split or filtered by publisher, country or OS: the per-creative hours serve (about 28 times
  // fewer rows than the full grain in bench:report).
  const adLevel =
    !dims.has('bundle') &&
    !dims.has('country') &&
    !dims.has('os') &&
    req.bundles.length === 0 &&
    req.countries.length === 0 &&
    req.os.length === 0;
  // gmv_fee's cost (only when the center shows commission).
  const feeOfHour = (s: SQL) => (money.fee === null ? sql`` : sql`, ${s}(${hourCost(money.fee)}) as fee`);
  const feeOfDay = money.fee === null ? sql`` : sql`, ${dayCost(money.fee)} as fee`;
  // The rows a daily read of the UTC days [first, afterLast) misses where a version of the money view
  // starts inside one of them: each such hour's cost times its ratio, in the place of the day's row
  // (its date less `k` days), from the hourly table of the same grain.
  const partialOf = (first: string, afterLast: string, k: number, perCreative: boolean) => {
    const p = partialReads(money, first, afterLast);
    if (!p) return sql``;
    if (!perCreative) assertFullGrain(new Date(`${first}T00:00:00Z`));
    const place = perCreative
      ? sql`''::text as bundle, ''::text as country, 0::smallint as os`
      : sql`bundle, country, os`;
    return sql`union all select campaign_id, adgroup_id, creative_id, ${place},
        to_char((hour at time zone 'UTC')::date - ${sql.raw(String(k))}, 'YYYY-MM-DD') as d, null::int as h,
        0 as impressions, 0 as clicks, ${p.cost} as cost, 0 as installs, 0 as revenue, 0 as revenue_final
        ${p.fee === null ? sql`` : sql`, ${p.fee} as fee`}
      from ${sql.raw(perCreative ? 'stats_hourly_ad' : 'stats_hourly')} where adv_id = ${adv} and ${p.where} ${filters}`;
  };
  const hourly = (from: Date, to: Date, sign: 1 | -1) => {
    if (!adLevel) assertFullGrain(from);
    const s = sign === 1 ? sql`` : sql`-`;
    const place = adLevel
      ? sql`''::text as bundle, ''::text as country, 0::smallint as os`
      : sql`bundle, country, os`;
    return sql`select campaign_id, adgroup_id, creative_id, ${place},
        to_char((hour at time zone 'UTC') + ${shift}, 'YYYY-MM-DD') as d,
        extract(hour from (hour at time zone 'UTC') + ${shift})::int as h,
        ${s}impressions as impressions, ${s}clicks as clicks,
        ${s}(${hourCost(money.cost)}) as cost,
        ${s}installs as installs, ${s}revenue as revenue, ${s}revenue_final as revenue_final${feeOfHour(s)}
      from ${sql.raw(adLevel ? 'stats_hourly_ad' : 'stats_hourly')} where adv_id = ${adv}
        and hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz ${filters}
        ${hourFilter(req, shift)}`;
  };
  const daily = (first: string, afterLast: string) =>
    sql`select campaign_id, adgroup_id, creative_id, bundle, country, os,
        to_char(day, 'YYYY-MM-DD') as d, null::int as h,
        impressions, clicks, ${dayCost(money.cost)} as cost, installs, revenue, revenue_final${feeOfDay}
      from stats_daily where adv_id = ${adv}
        and day >= ${first}::date and day < ${afterLast}::date ${filters}
      ${partialOf(first, afterLast, 0, false)}`;
  // Days of another zone at the full grain: the daily rollup of each day's base UTC day, corrected by
  // the hours in which the two differ (each read once, added to one day and taken from the next:
  // `localDayReads`): a third of the hours at +08:00 plus the days. Per creative the hours are few
  // enough to read whole (bench:report: the corrections were 4 ms faster on PostgreSQL and 10 ms slower
  // on PGlite there).
  const byLocalDay = dims.has('date') && !dims.has('hour') && req.hours.length === 0 && !adLevel;
  if (
    byLocalDay &&
    own &&
    !isUtcZone(own.zone) &&
    req.start_date >= own.from &&
    sameDays(own.zone, offset, req.start_date, req.end_date)
  ) {
    const days = localDaysOf(zoneOf(own.zone));
    const costOf = (spans: MoneyView['cost']) => dayCost(spans, sql`day`, sql`cost`, days);
    return sql`select campaign_id, adgroup_id, creative_id, bundle, country, os,
        to_char(day, 'YYYY-MM-DD') as d, null::int as h,
        impressions, clicks, ${costOf(money.cost)} as cost, installs, revenue,
        revenue_final${money.fee === null ? sql`` : sql`, ${costOf(money.fee)} as fee`}
      from stats_daily_local where adv_id = ${adv} and zone = ${own.zone}
        and day >= ${req.start_date}::date and day <= ${req.end_date}::date ${filters}`;
  }
  const local = byLocalDay ? localDayReads(req.start_date, req.end_date, offset) : null;
  if (local) {
    const place = adLevel
      ? sql`''::text as bundle, ''::text as country, 0::smallint as os`
      : sql`bundle, country, os`;
    const k = sql.raw(String(local.k));
    const base = sql`select campaign_id, adgroup_id, creative_id, ${place},
        to_char(day - ${k}, 'YYYY-MM-DD') as d, null::int as h,
        impressions, clicks, ${dayCost(money.cost)} as cost, installs, revenue, revenue_final${feeOfDay}
      from ${sql.raw(adLevel ? 'stats_daily_ad' : 'stats_daily')} where adv_id = ${adv}
        and day >= ${addDays(req.start_date, local.k)}::date and day <= ${addDays(req.end_date, local.k)}::date
        ${filters}
      ${partialOf(addDays(req.start_date, local.k), addDays(req.end_date, local.k + 1), local.k, adLevel)}`;
    if (local.hours.length === 0) return base;
    if (!adLevel) assertFullGrain(new Date(Math.min(...local.hours.map((h) => h.getTime()))));
    const hours = `{${local.hours.map((h) => h.toISOString()).join(',')}}`;
    const corrections = sql`select campaign_id, adgroup_id, creative_id, ${place}, s.d, null::int as h,
        s.sign * impressions as impressions, s.sign * clicks as clicks,
        s.sign * (${hourCost(money.cost)}) as cost,
        s.sign * installs as installs, s.sign * revenue as revenue, s.sign * revenue_final as revenue_final${feeOfHour(sql`s.sign * `)}
      from ${sql.raw(adLevel ? 'stats_hourly_ad' : 'stats_hourly')}
        cross join lateral (values
          (1, to_char((hour at time zone 'UTC') + ${shift}, 'YYYY-MM-DD')),
          (-1, to_char((hour at time zone 'UTC')::date - ${k}, 'YYYY-MM-DD'))) s(sign, d)
      where adv_id = ${adv} and hour = any(${hours}::timestamptz[])
        and s.d >= ${req.start_date} and s.d <= ${req.end_date} ${filters}`;
    return sql`${base} union all ${corrections}`;
  }
  // Hours of the day (a dimension or a filter) are not in the daily rollup.
  if (dims.has('hour') || req.hours.length > 0 || (dims.has('date') && offset % 1440 !== 0)) {
    return hourly(range.from, range.to, 1);
  }
  if (dims.has('date')) return daily(req.start_date, addDays(req.end_date, 1));
  const reads = rangeReads(range);
  const pieces = reads.hours.map((p) => hourly(p.from, p.to, p.sign));
  if (reads.dayFrom !== reads.dayTo) pieces.push(daily(reads.dayFrom, reads.dayTo));
  return sql.join(pieces, sql` union all `);
}
