import * as z from 'zod/mini';
import {
  type BIDDING_TYPE,
  type BILLING_TYPE,
  CAMPAIGN_TYPES,
  CREATIVE_TYPES,
  type DeliveryStatus,
  type LINK_TYPE,
  STATUS_FILTERS,
} from './codes';
import { listEntries } from './text';
import { ZCalendarDate, ZId } from './validation';

/**
 * Campaigns, ad groups and creatives (issue 9; spec 3, 4, 5, 7 "Campaign and performance", 9): the code
 * tables beyond `codes.ts`, the rules a payload must satisfy (shared by the server and the console's
 * forms) and the shapes of the answers. The wire speaks the spec's names (`campaign_budget`,
 * `ad_group_budget`, `bid_price`, `promote_goal`, ...); money travels as numbers with at most four
 * decimals and is stored as `numeric`.
 */

export type BiddingType = (typeof BIDDING_TYPE)[keyof typeof BIDDING_TYPE];
export const BIDDING_TYPES = [1, 2, 3, 4, 6, 7, 8] as const satisfies readonly BiddingType[];
export type BillingType = (typeof BILLING_TYPE)[keyof typeof BILLING_TYPE];
export const BILLING_TYPES = [1, 2, 3] as const satisfies readonly BillingType[];
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export type CreativeType = (typeof CREATIVE_TYPES)[number];
export type LinkType = (typeof LINK_TYPE)[keyof typeof LINK_TYPE];

/** The three levels of the `/perf` lists and of `PATCH`/`PUT /scaler/v3/{resource}`. */
export const PERF_LEVELS = ['campaign', 'adgroup', 'creative'] as const;
export type PerfLevel = (typeof PERF_LEVELS)[number];

/**
 * What a campaign promotes (`promote_goal`): app installs and in-app actions for app campaigns (link
 * type 1), conversions and traffic on a website for link campaigns (link type 2).
 */
export const PROMOTE_GOALS = ['app_install', 'app_event', 'web_conversion', 'web_traffic'] as const;
export type PromoteGoal = (typeof PROMOTE_GOALS)[number];
export const PROMOTE_GOALS_BY_LINK: Record<LinkType, readonly PromoteGoal[]> = {
  1: ['app_install', 'app_event'],
  2: ['web_conversion', 'web_traffic'],
};

/**
 * Bidding × billing combinations a DSP allows (documented in the user guide): the advertiser pays per
 * impression for every strategy, and may instead pay for the outcome it bids on (CPI bidding billed
 * per install, CPA bidding billed per optimised event). CPC and the ROAS strategies bill per impression.
 */
export const ALLOWED_BILLING: Record<BiddingType, readonly BillingType[]> = {
  1: [1],
  2: [1],
  3: [1, 3],
  4: [1, 2],
  6: [1],
  7: [1],
  8: [1],
};
/** Strategies that optimise towards events: they need at least one optimisation event with a bid. */
export const EVENT_BIDDING_TYPES: readonly BiddingType[] = [3, 6, 7, 8];
/** Strategies only app campaigns (link type 1) can use. */
export const APP_ONLY_BIDDING_TYPES: readonly BiddingType[] = [4, 6, 7, 8];

