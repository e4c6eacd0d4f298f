import * as z from 'zod/mini';
import { ZObjectId } from './assets';
import { ZCalendarDate, ZId } from './validation';

/**
 * Reports (issue 10; spec 2 `/report/*`, 3, 9; decisions 6): the custom report's dimensions, filters
 * and answer, read from the statistics store in the request's time zone and report type.
 */

/** What a custom report can group by. `date` and `hour` are days and hours of the request's time zone. */
export const REPORT_DIMENSIONS = [
  'date',
  'hour',
  'campaign',
  'adgroup',
  'creative',
  'country',
  'os',
  'bundle',
  'app',
  'pixel',
  'event',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** The report's additive measures and the ratios computed from their sums (never averaged). */
export const REPORT_METRICS = [
  'gmv',
  'gmv_fee',
  'impression',
  'clicks',
  'ctr',
  'cvr',
  'actives',
  'cpi',
  'ecpm',
  'advertiser_revenue1',
  'advertiser_final_revenue',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** Grouped by event, a report counts conversions (of this platform's campaigns) rather than delivery. */
export const EVENT_DIMENSION_METRICS = ['conversions', 'conversion_users', 'conversion_value'] as const;

/** Cohort columns: ROAS of the first n days, and the share of installs active on day n. */
export const REPORT_ROAS = ['roas1', 'roas3', 'roas7', 'roas14'] as const;
export const REPORT_RETENTION = Array.from({ length: 31 }, (_, n) => `d${n}`);

const ids = z._default(z.array(ZId).check(z.maxLength(200)), []);

export const ZReportRequest = z
  .object({
    start_date: ZCalendarDate,
    end_date: ZCalendarDate,
    dimensions: z.array(z.enum(REPORT_DIMENSIONS)).check(
      z.minLength(1, { message: 'validation.required' }),
      z.maxLength(5),
      z.refine((d) => new Set(d).size === d.length, { message: 'validation.duplicates' }),
    ),
    campaign_ids: ids,
    adgroup_ids: ids,
    creative_ids: ids,
    countries: z._default(
      z
        .array(z.string().check(z.regex(/^[A-Z]{2}$/, { message: 'validation.country' })))
        .check(z.maxLength(250)),
      [],
    ),
    os: z._default(z.array(z.union([z.literal(1), z.literal(2)])).check(z.maxLength(2)), []),
    bundles: z._default(
      z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(200)),
      [],
    ),
    /** Apps and pixels (24-hex asset ids): the rows of the campaigns that promote them. */
    app_ids: z._default(z.array(ZObjectId).check(z.maxLength(200)), []),
    pixel_ids: z._default(z.array(ZObjectId).check(z.maxLength(200)), []),
    /** Hours of the day (0–23) of the request's time zone. */
    hours: z._default(
      z.array(z.int().check(z.gte(0), z.lte(23))).check(
        z.maxLength(24),
        z.refine((h) => new Set(h).size === h.length, { message: 'validation.duplicates' }),
      ),
      [],
    ),
    /** Grouped by event: only these events (standard event types or custom event ids). */
    event_filter: z._default(
      z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/i))).check(z.maxLength(50)),
      [],
    ),
    /** Event columns (standard event types or custom event ids): `{e}_pv`, `_pv_cpa`, `_uv`, `_uv_cpa`. */
    events: z._default(
      z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/i))).check(
        z.maxLength(20),
        z.refine((e) => new Set(e).size === e.length, { message: 'validation.duplicates' }),
      ),
      [],
    ),
    /** ROAS (`roas1/3/7/14`) and retention (`d0`…`d30`) of the installs' cohorts: not by hour or publisher. */
    cohort: z._default(z.boolean(), false),
    /** A dimension or a metric; an event column is its id (up to 64 characters) and a suffix (`_uv_cpa`). */
    sort_field: z._default(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,70}$/i)), 'gmv'),
    sort_order: z._default(z.enum(['asc', 'desc']), 'desc'),
    page: z._default(z.int().check(z.gte(1), z.lte(100_000)), 1),
    /** Up to 5,000 rows a page: an export asks for what is shown, page by page. */
    page_size: z._default(z.int().check(z.gte(1), z.lte(5000)), 50),
  })
  .check(
    z.refine((r) => r.end_date >= r.start_date, { message: 'validation.date_order', path: ['end_date'] }),
    z.refine(
      (r) =>
        !r.cohort ||
        (!r.dimensions.includes('hour') &&
          !r.dimensions.includes('bundle') &&
          r.bundles.length === 0 &&
          r.hours.length === 0),
      { message: 'validation.cohort_grain', path: ['cohort'] },
    ),
    z.refine((r) => !r.dimensions.includes('event') || (!r.cohort && r.events.length === 0), {
      message: 'validation.event_dimension',
      path: ['dimensions'],
    }),
    z.refine((r) => r.event_filter.length === 0 || r.dimensions.includes('event'), {
      message: 'validation.event_filter',
      path: ['event_filter'],
    }),
    z.refine((r) => (Date.parse(r.end_date) - Date.parse(r.start_date)) / 86_400_000 <= 366, {
      message: 'validation.range_too_long',
      path: ['end_date'],
    }),
  );
