import {
  EVENT_DIMENSION_METRICS,
  REPORT_METRICS,
  REPORT_RETENTION,
  REPORT_ROAS,
  type ReportDimension,
  type TReportAnswer,
  type TReportRequest,
  type TReportRow,
} from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import { addDays, localDayReads, rangeReads, utcRange } from '../campaigns/clock';
import { commissionFor, markupFor } from '../campaigns/list2';
import { costExpr } from '../campaigns/list2-metrics';
import { fieldError, type PerfDeps, requireAds } from '../campaigns/scope';

/**
 * The custom report (`POST /scaler/v3/report/custom`, issue 10): the statistics store grouped by any
 * of the dimensions of `REPORT_DIMENSIONS` over days of the request's time zone, filtered, sorted by any
 * dimension or metric, paged, with the row count and the totals row, in one statement.
 *
 * Where the facts come from (decisions 6: a day of a whole-hour zone is 24 whole UTC hours):
 * - by hour, or for some hours of the day: the hourly facts of the range;
 * - by day in UTC: the daily rollup;
 * - by day in another zone: the daily rollup of each day's base UTC day, corrected by the hours in
 *   which the two differ (at most 12 an hour of the day, each read once: `localDayReads`);
 * - without a time dimension: the whole UTC days inside the range from the daily rollup, and the hours
 *   of the partial days at its ends from the hourly facts, read the shorter way (`rangeReads`: added, or
 *   subtracted from the whole day).
 * Cost carries the Advertiser view's markup per UTC day (decisions 3); ratios are computed from the sums.
 */

type Deps = PerfDeps & { req: TReportRequest };

/** Dimension → the columns it adds to a row (the first is what it groups and sorts by). */
const DIMENSION_KEYS: Record<ReportDimension, string> = {
  date: 'date',
  hour: 'hour',
  campaign: 'campaign_id',
  adgroup: 'adgroup_id',
  creative: 'creative_id',
  country: 'country',
  os: 'os',
  bundle: 'bundle',
  app: 'app_id',
  pixel: 'pixel_id',
  event: 'event',
};

const MONEY = new Set(['gmv', 'gmv_fee', 'cpi', 'ecpm', 'advertiser_revenue1', 'advertiser_final_revenue']);

/**
 * The campaigns promoting the chosen apps and pixels, as a filter of `campaign_id` (`asText` for the
 * tracking tables, whose ids are text). Empty when neither is chosen.
 */