/** Creative review status: 0 draft (not submitted), 1 in review, 2 rejected, 3 approved. */
export const REVIEW_STATUS = { draft: 0, review: 1, rejected: 2, approved: 3 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

/** An ad group's publisher list: none, an allow list, or a block list. */
export const BUNDLE_LIST_MODE = { none: 0, allow: 1, block: 2 } as const;

/** Change history (`GET /scaler/v3/log/list`, `utils/log_type`). */
export const LOG_OBJECT = { campaign: 1, adgroup: 2, creative: 3 } as const;
export const LOG_ACTIONS = [
  'create',
  'update',
  'enable',
  'pause',
  'delete',
  'commit',
  'approve',
  'reject',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** Money limits of bids and budgets (account currency). */
export const MONEY_LIMITS = { minBid: 0.01, maxBid: 10_000, minBudget: 1, maxBudget: 100_000_000 } as const;

/** A money amount with at most four decimals, within [min, max]. */
export function ZMoney(min: number, max: number) {
  return z.number({ error: 'validation.money' }).check(
    z.gte(min, { message: 'validation.money_range' }),
    z.lte(max, { message: 'validation.money_range' }),
    z.refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, {
      message: 'validation.money_decimals',
    }),
  );
}

/**
 * One bid or one budget amount under the rule of the forms (`ZMoney` with the limits of
 * `MONEY_LIMITS`), for an amount edited alone (the lists' inline edits): `{ value }`.
 */
export const ZBidAmount = z.object({ value: ZMoney(MONEY_LIMITS.minBid, MONEY_LIMITS.maxBid) });
export const ZBudgetAmount = z.object({ value: ZMoney(MONEY_LIMITS.minBudget, MONEY_LIMITS.maxBudget) });

/** Overbid (spec 5): a whole percentage greater than -100 and not 0. */
export function isValidOverbid(percent: number): boolean {
  return Number.isInteger(percent) && percent > -100 && percent !== 0 && percent <= 1000;
}

/**
 * A publisher id (spec 5, "publisher ID lists"): an app store id (digits, optionally `id` first), a
 * package or bundle name (`com.example.game`), or a site domain. Letters, digits, dots, underscores
 * and hyphens, 1 to 200 characters, starting with a letter or digit.
 */
const PUBLISHER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export function isValidPublisherId(id: string): boolean {
  return id.length <= 200 && PUBLISHER_ID.test(id);
}

export interface ParsedPublisherList {
  /** Distinct valid ids in the order first seen. */
  items: string[];
  /** Ids given more than once (each listed once). */
  duplicates: string[];
  /** Entries that are not publisher ids. */
  invalid: string[];
}

/**
 * Parses a publisher id list: one per line or comma separated (spec 5), duplicates flagged. One pass
 * over the text (`listEntries`), whatever runs of separators or spaces it holds.
 */
export function parsePublisherList(text: string): ParsedPublisherList {
  const seen = new Set<string>();
  const dup = new Set<string>();
  const items: string[] = [];
  const invalid: string[] = [];
  for (const id of listEntries(text, '\n,，\r')) {
    if (!isValidPublisherId(id)) {
      invalid.push(id);
      continue;
    }
    if (seen.has(id)) dup.add(id);
    else {
      seen.add(id);
      items.push(id);
    }
  }
  return { items, duplicates: [...dup], invalid };
}

/** Dayparting grid: 168 characters `0`/`1`, Monday 00:00 first, in the account's time zone. */
export const DAYPARTING_LENGTH = 7 * 24;
export const ZDayparting = z.string().check(z.regex(/^[01]{168}$/, { message: 'validation.dayparting' }));

const ZName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.maxLength(100, { message: 'validation.too_long' }),
  );
const ZBudgetType = z.nullable(z.union([z.literal(0), z.literal(1)]));

/** `PUT /scaler/v3/campaign` (create without `campaign_id`, edit with it). */
export const ZCampaignInput = z
  .object({
    campaign_id: z.optional(ZId),
    name: ZName,
    campaign_type: z.enum(CAMPAIGN_TYPES),
    promote_goal: z.enum(PROMOTE_GOALS),
    os: z.union([z.literal(1), z.literal(2)]),
    link_type: z.union([z.literal(1), z.literal(2)]),
    app_id: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
    pixel_id: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
    landing_url: z._default(z.nullable(z.string().check(z.maxLength(2048))), null),
    budget_type: z._default(ZBudgetType, null),
    campaign_budget: z._default(z.nullable(ZMoney(MONEY_LIMITS.minBudget, MONEY_LIMITS.maxBudget)), null),
  })
  .check(
    z.refine((c) => (c.budget_type === null) === (c.campaign_budget === null), {
      message: 'validation.budget_pair',
      path: ['campaign_budget'],
    }),
    z.refine((c) => PROMOTE_GOALS_BY_LINK[c.link_type].includes(c.promote_goal), {
      message: 'validation.promote_goal_link',
      path: ['promote_goal'],
    }),
    z.refine((c) => c.link_type !== 1 || (c.app_id !== null && c.app_id !== ''), {
      message: 'validation.required',
      path: ['app_id'],
    }),
    z.refine(
      (c) => c.link_type !== 2 || (c.landing_url !== null && /^https?:\/\/\S+$/i.test(c.landing_url)),
      {
        message: 'validation.url',
        path: ['landing_url'],
      },
    ),
    z.refine((c) => c.link_type !== 2 || (c.pixel_id !== null && c.pixel_id !== ''), {
      message: 'validation.required',
      path: ['pixel_id'],
    }),
  );
export type TCampaignInput = z.infer<typeof ZCampaignInput>;