export type TReportRequest = z.infer<typeof ZReportRequest>;
/** What a caller sends: every filter may be left out. */
export type TReportRequestInput = z.input<typeof ZReportRequest>;

/** A report row: its dimension values (ids with their names) and the metrics. */
export const ZReportRow = z.looseObject({
  date: z.optional(z.string()),
  hour: z.optional(z.int()),
  campaign_id: z.optional(z.int()),
  campaign_name: z.optional(z.string()),
  adgroup_id: z.optional(z.int()),
  adgroup_name: z.optional(z.string()),
  creative_id: z.optional(z.int()),
  creative_name: z.optional(z.string()),
  country: z.optional(z.string()),
  os: z.optional(z.int()),
  bundle: z.optional(z.string()),
  app_id: z.optional(z.nullable(z.string())),
  app_name: z.optional(z.nullable(z.string())),
  pixel_id: z.optional(z.nullable(z.string())),
  pixel_name: z.optional(z.nullable(z.string())),
  event: z.optional(z.string()),
  /** A custom event's name (standard events are named by the console in the reader's language). */
  event_name: z.optional(z.nullable(z.string())),
  gmv: z.number(),
  gmv_fee: z.optional(z.number()),
  impression: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  cvr: z.number(),
  actives: z.number(),
  cpi: z.number(),
  ecpm: z.number(),
  advertiser_revenue1: z.number(),
  advertiser_final_revenue: z.number(),
});
export type TReportRow = z.infer<typeof ZReportRow>;

export const ZReportAnswer = z.object({
  list: z.array(ZReportRow),
  total: z.int(),
  totals: z.record(z.string(), z.number()),
});
export type TReportAnswer = z.infer<typeof ZReportAnswer>;

/** `GET /scaler/v3/report/events?q=&ids=`: the account's custom events, to pick and to name columns. */
export const ZReportEventsQuery = z.object({
  q: z._default(z.string().check(z.maxLength(64)), ''),
  /** Comma-separated event ids to name (at most 50). */
  ids: z._default(z.string().check(z.maxLength(3300)), ''),
});
export const ZReportEvent = z.object({
  event_id: z.string(),
  event_name: z.string(),
  /** Where it is defined: an app (app event) or a pixel (web event). */
  source: z.enum(['app', 'pixel']),
  asset_name: z.string(),
});
export type TReportEvent = z.infer<typeof ZReportEvent>;

/** Report pages a template can be saved for. */
export const REPORT_TEMPLATE_PAGES = ['/report/index', '/report/hourly'] as const;
/** At most this many templates per user. */
export const REPORT_TEMPLATE_MAX = 50;

