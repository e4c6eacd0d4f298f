import {
  EVENT_DIMENSION_METRICS,
  REPORT_METRICS,
  REPORT_RETENTION,
  REPORT_ROAS,
  type ReportDimension,
  type TReportAnswer,
  type TReportRow,
} from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import { fieldError, requireAds } from '../account-scope/scope';
import { utcRange } from '../clock/clock';
import type { MoneyView } from '../money-view/schedule';
import { moneyViewOf } from '../money-view/view';
import { assetFilter, type Deps, hourFilter, type LocalRollup } from '../statistics/queries/report-facts';
import { postgresStore as store } from '../statistics/store';

/**
 * The custom report (`POST /scaler/v3/report/custom`, issue 10): the statistics store grouped by any
 * of the dimensions of `REPORT_DIMENSIONS` over days of the request's time zone, filtered, sorted by any
 * dimension or metric, paged, with the row count and the totals row, in one statement.
 * The delivery facts come from `statistics/queries/report-facts.ts`; event columns from `tracking_hourly`, cohorts from
 * `stats_cohort`. Ratios are computed from the sums.
 */

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
 * The statement's name of an event column (the `i`th requested event): event ids are the account's
 * own words (a custom event may be called `e0`, or be 64 characters long, past PostgreSQL's 63-byte
 * names), so columns are named by position and renamed in the answer (`eventColumns`). Ids begin with a
 * letter, so these names, which begin with `_`, meet no other column.
 */
const eventAlias = (i: number, measure: 'pv' | 'uv' | 'pv_cpa' | 'uv_cpa') => `_e${i}_${measure}`;