export const ZOptimisationEvent = z.object({
  event_id: z.string().check(z.minLength(1), z.maxLength(64)),
  bid: ZMoney(MONEY_LIMITS.minBid, MONEY_LIMITS.maxBid),
});

export const ZOverbid = z.object({
  bundle: z.string().check(z.refine(isValidPublisherId, { message: 'validation.publisher_id' })),
  percent: z.number().check(z.refine(isValidOverbid, { message: 'validation.overbid' })),
});

/** `PUT /scaler/v3/adgroup` (create with `campaign_id`, edit with `adgroup_id`). */
export const ZAdGroupInput = z
  .object({
    adgroup_id: z.optional(ZId),
    campaign_id: ZId,
    name: ZName,
    bidding_type: z.union(BIDDING_TYPES.map((v) => z.literal(v))),
    billing_type: z.union(BILLING_TYPES.map((v) => z.literal(v))),
    bid_price: ZMoney(MONEY_LIMITS.minBid, MONEY_LIMITS.maxBid),
    events: z._default(z.array(ZOptimisationEvent).check(z.maxLength(20)), []),
    budget_type: z._default(ZBudgetType, null),
    ad_group_budget: z._default(z.nullable(ZMoney(MONEY_LIMITS.minBudget, MONEY_LIMITS.maxBudget)), null),
    schedule_type: z._default(z.union([z.literal(0), z.literal(1)]), 0),
    start_date: z._default(z.nullable(ZCalendarDate), null),
    end_date: z._default(z.nullable(ZCalendarDate), null),
    dayparting_type: z._default(z.union([z.literal(0), z.literal(1)]), 0),
    dayparting: z._default(z.nullable(ZDayparting), null),
    countries: z._default(
      z
        .array(z.string().check(z.regex(/^[A-Z]{2}$/, { message: 'validation.country' })))
        .check(z.maxLength(250)),
      [],
    ),
    min_os_version: z._default(z.string().check(z.regex(/^(\d{1,2}(\.\d{1,2}){0,2})?$/)), ''),
    audience_include: z._default(z.array(ZId).check(z.maxLength(20)), []),
    audience_exclude: z._default(z.array(ZId).check(z.maxLength(20)), []),
    bundle_mode: z._default(z.union([z.literal(0), z.literal(1), z.literal(2)]), 0),
    bundles: z._default(
      z
        .array(z.string().check(z.refine(isValidPublisherId, { message: 'validation.publisher_id' })))
        .check(z.maxLength(10_000)),
      [],
    ),
    overbids: z._default(z.array(ZOverbid).check(z.maxLength(1000)), []),
    search_arbitrage: z._default(z.boolean(), false),
  })
  .check(
    z.refine((g) => ALLOWED_BILLING[g.bidding_type].includes(g.billing_type), {
      message: 'validation.billing_type',
      path: ['billing_type'],
    }),
    z.refine((g) => new Set(g.events.map((e) => e.event_id)).size === g.events.length, {
      message: 'validation.event_bid_once',
      path: ['events'],
    }),
    z.refine((g) => !EVENT_BIDDING_TYPES.includes(g.bidding_type) || g.events.length > 0, {
      message: 'validation.events_required',
      path: ['events'],
    }),
    z.refine((g) => (g.budget_type === null) === (g.ad_group_budget === null), {
      message: 'validation.budget_pair',
      path: ['ad_group_budget'],
    }),
    z.refine((g) => g.schedule_type === 0 || (g.start_date !== null && g.end_date !== null), {
      message: 'validation.required',
      path: ['end_date'],
    }),
    z.refine((g) => g.start_date === null || g.end_date === null || g.end_date >= g.start_date, {
      message: 'validation.date_order',
      path: ['end_date'],
    }),
    z.refine((g) => g.dayparting_type === 0 || g.dayparting?.includes('1'), {
      message: 'validation.dayparting',
      path: ['dayparting'],
    }),
    z.refine((g) => new Set(g.bundles).size === g.bundles.length, {
      message: 'validation.duplicates',
      path: ['bundles'],
    }),
    z.refine((g) => new Set(g.overbids.map((o) => o.bundle)).size === g.overbids.length, {
      message: 'validation.duplicates',
      path: ['overbids'],
    }),
  );
export type TAdGroupInput = z.infer<typeof ZAdGroupInput>;