/** `POST /scaler/v3/report/templates`: the report's state as its URL query, without center and account. */
export const ZReportTemplateInput = z.object({
  page: z.enum(REPORT_TEMPLATE_PAGES),
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'validation.required' }),
      z.maxLength(60, { message: 'validation.too_long' }),
    ),
  query: z.string().check(
    z.maxLength(2000, { message: 'validation.too_long' }),
    z.refine((q) => !/(^|&)(org|adv)=/.test(q.replace(/^\?/, '')), { message: 'validation.invalid' }),
  ),
});
export type TReportTemplateInput = z.infer<typeof ZReportTemplateInput>;

export const ZReportTemplate = z.object({
  id: z.int(),
  page: z.string(),
  name: z.string(),
  query: z.string(),
  created_at: z.string(),
});
export type TReportTemplate = z.infer<typeof ZReportTemplate>;

/** `GET /scaler/v3/statis?start_date=&end_date=`: where the account stands (the home page). */
export const ZStatisQuery = z.object({ start_date: ZCalendarDate, end_date: ZCalendarDate }).check(
  z.refine((r) => r.end_date >= r.start_date, { message: 'validation.date_order', path: ['end_date'] }),
  z.refine((r) => (Date.parse(r.end_date) - Date.parse(r.start_date)) / 86_400_000 <= 366, {
    message: 'validation.range_too_long',
    path: ['end_date'],
  }),
);

const ZTotals = z.record(z.string(), z.number());
export const ZStatis = z.object({
  /** The range's totals and those of the same number of days just before it. */
  current: ZTotals,
  previous: ZTotals,
  previous_range: z.object({ start_date: z.string(), end_date: z.string() }),
  days: z.array(z.looseObject({ date: z.string() })),
  top_campaigns: z.array(z.looseObject({ campaign_id: z.int(), campaign_name: z.string() })),
  top_bundles: z.array(z.looseObject({ bundle: z.string() })),
  alerts: z.object({
    /** The account is stopped by its limit: money run out or today's cap reached (status 20). */
    account_limit_reached: z._default(z.boolean(), false),
    rejected_creatives: z.int(),
    campaigns_budget_reached: z.int(),
    adgroups_budget_reached: z.int(),
  }),
});
export type TStatis = z.infer<typeof ZStatis>;

/** `PUT /scaler/v3/bundle/list`: a named publisher list (create without `list_id`). */
export const ZBundleListInput = z.object({
  list_id: z.optional(ZId),
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'validation.required' }),
      z.maxLength(100, { message: 'validation.too_long' }),
    ),
  /** Publisher ids, one per line or comma separated (spec 5). */
  items: z.string().check(z.maxLength(1_000_000, { message: 'validation.too_long' })),
  /** Given twice is refused ("duplicates exist, please confirm") unless confirmed: then kept once. */
  confirm_duplicates: z._default(z.boolean(), false),
});
export type TBundleListInput = z.infer<typeof ZBundleListInput>;

export const ZBundleListSummary = z.object({
  list_id: z.int(),
  name: z.string(),
  count: z.int(),
  used_by: z.array(z.object({ adgroup_id: z.int(), name: z.string(), mode: z.int() })),
  updated_at: z.string(),
});
export type TBundleListSummary = z.infer<typeof ZBundleListSummary>;
export const ZBundleListDetail = z.extend(ZBundleListSummary, { items: z.array(z.string()) });
export type TBundleListDetail = z.infer<typeof ZBundleListDetail>;
export const ZBundleListPage = z.object({ list: z.array(ZBundleListSummary), total: z.int() });

export const ZApplyBundleListRequest = z.object({
  list_id: ZId,
  adgroup_ids: z.array(ZId).check(z.minLength(1), z.maxLength(100)),
  mode: z.union([z.literal(1), z.literal(2)]),
});