function assetFilter(deps: Deps, column: SQL, asText = false): SQL {
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
function hourFilter(req: TReportRequest, shift: SQL): SQL {
  return req.hours.length === 0
    ? sql``
    : sql`and extract(hour from (hour at time zone 'UTC') + ${shift})::int in (${sql.join(req.hours, sql`, `)})`;
}

/** The facts of the range as rows with the local date (`d`) and hour (`h`) of each, signed. */
function factsOf(deps: Deps, offset: number, markup: Parameters<typeof costExpr>[0]['markup']): SQL {
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
  const hourly = (from: Date, to: Date, sign: 1 | -1) => {
    const s = sign === 1 ? sql`` : sql`-`;
    const place = adLevel
      ? sql`''::text as bundle, ''::text as country, 0::smallint as os`
      : sql`bundle, country, os`;
    return sql`select campaign_id, adgroup_id, creative_id, ${place},
        to_char((hour at time zone 'UTC') + ${shift}, 'YYYY-MM-DD') as d,
        extract(hour from (hour at time zone 'UTC') + ${shift})::int as h,
        ${s}impressions as impressions, ${s}clicks as clicks,
        ${s}(${costExpr({ markup }, sql`(hour at time zone 'UTC')::date`)}) as cost,
        ${s}installs as installs, ${s}revenue as revenue, ${s}revenue_final as revenue_final
      from ${sql.raw(adLevel ? 'stats_hourly_ad' : 'stats_hourly')} where adv_id = ${adv}
        and hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz ${filters}
        ${hourFilter(req, shift)}`;
  };
  const daily = (first: string, afterLast: string) =>
    sql`select campaign_id, adgroup_id, creative_id, bundle, country, os,
        to_char(day, 'YYYY-MM-DD') as d, null::int as h,
        impressions, clicks, ${costExpr({ markup }, sql`day`)} as cost, installs, revenue, revenue_final
      from stats_daily where adv_id = ${adv}
        and day >= ${first}::date and day < ${afterLast}::date ${filters}`;
  // Days of another zone at the full grain: the daily rollup of each day's base UTC day, corrected by
  // the hours in which the two differ (each read once, added to one day and taken from the next:
  // `localDayReads`): a third of the hours at +08:00 plus the days. Per creative the hours are few
  // enough to read whole (bench:report: the corrections were 4 ms faster on PostgreSQL and 10 ms slower
  // on PGlite there).
  const local =
    dims.has('date') && !dims.has('hour') && req.hours.length === 0 && !adLevel
      ? localDayReads(req.start_date, req.end_date, offset)
      : null;
  if (local) {
    const place = adLevel
      ? sql`''::text as bundle, ''::text as country, 0::smallint as os`
      : sql`bundle, country, os`;
    const k = sql.raw(String(local.k));
    const base = sql`select campaign_id, adgroup_id, creative_id, ${place},
        to_char(day - ${k}, 'YYYY-MM-DD') as d, null::int as h,
        impressions, clicks, ${costExpr({ markup }, sql`day`)} as cost, installs, revenue, revenue_final
      from ${sql.raw(adLevel ? 'stats_daily_ad' : 'stats_daily')} where adv_id = ${adv}
        and day >= ${addDays(req.start_date, local.k)}::date and day <= ${addDays(req.end_date, local.k)}::date
        ${filters}`;
    if (local.hours.length === 0) return base;
    const hours = `{${local.hours.map((h) => h.toISOString()).join(',')}}`;
    const corrections = sql`select campaign_id, adgroup_id, creative_id, ${place}, s.d, null::int as h,
        s.sign * impressions as impressions, s.sign * clicks as clicks,
        s.sign * (${costExpr({ markup }, sql`(hour at time zone 'UTC')::date`)}) as cost,
        s.sign * installs as installs, s.sign * revenue as revenue, s.sign * revenue_final as revenue_final
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

/**
 * Conversions of the requested events (`tracking_hourly`, attributed to this account's ads: by request
 * or event time, the report type) grouped by the report's dimensions: total (`_pv`) and the sum of the
 * hours' unique users (`_uv`). Ids are text there; the filters match them as text.
 */
function eventsOf(deps: Deps, ctx: { offset: number; basis: 1 | 2 }): SQL {
  const { req } = deps;
  const range = utcRange(req.start_date, req.end_date, ctx.offset);
  const shift = sql.raw(`interval '${ctx.offset} minutes'`);
  const text = (ids: number[]) =>
    sql.join(
      ids.map((i) => sql`${String(i)}`),
      sql`, `,
    );
  const cols = req.dimensions.map((d) => {
    switch (d) {
      case 'date':
        return sql`to_char((hour at time zone 'UTC') + ${shift}, 'YYYY-MM-DD') as date`;
      case 'hour':
        return sql`extract(hour from (hour at time zone 'UTC') + ${shift})::int as hour`;
      case 'campaign':
        return sql`campaign_id::int as campaign_id`;
      case 'adgroup':
        return sql`case when adgroup_id ~ '^[0-9]{1,9}$' then adgroup_id::int end as adgroup_id`;
      case 'creative':
        return sql`case when creative_id ~ '^[0-9]{1,9}$' then creative_id::int end as creative_id`;
      case 'app':
        return sql`nullif(app_id, '') as app_id`;
      case 'pixel':
        return sql`nullif(pixel_id, '') as pixel_id`;
      case 'event':
        return sql`event_id as event`;
      default:
        return sql.raw(DIMENSION_KEYS[d]);
    }
  });
  const byEvent = req.dimensions.includes('event');
  const sums = byEvent
    ? [
        sql`0::bigint as impression, 0::bigint as clicks, 0::numeric as gmv, 0::bigint as actives,
          0::numeric as advertiser_revenue1, 0::numeric as advertiser_final_revenue,
          sum(count) as conversions, sum(uv) as conversion_users, sum(value) as conversion_value`,
      ]
    : req.events.map(
        (e, i) =>
          sql`sum(count) filter (where event_id = ${e}) as ${sql.raw(`e${i}_pv`)}, sum(uv) filter (where event_id = ${e}) as ${sql.raw(`e${i}_uv`)}`,
      );
  return sql`${sql.raw(byEvent ? 'g' : 'ev')} as (
    select ${sql.join(cols, sql`, `)}, ${sql.join(sums, sql`, `)}
    from tracking_hourly
    where adv_id = ${deps.advId as number} and kind = 3 and basis = ${ctx.basis}
      -- Attributed to this platform's campaigns (senders may pass ids of their own).
      and campaign_id ~ '^[0-9]{1,9}$'
      ${
        byEvent
          ? req.event_filter.length > 0
            ? sql`and event_id in (${sql.join(
                req.event_filter.map((e) => sql`${e}`),
                sql`, `,
              )})`
            : sql`and event_id <> ''`
          : sql`and event_id in (${sql.join(
              req.events.map((e) => sql`${e}`),
              sql`, `,
            )})`
      }
      and hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz
      ${req.campaign_ids.length ? sql`and campaign_id in (${text(req.campaign_ids)})` : sql``}
      ${req.adgroup_ids.length ? sql`and adgroup_id in (${text(req.adgroup_ids)})` : sql``}
      ${req.creative_ids.length ? sql`and creative_id in (${text(req.creative_ids)})` : sql``}
      ${req.countries.length ? sql`and country in (${sql.join(req.countries, sql`, `)})` : sql``}
      ${req.os.length ? sql`and os in (${sql.join(req.os, sql`, `)})` : sql``}
      ${req.bundles.length ? sql`and bundle in (${sql.join(req.bundles, sql`, `)})` : sql``}
      ${assetFilter(deps, sql`campaign_id`, true)} ${hourFilter(req, shift)}
    group by ${sql.raw(req.dimensions.map((_, i) => String(i + 1)).join(', '))})`;
}

/**
 * The cohorts of the installs (`stats_cohort`, by UTC install day) grouped by the report's dimensions:
 * revenue of the first 1, 3, 7 and 14 days (ROAS n = that over the row's cost) and the users active on
 * each day 0…30 (retention dn = that over the row's installs).
 */
function cohortOf(deps: Deps): SQL {
  const { req } = deps;
  const cols = req.dimensions.map((d) => {
    switch (d) {
      case 'date':
        return sql`to_char(k.install_day, 'YYYY-MM-DD') as date`;
      case 'app':
        return sql`c.app_id as app_id`;
      case 'pixel':
        return sql`c.pixel_id as pixel_id`;
      default:
        return sql.raw(`k.${DIMENSION_KEYS[d]} as ${DIMENSION_KEYS[d]}`);
    }
  });
  const needsCampaign = req.dimensions.includes('app') || req.dimensions.includes('pixel');
  const adv = deps.advId as number;
  const sums = [
    ...REPORT_ROAS.map((m) => `sum(k.revenue) filter (where k.day_n < ${Number(m.slice(4))}) as ${m}_rev`),
    ...REPORT_RETENTION.map(
      (m) => `sum(k.retained) filter (where k.day_n = ${Number(m.slice(1))}) as ${m}_users`,
    ),
  ];
  return sql`co as (
    select ${sql.join(cols, sql`, `)}, ${sql.raw(sums.join(', '))}
    from stats_cohort k
    ${needsCampaign ? sql`left join campaigns c on c.adv_id = ${adv} and c.id = k.campaign_id` : sql``}
    where k.adv_id = ${adv} and k.install_day >= ${req.start_date}::date and k.install_day <= ${req.end_date}::date
      ${req.campaign_ids.length ? sql`and k.campaign_id in (${sql.join(req.campaign_ids, sql`, `)})` : sql``}
      ${req.adgroup_ids.length ? sql`and k.adgroup_id in (${sql.join(req.adgroup_ids, sql`, `)})` : sql``}
      ${req.creative_ids.length ? sql`and k.creative_id in (${sql.join(req.creative_ids, sql`, `)})` : sql``}
      ${req.countries.length ? sql`and k.country in (${sql.join(req.countries, sql`, `)})` : sql``}
      ${req.os.length ? sql`and k.os in (${sql.join(req.os, sql`, `)})` : sql``}
      ${assetFilter(deps, sql`k.campaign_id`)}
    group by ${sql.raw(req.dimensions.map((_, i) => String(i + 1)).join(', '))})`;
}

const COHORT_SUMS = [...REPORT_ROAS.map((m) => `${m}_rev`), ...REPORT_RETENTION.map((m) => `${m}_users`)];

/** The report's statement (exported for the benchmark, which times it without HTTP). */
export function reportQuery(
  deps: Deps,
  ctx: {
    offset: number;
    markup: Parameters<typeof costExpr>[0]['markup'];
    commission: number | null;
    /** `tracking_hourly.basis` of the event columns: 2 request (click) time, 1 event time. */
    basis: 1 | 2;
  },
): SQL {
  const { req } = deps;
  const adv = deps.advId as number;
  const dims = req.dimensions;
  const needsCampaign = dims.includes('app') || dims.includes('pixel');
  const groupCols = dims.map((d) => {
    switch (d) {
      case 'date':
        return sql`f.d as date`;
      case 'hour':
        return sql`f.h as hour`;
      case 'app':
        return sql`c.app_id as app_id`;
      case 'pixel':
        return sql`c.pixel_id as pixel_id`;
      default:
        return sql`f.${sql.raw(DIMENSION_KEYS[d])} as ${sql.raw(DIMENSION_KEYS[d])}`;
    }
  });
  const keys = dims.map((d) => DIMENSION_KEYS[d]);
  const delivery = sql`d as (
    select ${sql.join(groupCols, sql`, `)},
      sum(f.impressions) as impression, sum(f.clicks) as clicks, sum(f.cost) as gmv, sum(f.installs) as actives,
      sum(f.revenue) as advertiser_revenue1, sum(f.revenue_final) as advertiser_final_revenue
    from (${factsOf(deps, ctx.offset, ctx.markup)}) f
    ${needsCampaign ? sql`left join campaigns c on c.adv_id = ${adv} and c.id = f.campaign_id` : sql``}
    group by ${sql.raw(dims.map((_, i) => String(i + 1)).join(', '))}
    having sum(f.impressions) <> 0 or sum(f.clicks) <> 0 or sum(f.cost) <> 0 or sum(f.installs) <> 0
      or sum(f.revenue) <> 0 or sum(f.revenue_final) <> 0)`;
  const events = req.events;
  const eventCte = events.length > 0 ? eventsOf(deps, ctx) : null;
  // With event columns: the delivery rows and the conversion rows joined on the dimensions (a row may
  // have either); measures a side lacks are 0.
  const zero = (c: string) => sql.raw(`coalesce(${c}, 0) as ${c}`);
  const byEvent = dims.includes('event');
  const g = byEvent
    ? eventsOf(deps, ctx)
    : eventCte
      ? sql`${delivery}, ${eventCte}, g as (
      select ${sql.raw(keys.join(', '))},
        ${sql.join(
          [
            'impression',
            'clicks',
            'gmv',
            'actives',
            'advertiser_revenue1',
            'advertiser_final_revenue',
            ...events.flatMap((_, i) => [`e${i}_pv`, `e${i}_uv`]),
          ].map(zero),
          sql`, `,
        )}
      from d full join ev using (${sql.raw(keys.join(', '))}))`
      : sql`${delivery}, g as (select * from d)`;
  // With cohorts: the rows joined to their cohorts' sums (a cohort without delivery in the range has no row).
  const gc = req.cohort
    ? sql`${cohortOf(deps)}, gc as (select g.*, ${sql.raw(COHORT_SUMS.map((c) => `co.${c}`).join(', '))}
        from g left join co using (${sql.raw(keys.join(', '))}))`
    : sql`gc as (select * from g)`;
  const cohortRatios = (p: string) =>
    req.cohort
      ? sql.raw(
          `, ${[
            ...REPORT_ROAS.map(
              (m) => `case when ${p}gmv > 0 then coalesce(${p}${m}_rev, 0) / ${p}gmv else 0 end as ${m}`,
            ),
            ...REPORT_RETENTION.map(
              (m) =>
                `case when ${p}actives > 0 then coalesce(${p}${m}_users, 0)::numeric / ${p}actives else 0 end as ${m}`,
            ),
          ].join(', ')}`,
        )
      : sql``;
  const eventRatios = (p: string) =>
    events.length === 0
      ? sql``
      : sql.raw(
          `, ${events
            .map(
              (
                e,
                i,
              ) => `${p}e${i}_pv as "${e}_pv", case when ${p}e${i}_pv > 0 then ${p}gmv / ${p}e${i}_pv else 0 end as "${e}_pv_cpa",
          ${p}e${i}_uv as "${e}_uv", case when ${p}e${i}_uv > 0 then ${p}gmv / ${p}e${i}_uv else 0 end as "${e}_uv_cpa"`,
            )
            .join(', ')}`,
        );
  const fee =
    ctx.commission === null ? sql`null::numeric` : sql`gmv * ${String(1 + ctx.commission)}::numeric`;
  const ratios = (p: string) =>
    sql.raw(`case when ${p}impression > 0 then ${p}clicks::numeric / ${p}impression else 0 end as ctr,
      case when ${p}clicks > 0 then ${p}actives::numeric / ${p}clicks else 0 end as cvr,
      case when ${p}actives > 0 then ${p}gmv / ${p}actives else 0 end as cpi,
      case when ${p}impression > 0 then ${p}gmv * 1000 / ${p}impression else 0 end as ecpm`);
  const metricOrder = new Set<string>([
    ...REPORT_METRICS,
    ...events.flatMap((e) => [`${e}_pv`, `${e}_pv_cpa`, `${e}_uv`, `${e}_uv_cpa`]),
    ...(req.cohort ? [...REPORT_ROAS, ...REPORT_RETENTION] : []),
    ...(byEvent ? EVENT_DIMENSION_METRICS : []),
  ]);
  const sortKey = metricOrder.has(req.sort_field)
    ? req.sort_field
    : keys.includes(req.sort_field)
      ? req.sort_field
      : null;
  if (sortKey === null || (sortKey === 'gmv_fee' && ctx.commission === null)) {
    throw fieldError('sort_field', 'validation.invalid');
  }
  const dir = sql.raw(req.sort_order === 'asc' ? 'asc' : 'desc');
  const tie = sql.raw(keys.map((k) => `r.${k} asc nulls last`).join(', '));
  const names = [
    keys.includes('campaign_id')
      ? sql`(select name from campaigns where adv_id = ${adv} and id = r.campaign_id) as campaign_name`
      : null,
    keys.includes('adgroup_id')
      ? sql`(select name from ad_groups where adv_id = ${adv} and id = r.adgroup_id) as adgroup_name`
      : null,
    keys.includes('creative_id')
      ? sql`(select name from creatives where adv_id = ${adv} and id = r.creative_id) as creative_name`
      : null,
    keys.includes('app_id') ? sql`(select name from apps where id = r.app_id) as app_name` : null,
    keys.includes('pixel_id') ? sql`(select name from pixels where id = r.pixel_id) as pixel_name` : null,
    // Custom events by their names (an id is unique across every app and pixel: at most one row).
    keys.includes('event')
      ? sql`(select event_name from app_events where adv_id = ${adv} and type = 2 and event_id = r.event
          union all select event_name from pixel_events where adv_id = ${adv} and type = 2 and event_id = r.event
          limit 1) as event_name`
      : null,
  ].filter((x): x is SQL => x !== null);
  const eventSums = sql.raw(
    [
      ...events.map(
        (_, i) => `, coalesce(sum(e${i}_pv), 0) as e${i}_pv, coalesce(sum(e${i}_uv), 0) as e${i}_uv`,
      ),
      ...(req.cohort ? COHORT_SUMS.map((c) => `, coalesce(sum(${c}), 0) as ${c}`) : []),
      ...(byEvent ? EVENT_DIMENSION_METRICS.map((c) => `, coalesce(sum(${c}), 0) as ${c}`) : []),
    ].join(''),
  );
  return sql`with ${g}, ${gc},
    r as (select gc.*, ${fee} as gmv_fee, ${ratios('gc.')}${eventRatios('gc.')}${cohortRatios('gc.')} from gc),
    tot as (select count(*)::int as n, coalesce(sum(impression), 0) as impression, coalesce(sum(clicks), 0) as clicks,
      coalesce(sum(gmv), 0) as gmv, coalesce(sum(actives), 0) as actives,
      coalesce(sum(advertiser_revenue1), 0) as advertiser_revenue1,
      coalesce(sum(advertiser_final_revenue), 0) as advertiser_final_revenue${eventSums} from gc),
    t as (select tot.*, ${fee} as gmv_fee, ${ratios('tot.')}${eventRatios('tot.')}${cohortRatios('tot.')} from tot)
    select r.*${names.length > 0 ? sql`, ${sql.join(names, sql`, `)}` : sql``},
      (select row_to_json(t) from t) as _totals
    from r
    order by r.${sql.raw(sortKey)} ${dir} nulls last, ${tie}
    limit ${req.page_size} offset ${(req.page - 1) * req.page_size}`;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** `POST /scaler/v3/report/custom`. */
export async function customReport(deps: Deps): Promise<TReportAnswer> {
  const adv = await requireAds(deps, 'ads.view');
  const markup = markupFor(deps, adv);
  const commission = await commissionFor(deps.db, deps.orgId, adv);
  const basis = deps.reportType === 'event' ? 1 : 2;
  const query = reportQuery(
    { ...deps, advId: adv.adv_id },
    { offset: deps.timezone, markup, commission, basis },
  );
  const result = await deps.db.execute(query);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  let totalsRow = rows[0]?._totals as Record<string, unknown> | undefined;
  if (!totalsRow) {
    // A page past the end: the count and totals still answer (one more statement, only then).
    const first = await deps.db.execute(
      reportQuery(
        { ...deps, advId: adv.adv_id, req: { ...deps.req, page: 1, page_size: 1 } },
        { offset: deps.timezone, markup, commission, basis },
      ),
    );
    totalsRow = (first as unknown as { rows: Record<string, unknown>[] }).rows[0]?._totals as
      | Record<string, unknown>
      | undefined;
  }
  const eventKeys = [
    ...deps.req.events.flatMap((e) => [`${e}_pv`, `${e}_pv_cpa`, `${e}_uv`, `${e}_uv_cpa`]),
    ...(deps.req.cohort ? [...REPORT_ROAS, ...REPORT_RETENTION] : []),
    ...(deps.req.dimensions.includes('event') ? EVENT_DIMENSION_METRICS : []),
  ];
  const metric = (from: Record<string, unknown>) => {
    const out: Record<string, number> = {};
    for (const m of REPORT_METRICS) {
      if (m === 'gmv_fee' && commission === null) continue;
      const v = num(from[m]);
      out[m] = MONEY.has(m) ? Math.round(v * 1e6) / 1e6 : v;
    }
    for (const k of eventKeys) {
      const v = num(from[k]);
      out[k] = k.endsWith('_cpa') || k === 'conversion_value' ? Math.round(v * 1e6) / 1e6 : v;
    }
    return out;
  };
  const list = rows.map((r) => {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (k === '_totals' || (REPORT_METRICS as readonly string[]).includes(k) || /^e\d+_(pv|uv)$/.test(k))
        continue;
      if (eventKeys.includes(k)) continue;
      row[k] =
        ['campaign_id', 'adgroup_id', 'creative_id', 'os', 'hour'].includes(k) && v !== null ? Number(v) : v;
    }
    return { ...row, ...metric(r) } as TReportRow;
  });
  return {
    list,
    total: num(totalsRow?.n),
    totals: totalsRow ? metric(totalsRow) : metric({}),
  };
}