/** A delivery status's levels (spec 4 "allowed status filters"). */
export function allowedStatusFilters(level: PerfLevel): readonly DeliveryStatus[] {
  return STATUS_FILTERS[level];
}

/** The settings columns of spec 3 ("Settings") and the sortable metrics, as list2 answers them. */
export const SETTINGS_COLUMNS = [
  'promote_goal',
  'term_type',
  'bid_price',
  'campaign_budget',
  'ad_group_budget',
  'updated_time',
  'created_time',
] as const;
export const BASIC_METRICS = ['gmv', 'gmv_fee', 'impression', 'clicks', 'ctr', 'cvr', 'actives'] as const;
export const ROAS_METRICS = ['roas1', 'roas3', 'roas7', 'roas14'] as const;
export const REVENUE_METRICS = ['advertiser_revenue1', 'advertiser_final_revenue'] as const;
/** Per event: `{key}_pv`, `{key}_pv_cpa`, `{key}_uv`, `{key}_uv_cpa` (spec 3). */
export const EVENT_METRIC_SUFFIXES = ['_pv', '_pv_cpa', '_uv', '_uv_cpa'] as const;

/** A metric key list2 may sort by: the fixed ones, or an event column. */
const METRIC_KEY = /^[a-z][a-z0-9_]{0,63}$/i;
export const ZSortField = z.string().check(z.regex(METRIC_KEY));

/** `POST /scaler/v3/{level}/list2`. Dates are days of the request's `timezone` header. */
export const ZList2Request = z
  .object({
    page: z._default(z.int().check(z.gte(1), z.lte(100_000)), 1),
    page_size: z._default(z.int().check(z.gte(1), z.lte(500)), 20),
    start_date: ZCalendarDate,
    end_date: ZCalendarDate,
    status: z._default(z.array(z.int()).check(z.maxLength(20)), []),
    search: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
    campaign_ids: z._default(z.array(ZId).check(z.maxLength(100)), []),
    adgroup_ids: z._default(z.array(ZId).check(z.maxLength(100)), []),
    sort_field: z._default(ZSortField, 'created_time'),
    sort_order: z._default(z.enum(['asc', 'desc']), 'desc'),
    /** Event columns wanted (event types or event ids); the fixed metrics always come. */
    events: z._default(z.array(z.string().check(z.regex(METRIC_KEY))).check(z.maxLength(50)), []),
  })
  .check(
    z.refine((r) => r.end_date >= r.start_date, { message: 'validation.date_order', path: ['end_date'] }),
  );
export type TList2Request = z.infer<typeof ZList2Request>;

/**
 * A list2 row: the object's settings, its delivery status and its metrics (numbers; money rounded to
 * six decimals, ratios computed after summing). Event columns are added under their own keys.
 */
export const ZList2Row = z.looseObject({
  campaign_id: z.int(),
  campaign_name: z.string(),
  adgroup_id: z.optional(z.int()),
  adgroup_name: z.optional(z.string()),
  creative_id: z.optional(z.int()),
  creative_name: z.optional(z.string()),
  /** The switch: 1 on, 0 paused. */
  opt_status: z.union([z.literal(0), z.literal(1)]),
  /** Spec 4 delivery status. */
  status: z.int(),
  /** Whether the object ever had an impression (an approved, active one without any is waiting for traffic). */
  delivered: z.boolean(),
  gmv: z.number(),
  gmv_fee: z.optional(z.number()),
  impression: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  cvr: z.number(),
  actives: z.number(),
});
export type TList2Row = z.infer<typeof ZList2Row>;

export const ZList2Answer = z.object({
  list: z.array(ZList2Row),
  total: z.int(),
  totals: z.record(z.string(), z.number()),
  /** The names of the parents the list is filtered by (`campaign_ids`, `adgroup_ids`) of the account. */
  parents: z.object({
    campaigns: z.array(z.object({ id: z.int(), name: z.string() })),
    adgroups: z.array(z.object({ id: z.int(), name: z.string() })),
  }),
});
export type TList2Answer = z.infer<typeof ZList2Answer>;

const ZStamp = z.string();