/** Each requested event's four answer keys and the statement's names of them. */
const eventColumns = (events: readonly string[]) =>
  events.flatMap((e, i) =>
    (['pv', 'pv_cpa', 'uv', 'uv_cpa'] as const).map((m) => ({ key: `${e}_${m}`, column: eventAlias(i, m) })),
  );

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
          sql`sum(count) filter (where event_id = ${e}) as ${sql.raw(eventAlias(i, 'pv'))}, sum(uv) filter (where event_id = ${e}) as ${sql.raw(eventAlias(i, 'uv'))}`,
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
    /** Cost and `gmv_fee` as the caller sees them, per account-local day (`moneyViewOf`). */
    money: MoneyView;
    /** `tracking_hourly.basis` of the event columns: 2 request (click) time, 1 event time. */
    basis: 1 | 2;
    /** The account's zone and local rollup (`stats_daily_local`), when its days may serve. */
    own?: LocalRollup | null;
  },
): SQL {
  const { req } = deps;
  const adv = deps.advId as number;
  const dims = req.dimensions;
  const withFee = ctx.money.fee !== null;
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
      sum(f.revenue) as advertiser_revenue1, sum(f.revenue_final) as advertiser_final_revenue${
        withFee ? sql`, sum(f.fee) as fee_sum` : sql``
      }
    from (${store.factsOf(deps, ctx.offset, ctx.money, ctx.own ?? null)}) f
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
            ...(withFee ? ['fee_sum'] : []),
            ...events.flatMap((_, i) => [eventAlias(i, 'pv'), eventAlias(i, 'uv')]),
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
            .flatMap((_, i) =>
              (['pv', 'uv'] as const).map((m) => {
                const n = eventAlias(i, m);
                return `case when ${p}${n} > 0 then ${p}gmv / ${p}${n} else 0 end as ${eventAlias(i, `${m}_cpa`)}`;
              }),
            )
            .join(', ')}`,
        );
  const fee = withFee ? sql`fee_sum` : sql`null::numeric`;
  const ratios = (p: string) =>
    sql.raw(`case when ${p}impression > 0 then ${p}clicks::numeric / ${p}impression else 0 end as ctr,
      case when ${p}clicks > 0 then ${p}actives::numeric / ${p}clicks else 0 end as cvr,
      case when ${p}actives > 0 then ${p}gmv / ${p}actives else 0 end as cpi,
      case when ${p}impression > 0 then ${p}gmv * 1000 / ${p}impression else 0 end as ecpm`);
  const metricOrder = new Set<string>([
    ...REPORT_METRICS,
    ...(req.cohort ? [...REPORT_ROAS, ...REPORT_RETENTION] : []),
    ...(byEvent ? EVENT_DIMENSION_METRICS : []),
  ]);
  const sortKey = metricOrder.has(req.sort_field)
    ? req.sort_field
    : keys.includes(req.sort_field)
      ? req.sort_field
      : (eventColumns(events).find((c) => c.key === req.sort_field)?.column ?? null);
  if (sortKey === null || (sortKey === 'gmv_fee' && !withFee)) {
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
        (_, i) =>
          `, coalesce(sum(${eventAlias(i, 'pv')}), 0) as ${eventAlias(i, 'pv')}, coalesce(sum(${eventAlias(i, 'uv')}), 0) as ${eventAlias(i, 'uv')}`,
      ),
      ...(req.cohort ? COHORT_SUMS.map((c) => `, coalesce(sum(${c}), 0) as ${c}`) : []),
      ...(byEvent ? EVENT_DIMENSION_METRICS.map((c) => `, coalesce(sum(${c}), 0) as ${c}`) : []),
    ].join(''),
  );
  const order = sql`r.${sql.raw(sortKey)} ${dir} nulls last, ${tie}`;
  // One row of JSON: the page's rows in order and the totals. PGlite sends and parses one value instead
  // of a field per cell (5,000 rows × 20 columns), about half of a large page's time.
  return sql`with ${g}, ${gc},
    r as (select gc.*, ${fee} as gmv_fee, ${ratios('gc.')}${eventRatios('gc.')}${cohortRatios('gc.')} from gc),
    tot as (select count(*)::int as n, coalesce(sum(impression), 0) as impression, coalesce(sum(clicks), 0) as clicks,
      coalesce(sum(gmv), 0) as gmv, coalesce(sum(actives), 0) as actives,
      coalesce(sum(advertiser_revenue1), 0) as advertiser_revenue1,
      coalesce(sum(advertiser_final_revenue), 0) as advertiser_final_revenue${
        withFee ? sql`, coalesce(sum(fee_sum), 0) as fee_sum` : sql``
      }${eventSums} from gc),
    t as (select tot.*, ${fee} as gmv_fee, ${ratios('tot.')}${eventRatios('tot.')}${cohortRatios('tot.')} from tot),
    page as (select r.*${names.length > 0 ? sql`, ${sql.join(names, sql`, `)}` : sql``}
      from r order by ${order}
      limit ${req.page_size} offset ${(req.page - 1) * req.page_size})
    select (select coalesce(json_agg(r order by ${order}), '[]'::json) from page r) as rows,
      (select row_to_json(t) from t) as totals`;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The name column a dimension's rows carry (read for the page's rows only). */
const NAME_KEYS = [
  ['campaign_id', 'campaign_name'],
  ['adgroup_id', 'adgroup_name'],
  ['creative_id', 'creative_name'],
  ['app_id', 'app_name'],
  ['pixel_id', 'pixel_name'],
  ['event', 'event_name'],
] as const;

/** `POST /scaler/v3/report/custom`. */
export async function customReport(deps: Deps): Promise<TReportAnswer> {
  const adv = await requireAds(deps, 'ads.view');
  const money = moneyViewOf(adv, deps.mark);
  const basis = deps.reportType === 'event' ? 1 : 2;
  const query = reportQuery(
    { ...deps, advId: adv.adv_id },
    { offset: deps.timezone, money, basis, own: { zone: adv.timezone, from: adv.localStatsFrom } },
  );
  const result = await deps.db.execute(query);
  const [answer] = (result as unknown as { rows: { rows: unknown; totals: unknown }[] }).rows;
  // node-postgres parses the JSON; PGlite hands it over as text.
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const rows = json<Record<string, unknown>[]>(answer?.rows ?? '[]');
  const totalsRow = json<Record<string, unknown> | null>(answer?.totals ?? null) ?? undefined;
  // The answer's keys: dimensions and names as they are, metrics as numbers (money to six decimals),
  // event columns under their ids (`eventColumns`).
  const dims = deps.req.dimensions.map((d) => DIMENSION_KEYS[d]);
  const labels = [...dims, ...NAME_KEYS.filter(([dim]) => dims.includes(dim)).map(([, name]) => name)];
  const numeric = new Set(['campaign_id', 'adgroup_id', 'creative_id', 'os', 'hour']);
  const measures = [
    ...REPORT_METRICS.filter((m) => m !== 'gmv_fee' || money.fee !== null).map((m) => ({
      key: m as string,
      column: m as string,
      money: MONEY.has(m),
    })),
    ...eventColumns(deps.req.events).map((c) => ({ ...c, money: c.key.endsWith('_cpa') })),
    ...(deps.req.cohort ? [...REPORT_ROAS, ...REPORT_RETENTION] : []).map((m) => ({
      key: m,
      column: m,
      money: false,
    })),
    ...(deps.req.dimensions.includes('event') ? EVENT_DIMENSION_METRICS : []).map((m) => ({
      key: m as string,
      column: m as string,
      money: m === 'conversion_value',
    })),
  ];
  const metric = (from: Record<string, unknown>, into: Record<string, unknown> = {}) => {
    for (const { key, column, money } of measures) {
      const v = num(from[column]);
      into[key] = money ? Math.round(v * 1e6) / 1e6 : v;
    }
    return into as Record<string, number>;
  };
  const list = rows.map((r) => {
    const row: Record<string, unknown> = {};
    for (const k of labels) {
      const v = r[k];
      row[k] = numeric.has(k) && v !== null && v !== undefined ? Number(v) : v;
    }
    return metric(r, row) as TReportRow;
  });
  return {
    list,
    total: num(totalsRow?.n),
    totals: totalsRow ? metric(totalsRow) : metric({}),
  };
}