/** `GET /scaler/v3/campaign?campaign_id=` and each campaign the create flow and edit forms read. */
export const ZCampaignDetail = z.object({
  campaign_id: z.int(),
  adv_id: z.int(),
  name: z.string(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
  promote_goal: z.enum(PROMOTE_GOALS),
  os: z.int(),
  link_type: z.int(),
  app_id: z.nullable(z.string()),
  pixel_id: z.nullable(z.string()),
  landing_url: z.nullable(z.string()),
  budget_type: z.nullable(z.int()),
  campaign_budget: z.nullable(z.number()),
  opt_status: z.union([z.literal(0), z.literal(1)]),
  status: z.int(),
  deleted: z.boolean(),
  created_time: ZStamp,
  updated_time: ZStamp,
});
export type TCampaignDetail = z.infer<typeof ZCampaignDetail>;

export const ZAdGroupDetail = z.object({
  adgroup_id: z.int(),
  campaign_id: z.int(),
  adv_id: z.int(),
  name: z.string(),
  bidding_type: z.int(),
  billing_type: z.int(),
  bid_price: z.number(),
  events: z.array(z.object({ event_id: z.string(), bid: z.number() })),
  budget_type: z.nullable(z.int()),
  ad_group_budget: z.nullable(z.number()),
  schedule_type: z.int(),
  start_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
  dayparting_type: z.int(),
  dayparting: z.nullable(z.string()),
  countries: z.array(z.string()),
  min_os_version: z.string(),
  audience_include: z.array(z.int()),
  audience_exclude: z.array(z.int()),
  bundle_mode: z.int(),
  bundles: z.array(z.string()),
  overbids: z.array(z.object({ bundle: z.string(), percent: z.number() })),
  search_arbitrage: z.boolean(),
  opt_status: z.union([z.literal(0), z.literal(1)]),
  status: z.int(),
  deleted: z.boolean(),
  created_time: ZStamp,
  updated_time: ZStamp,
});
export type TAdGroupDetail = z.infer<typeof ZAdGroupDetail>;

/** One material of a creative as the server read it from the file's bytes. */
export const ZCreativeMaterial = z.object({
  role: z.enum(['image', 'icon', 'video', 'endcard']),
  file: z.string(),
  /** Where the console can show it (a path on this server). */
  url: z.string(),
  mime: z.string(),
  size: z.int(),
  width: z.optional(z.int()),
  height: z.optional(z.int()),
  duration: z.optional(z.number()),
  bitrate: z.optional(z.number()),
});
export type TCreativeMaterial = z.infer<typeof ZCreativeMaterial>;

export const ZCreativeDetail = z.object({
  creative_id: z.int(),
  adgroup_id: z.int(),
  campaign_id: z.int(),
  adv_id: z.int(),
  name: z.string(),
  creative_type: z.enum(CREATIVE_TYPES),
  materials: z.array(ZCreativeMaterial),
  html: z.nullable(z.string()),
  title: z.string(),
  description: z.string(),
  call_to_action: z.string(),
  click_url: z.string(),
  impression_url: z.string(),
  review_status: z.int(),
  reject_code: z.nullable(z.int()),
  reject_reason: z.nullable(z.string()),
  opt_status: z.union([z.literal(0), z.literal(1)]),
  status: z.int(),
  deleted: z.boolean(),
  created_time: ZStamp,
  updated_time: ZStamp,
});
export type TCreativeDetail = z.infer<typeof ZCreativeDetail>;

/** `PATCH /scaler/v3/{resource}`: switch on or off in bulk (`opt_status`), or delete (`delete: true`). */
export const ZBulkSwitchRequest = z.object({
  ids: z.array(ZId).check(z.minLength(1), z.maxLength(500)),
  opt_status: z.union([z.literal(0), z.literal(1)]),
});
export const ZBulkDeleteRequest = z.object({
  ids: z.array(ZId).check(z.minLength(1), z.maxLength(500)),
  delete: z.literal(true),
});
export const ZBulkPatchRequest = z.union([ZBulkSwitchRequest, ZBulkDeleteRequest]);
export type TBulkPatchRequest = z.infer<typeof ZBulkPatchRequest>;
export const ZBulkResult = z.object({ updated: z.int() });

/** A change-history entry (`GET /scaler/v3/log/list?object_type=&object_id=`). */
export const ZChangeLogEntry = z.object({
  id: z.int(),
  object_type: z.int(),
  object_id: z.int(),
  action: z.enum(LOG_ACTIONS),
  field: z.string(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  user_id: z.nullable(z.string()),
  user_name: z.nullable(z.string()),
  time: ZStamp,
});
export type TChangeLogEntry = z.infer<typeof ZChangeLogEntry>;
export const ZChangeLogPage = z.object({ list: z.array(ZChangeLogEntry), total: z.int() });

/** `POST /scaler/v3/adgroups/batch/update`: bids first (spec 5), then budgets, in one change. */
export const ZBatchAdGroupUpdate = z.object({
  adgroup_ids: z.array(ZId).check(z.minLength(1), z.maxLength(500)),
  bid_price: z.optional(ZMoney(MONEY_LIMITS.minBid, MONEY_LIMITS.maxBid)),
  events: z.optional(z.array(ZOptimisationEvent).check(z.maxLength(20))),
  budget_type: z.optional(ZBudgetType),
  ad_group_budget: z.optional(z.nullable(ZMoney(MONEY_LIMITS.minBudget, MONEY_LIMITS.maxBudget))),
});
export type TBatchAdGroupUpdate = z.infer<typeof ZBatchAdGroupUpdate>;

/** Lowest OS versions an ad group can target (`utils/target_os_version`), newest first. */
export const TARGET_OS_VERSIONS = {
  1: ['18.0', '17.0', '16.0', '15.0', '14.0', '13.0', '12.0', '11.0'],
  2: ['15', '14', '13', '12', '11', '10', '9', '8.0', '7.0', '6.0', '5.0'],
} as const satisfies Record<1 | 2, readonly string[]>;

/** Calls to action a creative can show. */
export const CALLS_TO_ACTION = [
  'install',
  'play',
  'shop_now',
  'learn_more',
  'sign_up',
  'download',
  'book_now',
  'get_offer',
] as const;

const ZTrackingUrl = z._default(
  z.string().check(
    z.maxLength(2048),
    z.refine((u) => u === '' || /^https:\/\/\S+$/i.test(u), { message: 'validation.url' }),
  ),
  '',
);

/** `PUT /scaler/v3/creative` (create with `adgroup_id`, edit with `creative_id`). */
export const ZCreativeInput = z.object({
  creative_id: z.optional(ZId),
  adgroup_id: ZId,
  name: ZName,
  creative_type: z.enum(CREATIVE_TYPES),
  /** Stored names of this account's uploaded materials (`creative/material`), by role. */
  materials: z._default(
    z
      .array(
        z.object({
          role: z.enum(['image', 'icon', 'video', 'endcard']),
          file: z.string().check(z.regex(/^creatives\/[a-f0-9]{32}\.(png|jpg|gif|webp|mp4)$/)),
        }),
      )
      .check(z.maxLength(4)),
    [],
  ),
  html: z._default(
    z.nullable(z.string().check(z.maxLength(200 * 1024, { message: 'creative.html_too_long' }))),
    null,
  ),
  title: z._default(z.string().check(z.trim(), z.maxLength(90, { message: 'validation.too_long' })), ''),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(200, { message: 'validation.too_long' })),
    '',
  ),
  call_to_action: z._default(z.enum(CALLS_TO_ACTION), 'learn_more'),
  click_url: ZTrackingUrl,
  impression_url: ZTrackingUrl,
  /** Submit for review at once (otherwise the creative stays a draft). */
  submit: z._default(z.boolean(), false),
});
export type TCreativeInput = z.infer<typeof ZCreativeInput>;

export const ZCreativeIdsRequest = z.object({
  creative_ids: z.array(ZId).check(z.minLength(1), z.maxLength(500)),
});
export const ZAssignCreativesRequest = z.object({
  creative_ids: z.array(ZId).check(z.minLength(1), z.maxLength(100)),
  adgroup_ids: z.array(ZId).check(z.minLength(1), z.maxLength(100)),
});

/** An operator's decision on a creative (`/sa/tool`): approve, or reject with a reason code 1000–1010. */
export const ZCreativeReviewRequest = z
  .object({
    approve: z.boolean(),
    reason_code: z._default(z.nullable(z.int().check(z.gte(1000), z.lte(1010))), null),
    reason: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  })
  .check(
    z.refine((r) => r.approve || r.reason_code !== null, {
      message: 'validation.required',
      path: ['reason_code'],
    }),
    z.refine((r) => r.approve || r.reason_code !== 1000 || r.reason !== '', {
      message: 'creative.reason_required',
      path: ['reason'],
    }),
  );
export type TCreativeReviewRequest = z.infer<typeof ZCreativeReviewRequest>;

/** A creative in the operator's review queue, with what the reviewer needs to see. */
export const ZCreativeReviewItem = z.object({
  creative_id: z.int(),
  name: z.string(),
  creative_type: z.string(),
  adv_id: z.int(),
  adv_name: z.string(),
  campaign_name: z.string(),
  adgroup_name: z.string(),
  materials: z.array(ZCreativeMaterial),
  html: z.nullable(z.string()),
  title: z.string(),
  description: z.string(),
  call_to_action: z.string(),
  /** Where the ad leads: the campaign's landing page, or its app's download link. */
  landing_url: z.nullable(z.string()),
  review_status: z.int(),
  reject_code: z.nullable(z.int()),
  reject_reason: z.nullable(z.string()),
  committed_at: z.nullable(z.string()),
});
export type TCreativeReviewItem = z.infer<typeof ZCreativeReviewItem>;

/** `POST /scaler/v3/check/link`: is this a valid download link (for this app, when `app_id` is given)? */
export const ZCheckLinkRequest = z.object({
  url: z.string().check(z.maxLength(2048)),
  app_id: z._default(z.nullable(z.string().check(z.maxLength(64))), null),
});
export const ZCheckLinkAnswer = z.object({
  valid: z.boolean(),
  /** The problem, in the request's language (empty when valid). */
  message: z.string(),
  /** What the link is: a store page of iOS (1) or Android (2), or another https link (null). */
  os: z.nullable(z.int()),
  bundle_id: z.nullable(z.string()),
});
export type TCheckLinkAnswer = z.infer<typeof ZCheckLinkAnswer>;

/** `GET /scaler/v3/adgroup/app/info?campaign_id=`: what a campaign's ad groups can optimise for. */
export const ZPromotedAsset = z.object({
  link_type: z.int(),
  os: z.int(),
  /** The account's time zone (`+08:00`): schedules and dayparting are in it. */
  timezone: z.string(),
  /** Its IANA name (`America/New_York`): the offset changes with daylight saving. */
  timezone_name: z.string(),
  app: z.nullable(z.object({ _id: z.string(), name: z.string(), bundle_id: z.string(), os: z.int() })),
  pixel: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  landing_url: z.nullable(z.string()),
  /** The asset's events: standard (type 1) or custom (type 2), each at most once in an ad group. */
  events: z.array(
    z.object({ event_id: z.string(), event_type: z.string(), event_name: z.string(), type: z.int() }),
  ),
});
export type TPromotedAsset = z.infer<typeof ZPromotedAsset>;

/** `GET /scaler/v3/creative/gallery`: a page of the account's creatives (the creative viewer). */
export const ZCreativeGalleryQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 24),
  q: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  creative_type: z.optional(z.enum(CREATIVE_TYPES)),
  review_status: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(3))),
});
export type TCreativeGalleryQuery = z.infer<typeof ZCreativeGalleryQuery>;

export const ZCreativeGalleryItem = z.extend(ZCreativeDetail, {
  campaign_name: z.string(),
  adgroup_name: z.string(),
});
export type TCreativeGalleryItem = z.infer<typeof ZCreativeGalleryItem>;
export const ZCreativeGalleryPage = z.object({ list: z.array(ZCreativeGalleryItem), total: z.int() });
export type TCreativeGalleryPage = z.infer<typeof ZCreativeGalleryPage>;

/** `POST /scaler/v3/adgroups/bundles`: add publishers to the allow (1) or block (2) list of ad groups. */
export const ZAddBundlesRequest = z.object({
  adgroup_ids: z.array(ZId).check(z.minLength(1), z.maxLength(100)),
  bundles: z
    .array(z.string().check(z.refine(isValidPublisherId, { message: 'validation.publisher_id' })))
    .check(z.minLength(1), z.maxLength(1000)),
  mode: z.union([z.literal(1), z.literal(2)]),
});
export type TAddBundlesRequest = z.infer<typeof ZAddBundlesRequest>;

/**
 * `GET /scaler/v3/adgroups/bundle_lists`: each live ad group's own publisher list (its kind: 0 none,
 * 1 allow, 2 block, and how many publishers), what the bundle report's "Add to block list" adds to and
 * the publisher lists page shows beside the saved lists.
 */
export const ZAdGroupBundleList = z.object({
  adgroup_id: z.int(),
  name: z.string(),
  campaign_id: z.int(),
  campaign_name: z.string(),
  bundle_mode: z.int(),
  count: z.int(),
});
export type TAdGroupBundleList = z.infer<typeof ZAdGroupBundleList>;
