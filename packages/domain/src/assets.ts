import * as z from 'zod/mini';
import {
  type AdvRole,
  APP_EVENT_RECORDING,
  ATTRIBUTION_PARTNERS,
  DOWNLOAD_TYPE,
  OS,
  PIXEL_MODE,
} from './codes';
import type { Locale } from './locale';
import { ADV_ROLE_PERMISSIONS } from './permissions';
import { ZCalendarDate } from './validation';

/**
 * Tracking assets of an advertiser account (spec 3, 4, 5, 7 "Assets", 9): apps with their attribution
 * partner and app events, web pixels with standard and custom events, and API event sources (a pixel
 * whose events arrive server to server, authenticated by a token).
 */

export type Os = (typeof OS)[keyof typeof OS];
export const OS_VALUES = [OS.iOS, OS.Android] as const;
export type DownloadType = (typeof DOWNLOAD_TYPE)[keyof typeof DOWNLOAD_TYPE];
export const DOWNLOAD_TYPES = [DOWNLOAD_TYPE.appStore, DOWNLOAD_TYPE.apk] as const;
export type PixelMode = (typeof PIXEL_MODE)[keyof typeof PIXEL_MODE];
export const PIXEL_MODES = [PIXEL_MODE.pixel, PIXEL_MODE.api] as const;

/** Recording status of an app or pixel event (spec 4): 0 no record, 1 inactive recently, 2 recording. */
export type RecordingStatus = (typeof APP_EVENT_RECORDING)[keyof typeof APP_EVENT_RECORDING];
export const RECORDING_STATUSES = [0, 1, 2] as const satisfies readonly RecordingStatus[];
/** An event within this window counts as "recording"; older ones as "inactive recently". */
export const RECORDING_WINDOW_MS = 24 * 60 * 60 * 1000;

export function recordingStatus(
  lastEventAt: Date | string | null,
  now: number = Date.now(),
): RecordingStatus {
  if (lastEventAt === null) return APP_EVENT_RECORDING.none;
  const at = typeof lastEventAt === 'string' ? Date.parse(lastEventAt) : lastEventAt.getTime();
  return now - at <= RECORDING_WINDOW_MS ? APP_EVENT_RECORDING.recording : APP_EVENT_RECORDING.inactive;
}

/** What a pixel is set up to measure. Search arbitrage needs standard events (spec 5). */
export const PIXEL_CONVERSION_TYPE = { ecommerce: 1, lead: 2, searchArbitrage: 3, other: 4 } as const;
export type PixelConversionType = (typeof PIXEL_CONVERSION_TYPE)[keyof typeof PIXEL_CONVERSION_TYPE];
export const PIXEL_CONVERSION_TYPES = [1, 2, 3, 4] as const satisfies readonly PixelConversionType[];

/** An event of an asset is a standard event (1) or a custom one (2); the basic snippet branches on it. */
export const EVENT_KIND = { standard: 1, custom: 2 } as const;
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND];

/** Custom events not filed under a standard type carry this event_type. */
export const CUSTOM_EVENT_TYPE = 'custom';

interface StandardEventDef {
  /** The key used in report columns (`{event_type}_pv`) and in the events API. */
  event_type: string;
  /** The English name; for web events also the name the pixel sends (`track('Purchase')`). */
  event_name_en: string;
  /** The display name in each language. */
  names: Record<Locale, string>;
}

const ev = (event_type: string, event_name_en: string, en: string, zh: string): StandardEventDef => ({
  event_type,
  event_name_en,
  names: { 'en-US': en, 'zh-CN': zh },
});

/** Standard web events: PageView plus the usual set of a pixel (attribution-partners.md). */
export const STANDARD_WEB_EVENTS = [
  ev('page_view', 'PageView', 'Page view', '浏览页面'),
  ev('add_payment_info', 'AddPaymentInfo', 'Add payment info', '添加支付信息'),
  ev('add_to_cart', 'AddToCart', 'Add to cart', '加入购物车'),
  ev('add_to_wishlist', 'AddToWishlist', 'Add to wishlist', '加入心愿单'),
  ev('application_approval', 'ApplicationApproval', 'Application approval', '申请获批'),
  ev('complete_registration', 'CompleteRegistration', 'Complete registration', '完成注册'),
  ev('contact', 'Contact', 'Contact', '联系咨询'),
  ev('customize_product', 'CustomizeProduct', 'Customize product', '定制商品'),
  ev('download', 'Download', 'Download', '下载'),
  ev('find_location', 'FindLocation', 'Find location', '查找位置'),
  ev('initiate_checkout', 'InitiateCheckout', 'Initiate checkout', '开始结账'),
  ev('lead', 'Lead', 'Lead', '潜在客户'),
  ev('purchase', 'Purchase', 'Purchase', '购买'),
  ev('schedule', 'Schedule', 'Schedule', '预约'),
  ev('search', 'Search', 'Search', '搜索'),
  ev('start_trial', 'StartTrial', 'Start trial', '开始试用'),
  ev('submit_application', 'SubmitApplication', 'Submit application', '提交申请'),
  ev('submit_form', 'SubmitForm', 'Submit form', '提交表单'),
  ev('subscribe', 'Subscribe', 'Subscribe', '订阅'),
  ev('view_content', 'ViewContent', 'View content', '查看内容'),
] as const satisfies readonly StandardEventDef[];

/** Standard app events of partner postbacks (attribution-partners.md); retention is derived from opens. */
export const STANDARD_APP_EVENTS = [
  ev('install', 'Install', 'Install', '安装'),
  ev('open', 'Open', 'Open', '打开应用'),
  ev('registration', 'Registration', 'Registration', '注册'),
  ev('login', 'Login', 'Login', '登录'),
  ev('tutorial_completion', 'TutorialCompletion', 'Tutorial completion', '完成教程'),
  ev('add_to_cart', 'AddToCart', 'Add to cart', '加入购物车'),
  ev('checkout', 'Checkout', 'Checkout', '结账'),
  ev('purchase', 'Purchase', 'Purchase', '购买'),
  ev('subscribe', 'Subscribe', 'Subscribe', '订阅'),
  ev('start_trial', 'StartTrial', 'Start trial', '开始试用'),
  ev('achieve_level', 'AchieveLevel', 'Achieve level', '达成等级'),
  ev('unlock_achievement', 'UnlockAchievement', 'Unlock achievement', '解锁成就'),
  ev('spend_credits', 'SpendCredits', 'Spend credits', '消耗积分'),
  ev('ad_revenue', 'AdRevenue', 'Ad revenue', '广告收入'),
] as const satisfies readonly StandardEventDef[];

export type StandardWebEventType = (typeof STANDARD_WEB_EVENTS)[number]['event_type'];
export type StandardAppEventType = (typeof STANDARD_APP_EVENTS)[number]['event_type'];
export const STANDARD_WEB_EVENT_TYPES = STANDARD_WEB_EVENTS.map((e) => e.event_type) as [
  StandardWebEventType,
  ...StandardWebEventType[],
];
export const STANDARD_APP_EVENT_TYPES = STANDARD_APP_EVENTS.map((e) => e.event_type) as [
  StandardAppEventType,
  ...StandardAppEventType[],
];
/** Bumped whenever a standard event list changes, so the console's local cache is refreshed. */
export const STANDARD_EVENTS_VERSION = 1;

/** A standard event as the calls answer it (spec 3): the display name in the request's language. */
export const ZStandardEvent = z.object({
  event_type: z.string(),
  event_name: z.string(),
  event_name_en: z.string(),
});
export type TStandardEvent = z.infer<typeof ZStandardEvent>;

export function standardEvents(kind: 'web' | 'app', locale: Locale): TStandardEvent[] {
  return (kind === 'web' ? STANDARD_WEB_EVENTS : STANDARD_APP_EVENTS).map((e) => ({
    event_type: e.event_type,
    event_name: e.names[locale],
    event_name_en: e.event_name_en,
  }));
}

export function findStandardEvent(kind: 'web' | 'app', eventType: string): StandardEventDef | undefined {
  return (kind === 'web' ? STANDARD_WEB_EVENTS : STANDARD_APP_EVENTS).find((e) => e.event_type === eventType);
}

/** The standard web events suggested for each conversion type (`/scaler/v3/utils/pixel_type_events`). */
export const PIXEL_TYPE_EVENTS: Record<PixelConversionType, readonly StandardWebEventType[]> = {
  1: ['page_view', 'view_content', 'add_to_cart', 'initiate_checkout', 'add_payment_info', 'purchase'],
  2: ['page_view', 'view_content', 'submit_form', 'lead', 'complete_registration', 'contact'],
  3: ['page_view', 'search', 'view_content'],
  4: STANDARD_WEB_EVENT_TYPES,
};

/**
 * Custom event id (spec 5): letters, digits and underscores, starting with a letter, globally unique
 * (case-insensitively, and never a standard event's type). Otherwise: "Invalid event ID".
 */
export const EVENT_ID_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const isValidEventId = (value: string) => EVENT_ID_RE.test(value);
/** The key under which an event id is unique across the whole platform. */
export const eventIdKey = (eventId: string) => eventId.toLowerCase();
const RESERVED_EVENT_KEYS = new Set(
  [...STANDARD_WEB_EVENTS, ...STANDARD_APP_EVENTS].flatMap((e) => [
    e.event_type,
    e.event_name_en.toLowerCase(),
  ]),
);
RESERVED_EVENT_KEYS.add(CUSTOM_EVENT_TYPE);
/** A custom event id that would read as a standard event in reports is taken already. */
export const isReservedEventId = (eventId: string) => RESERVED_EVENT_KEYS.has(eventIdKey(eventId));

/** Bundle id (iOS) or package name (Android): reverse-DNS, at least two segments. */
export const BUNDLE_ID_RE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
/** The app's id at its attribution partner (AppsFlyer app id, Adjust token, Branch key, ...). */
export const PARTNER_APP_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const APP_STORE_HOSTS: Record<Os, readonly string[]> = {
  1: ['apps.apple.com', 'itunes.apple.com'],
  2: ['play.google.com'],
};
const ALL_STORE_HOSTS = [...APP_STORE_HOSTS[1], ...APP_STORE_HOSTS[2]];

function httpsUrl(value: string): URL | null {
  if (value.length > 2048 || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(url.hostname)) return null;
  return url;
}

/** A store page: its platform and, for Google Play, the package name of `?id=`. */
export function parseStoreLink(value: string): { os: Os; bundle_id: string | null } | null {
  const url = httpsUrl(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (APP_STORE_HOSTS[1].includes(host)) {
    return /\/id\d+/.test(url.pathname) ? { os: OS.iOS, bundle_id: null } : null;
  }
  if (APP_STORE_HOSTS[2].includes(host)) {
    const id = url.pathname.startsWith('/store/apps/details') ? url.searchParams.get('id') : null;
    return id && BUNDLE_ID_RE.test(id) ? { os: OS.Android, bundle_id: id } : null;
  }
  return null;
}

/**
 * The "valid download link" of spec 5, decided as:
 *  - always an https URL (no credentials, a real host name);
 *  - download type app store (1): the store page of the app's platform, App Store
 *    (`apps.apple.com/.../id<digits>`) for iOS, Google Play (`play.google.com/store/apps/details?id=`)
 *    for Android, whose `id` must be the package name;
 *  - download type APK (3): Android only, any https URL that is not a store page (APK hosts and CDNs
 *    often serve through redirects, so the path need not end in `.apk`).
 * Returns the message key of the problem, or null.
 */
export function downloadLinkProblem(app: {
  os: Os;
  download_type: DownloadType;
  download_link: string;
  bundle_id: string;
}): 'validation.download_link' | 'validation.download_link_bundle' | 'validation.apk_android' | null {
  if (app.download_type === DOWNLOAD_TYPE.apk) {
    if (app.os !== OS.Android) return 'validation.apk_android';
    const url = httpsUrl(app.download_link);
    if (!url || ALL_STORE_HOSTS.includes(url.hostname.toLowerCase())) return 'validation.download_link';
    return null;
  }
  const store = parseStoreLink(app.download_link);
  if (!store || store.os !== app.os) return 'validation.download_link';
  if (store.bundle_id !== null && store.bundle_id !== app.bundle_id) return 'validation.download_link_bundle';
  return null;
}

/** The spec's `_id`: 24 hex characters. */
export const OBJECT_ID_RE = /^[0-9a-f]{24}$/;
export const ZObjectId = z.string().check(z.regex(OBJECT_ID_RE, { message: 'validation.invalid' }));
/**
 * An `_id` in a query that looks an asset up: any short text. One that is not an `_id` names no asset, so
 * it answers 404 like an unknown one (a malformed link is "not found", not "some fields are invalid").
 */
export const ZLookupId = z
  .string()
  .check(z.trim(), z.minLength(1, { message: 'validation.required' }), z.maxLength(64));

const ZName = z
  .string({ error: 'validation.required' })
  .check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.maxLength(64, { message: 'validation.too_long' }),
  );

const ZOptionalHttpsUrl = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(2048, { message: 'validation.too_long' }),
    z.refine((v) => v === '' || httpsUrl(v) !== null, { message: 'validation.https_url' }),
  ),
  '',
);

const ZIcon = z._default(
  z.nullable(
    z
      .string()
      .check(z.regex(/^avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { message: 'validation.invalid' })),
  ),
  null,
);

const ZEventId = z.string().check(z.trim(), z.refine(isValidEventId, { message: 'validation.event_id' }));

function customEventSchema<T extends string>(types: readonly [T, ...T[]]) {
  return z.object({
    type: z.literal(EVENT_KIND.custom),
    event_id: ZEventId,
    event_name: ZName,
    event_type: z._default(
      z.enum([CUSTOM_EVENT_TYPE, ...types] as [string, ...string[]], { message: 'validation.invalid' }),
      CUSTOM_EVENT_TYPE,
    ),
  });
}

function eventListSchema<T extends string>(types: readonly [T, ...T[]]) {
  return z
    .array(
      z.discriminatedUnion(
        'type',
        [
          z.object({
            type: z.literal(EVENT_KIND.standard),
            event_type: z.enum(types, { message: 'validation.invalid' }),
          }),
          customEventSchema(types),
        ],
        { message: 'validation.invalid' },
      ),
    )
    .check(
      z.maxLength(50, { message: 'validation.too_long' }),
      z.superRefine((events, ctx) => {
        const seen = new Set<string>();
        events.forEach((e, i) => {
          const key = e.type === EVENT_KIND.standard ? `s:${e.event_type}` : `c:${eventIdKey(e.event_id)}`;
          if (seen.has(key)) {
            ctx.addIssue({
              code: 'custom',
              message: 'validation.duplicates',
              path: [i, e.type === 1 ? 'event_type' : 'event_id'],
            });
          }
          seen.add(key);
          if (e.type === EVENT_KIND.custom && isReservedEventId(e.event_id)) {
            ctx.addIssue({ code: 'custom', message: 'validation.event_id_standard', path: [i, 'event_id'] });
          }
        });
      }),
    );
}

/** The events of an app: standard app events and custom events. */
export const ZAppEventList = eventListSchema(STANDARD_APP_EVENT_TYPES);
export type TAppEventInput = z.infer<typeof ZAppEventList>[number];
/** The events of a pixel: standard web events and custom events. */
export const ZPixelEventList = eventListSchema(STANDARD_WEB_EVENT_TYPES);
export type TPixelEventInput = z.infer<typeof ZPixelEventList>[number];

const appFields = {
  name: ZName,
  icon: ZIcon,
  bundle_id: z.string({ error: 'validation.required' }).check(
    z.trim(),
    // No longer text reaches the pattern (its groups cost more the longer the text).
    z.maxLength(255, { message: 'validation.too_long', abort: true }),
    z.regex(BUNDLE_ID_RE, { message: 'validation.bundle_id' }),
  ),
  os: z.union([z.literal(OS.iOS), z.literal(OS.Android)], { message: 'validation.required' }),
  download_type: z.union([z.literal(DOWNLOAD_TYPE.appStore), z.literal(DOWNLOAD_TYPE.apk)], {
    message: 'validation.required',
  }),
  download_link: z.string({ error: 'validation.download_link' }).check(z.trim()),
  // Missing: "required"; an unknown partner: "invalid" (not "required").
  partner: z.enum(ATTRIBUTION_PARTNERS, {
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid'),
  }),
  partner_app_id: z
    .string({ error: 'validation.required' })
    .check(z.trim(), z.regex(PARTNER_APP_ID_RE, { message: 'validation.invalid' })),
  /** The partner's click link pasted from its dashboard; empty: composed from `partner_app_id`. */
  partner_click_url: ZOptionalHttpsUrl,
  partner_impression_url: ZOptionalHttpsUrl,
};

const checkDownloadLink = (
  app: { os: Os; download_type: DownloadType; download_link: string; bundle_id: string },
  ctx: z.core.$RefinementCtx,
) => {
  const problem = downloadLinkProblem(app);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['download_link'] });
};

/** POST /scaler/v3/app. Events default to the install event. */
export const ZCreateAppRequest = z
  .object({ ...appFields, events: z._default(ZAppEventList, [{ type: 1, event_type: 'install' }]) })
  .check(z.superRefine((app, ctx) => checkDownloadLink(app, ctx)));
export type TCreateAppRequest = z.infer<typeof ZCreateAppRequest>;

/** PUT /scaler/v3/app: every field again, with the app's `_id`; events are set by PUT /app/event. */
export const ZUpdateAppRequest = z
  .object({ _id: ZObjectId, ...appFields })
  .check(z.superRefine((app, ctx) => checkDownloadLink(app, ctx)));
export type TUpdateAppRequest = z.infer<typeof ZUpdateAppRequest>;

/** PUT /scaler/v3/app/event: replaces the app's events. */
export const ZAppEventsRequest = z.object({ app_id: ZObjectId, events: ZAppEventList });
export type TAppEventsRequest = z.infer<typeof ZAppEventsRequest>;

const pixelFields = {
  name: ZName,
  conversion_type: z.union(
    PIXEL_CONVERSION_TYPES.map((t) => z.literal(t)) as unknown as [
      z.ZodMiniLiteral<PixelConversionType>,
      ...z.ZodMiniLiteral<PixelConversionType>[],
    ],
    { message: 'validation.required' },
  ),
  mode: z.union([z.literal(PIXEL_MODE.pixel), z.literal(PIXEL_MODE.api)], { message: 'validation.required' }),
  events: z._default(ZPixelEventList, [{ type: 1, event_type: 'page_view' }]),
};

const checkStandardEvents = (
  pixel: { conversion_type: PixelConversionType; events: TPixelEventInput[] },
  ctx: z.core.$RefinementCtx,
) => {
  if (
    pixel.conversion_type === PIXEL_CONVERSION_TYPE.searchArbitrage &&
    !pixel.events.some((e) => e.type === EVENT_KIND.standard)
  ) {
    ctx.addIssue({ code: 'custom', message: 'validation.missing_standard_events', path: ['events'] });
  }
};

/** POST /scaler/v3/pixel. Mode 2 (API) also issues the pixel's API token, shown once. */
export const ZCreatePixelRequest = z
  .object(pixelFields)
  .check(z.superRefine((pixel, ctx) => checkStandardEvents(pixel, ctx)));
export type TCreatePixelRequest = z.infer<typeof ZCreatePixelRequest>;
/** PUT /scaler/v3/pixel: every field again (events replace the pixel's events), with `_id`. */
export const ZUpdatePixelRequest = z
  .object({ _id: ZObjectId, ...pixelFields })
  .check(z.superRefine((pixel, ctx) => checkStandardEvents(pixel, ctx)));
export type TUpdatePixelRequest = z.infer<typeof ZUpdatePixelRequest>;
/** DELETE /scaler/v3/pixel: the body carries `_id` (spec 7). */
export const ZDeletePixelRequest = z.object({ _id: ZObjectId });
/** POST /scaler/ex/reset_pixel. */
export const ZResetPixelRequest = z.object({ pixel_id: ZObjectId });

const ZPage = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
};
const ZStatusFilter = z.optional(
  z.coerce.number().check(
    z.int(),
    z.refine((s) => (RECORDING_STATUSES as readonly number[]).includes(s), { message: 'validation.invalid' }),
  ),
);

/** GET /scaler/v3/app: `_id` answers one app (detail); otherwise the list, filtered. */
export const ZAppQuery = z.object({
  _id: z.optional(ZLookupId),
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  status: ZStatusFilter,
  os: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((o) => (OS_VALUES as readonly number[]).includes(o), { message: 'validation.invalid' }),
    ),
  ),
  ...ZPage,
});
/** GET /scaler/v3/pixel: `_id` answers one pixel (detail); otherwise the list, filtered. */
export const ZPixelQuery = z.object({
  _id: z.optional(ZLookupId),
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  status: ZStatusFilter,
  mode: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((m) => (PIXEL_MODES as readonly number[]).includes(m), { message: 'validation.invalid' }),
    ),
  ),
  ...ZPage,
});

/** Longest date range of an event report. */
export const REPORT_MAX_DAYS = 366;
const dateRange = {
  start_date: ZCalendarDate,
  end_date: ZCalendarDate,
};
const checkRange = (q: { start_date: string; end_date: string }, ctx: z.core.$RefinementCtx) => {
  const days = (Date.parse(q.end_date) - Date.parse(q.start_date)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', message: 'validation.date_order', path: ['end_date'] });
  else if (days >= REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', message: 'validation.date_range', path: ['end_date'] });
};
/** GET /scaler/v3/app/event/report1. Dates are days in the `timezone` header's offset. */
export const ZAppReportQuery = z.object({ app_id: ZLookupId, ...dateRange }).check(z.superRefine(checkRange));
/** GET /scaler/v3/pixel/event/report1 and /statis. */
export const ZPixelReportQuery = z
  .object({ pixel_id: ZLookupId, ...dateRange })
  .check(z.superRefine(checkRange));
export const ZPixelIdQuery = z.object({ pixel_id: ZLookupId });
export const ZAppIdQuery = z.object({ app_id: ZLookupId });

/** POST /scaler/v3/api_source: API access for a pixel; the answer carries the token, once. */
export const ZCreateApiSourceRequest = z.object({ pixel_id: ZObjectId, name: ZName });
export const ZUpdateApiSourceRequest = z.object({ _id: ZObjectId, name: ZName });
/** DELETE /scaler/v3/api_source and POST /scaler/v3/api_source/rotate. */
export const ZApiSourceIdRequest = z.object({ _id: ZObjectId });
export const ZApiSourceQuery = z.object({ pixel_id: z.optional(ZLookupId) });

/** The prefix of every API source token, so a leaked one is recognisable. */
export const API_TOKEN_PREFIX = 'sct_';

/* ------------------------------------------------------------------------------------------------ */
/* Answers                                                                                           */

const ZTime = z.string();
const ZOs = z.union([z.literal(OS.iOS), z.literal(OS.Android)]);
const ZDownloadType = z.union([z.literal(DOWNLOAD_TYPE.appStore), z.literal(DOWNLOAD_TYPE.apk)]);
const ZPixelMode = z.union([z.literal(PIXEL_MODE.pixel), z.literal(PIXEL_MODE.api)]);
const ZRecordingStatus = z.union(RECORDING_STATUSES.map((s) => z.literal(s)));
const ZConversionType = z.union(PIXEL_CONVERSION_TYPES.map((t) => z.literal(t)));
const ZEventKind = z.union([z.literal(EVENT_KIND.standard), z.literal(EVENT_KIND.custom)]);
const ZPartner = z.enum(ATTRIBUTION_PARTNERS);
/** Exact decimal sums travel as strings. */
const ZDecimal = z.string();

/** An event of an asset as the calls answer it. */
export const ZAssetEvent = z.object({
  type: ZEventKind,
  event_type: z.string(),
  /** Standard events: the event type; custom events: the custom event id. */
  event_id: z.string(),
  event_name: z.string(),
  /** Standard events: the English name; custom events: their name. */
  event_name_en: z.string(),
  status: ZRecordingStatus,
  last_event_at: z.nullable(ZTime),
});
export type TAssetEvent = z.infer<typeof ZAssetEvent>;

export const ZAppRow = z.object({
  _id: z.string(),
  adv_id: z.int(),
  name: z.string(),
  icon: z.nullable(z.string()),
  bundle_id: z.string(),
  os: ZOs,
  download_type: ZDownloadType,
  download_link: z.string(),
  partner: ZPartner,
  partner_app_id: z.string(),
  status: ZRecordingStatus,
  last_event_at: z.nullable(ZTime),
  event_count: z.int(),
  created_at: ZTime,
  updated_at: ZTime,
});
export type TAppRow = z.infer<typeof ZAppRow>;

/**
 * Who may read an asset's secrets (the app's postback token and every URL that embeds it): roles whose
 * permissions include changing the assets (`role_admin`, `role_admin_client`, `role_operator`, org admins
 * as `role_admin`). Read-only roles could forge conversions with them. The account's status does not
 * matter: the admin of a stopped account still configures its partner.
 */
export const mayReadAssetSecrets = (advRole: AdvRole) =>
  (ADV_ROLE_PERMISSIONS[advRole] as readonly string[]).includes('assets.edit');

export const ZAppDetail = z.extend(ZAppRow, {
  partner_click_url: z.string(),
  partner_impression_url: z.string(),
  /**
   * The app's secret for the postback URL configured at the partner; null for a role that may not read
   * it (`mayReadAssetSecrets`).
   */
  postback_token: z.nullable(z.string()),
  events: z.array(ZAssetEvent),
});
export type TAppDetail = z.infer<typeof ZAppDetail>;

export const ZApiSource = z.object({
  _id: z.string(),
  pixel_id: z.string(),
  pixel_name: z.string(),
  name: z.string(),
  /**
   * The last four characters of the token, to recognise it (4 of 43 random characters: no help to
   * anyone guessing it); the token itself is shown only once, to the role that issued it.
   */
  token_hint: z.string(),
  token_issued_at: ZTime,
  last_used_at: z.nullable(ZTime),
  created_at: ZTime,
});
export type TApiSource = z.infer<typeof ZApiSource>;

/** The answer of creating a source or rotating its token: the only time the token is readable. */
export const ZApiSourceWithToken = z.extend(ZApiSource, { token: z.string() });
export type TApiSourceWithToken = z.infer<typeof ZApiSourceWithToken>;

export const ZPixelRow = z.object({
  _id: z.string(),
  adv_id: z.int(),
  name: z.string(),
  conversion_type: ZConversionType,
  mode: ZPixelMode,
  status: ZRecordingStatus,
  installed: z.boolean(),
  installed_at: z.nullable(ZTime),
  last_event_at: z.nullable(ZTime),
  reset_at: z.nullable(ZTime),
  event_count: z.int(),
  api_source: z.nullable(ZApiSource),
  created_at: ZTime,
  updated_at: ZTime,
});
export type TPixelRow = z.infer<typeof ZPixelRow>;

export const ZPixelDetail = z.extend(ZPixelRow, { events: z.array(ZAssetEvent) });
export type TPixelDetail = z.infer<typeof ZPixelDetail>;

/** POST /scaler/v3/pixel answers the pixel, and for mode 2 the token of its API source, once. */
export const ZCreatePixelResponse = z.extend(ZPixelDetail, { token: z.nullable(z.string()) });
export type TCreatePixelResponse = z.infer<typeof ZCreatePixelResponse>;

/** GET /scaler/v3/app and /pixel without `_id`: one page of the list and the total. */
export const ZAppList = z.object({ list: z.array(ZAppRow), total: z.int() });
export type TAppList = z.infer<typeof ZAppList>;
export const ZPixelList = z.object({ list: z.array(ZPixelRow), total: z.int() });
export type TPixelList = z.infer<typeof ZPixelList>;

/** GET /scaler/v3/pixel/event/status. */
export const ZPixelEventStatus = z.object({
  pixel_id: z.string(),
  mode: ZPixelMode,
  status: ZRecordingStatus,
  installed: z.boolean(),
  installed_at: z.nullable(ZTime),
  last_event_at: z.nullable(ZTime),
  reset_at: z.nullable(ZTime),
  events: z.array(ZAssetEvent),
});
export type TPixelEventStatus = z.infer<typeof ZPixelEventStatus>;

/** One row of an event report (`report1`): one event on one day, in the `timezone` header's offset. */
export const ZEventReportRow = z.object({
  date: z.string(),
  type: ZEventKind,
  event_type: z.string(),
  event_id: z.string(),
  event_name: z.string(),
  /** Events counted. */
  pv: z.int(),
  /** Distinct users of the day (pixel: browser id; app: device), exact in the report's time zone. */
  uv: z.int(),
  /** Sum of the events' value or revenue, exact decimal as a string. */
  value: ZDecimal,
  last_update_time: z.nullable(ZTime),
});
export type TEventReportRow = z.infer<typeof ZEventReportRow>;

/** GET /scaler/v3/app/event/report1 and /pixel/event/report1. */
export const ZEventReport = z.object({ list: z.array(ZEventReportRow) });
export type TEventReport = z.infer<typeof ZEventReport>;

const ZTotals = z.object({
  pv: z.int(),
  /** Over more than one day: the sum of the daily unique users. */
  uv: z.int(),
  value: ZDecimal,
});

/** GET /scaler/v3/pixel/event/statis: totals of the range, per event and per day. */
export const ZPixelStatis = z.object({
  pixel_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  total: ZTotals,
  events: z.array(z.omit(ZEventReportRow, { date: true })),
  days: z.array(z.extend(ZTotals, { date: z.string() })),
});
export type TPixelStatis = z.infer<typeof ZPixelStatis>;

/** GET /scaler/ex/utils/standard_web_event and standard_event. */
export const ZStandardEventList = z.object({ version: z.int(), list: z.array(ZStandardEvent) });
export type TStandardEventList = z.infer<typeof ZStandardEventList>;

/** GET /scaler/v3/utils/pixel_type_events: per conversion type, the suggested standard web events. */
export const ZPixelTypeEvents = z.array(
  z.object({ conversion_type: ZConversionType, events: z.array(ZStandardEvent) }),
);
export type TPixelTypeEvents = z.infer<typeof ZPixelTypeEvents>;

/** GET /scaler/v3/utils/apps, pixels: what pickers need. */
export const ZAppOption = z.object({
  _id: z.string(),
  name: z.string(),
  icon: z.nullable(z.string()),
  bundle_id: z.string(),
  os: ZOs,
  partner: ZPartner,
  status: ZRecordingStatus,
});
export type TAppOption = z.infer<typeof ZAppOption>;
export const ZPixelOption = z.object({
  _id: z.string(),
  name: z.string(),
  mode: ZPixelMode,
  conversion_type: ZConversionType,
  status: ZRecordingStatus,
});
export type TPixelOption = z.infer<typeof ZPixelOption>;

/** GET /scaler/v3/utils/app_info: what an ad group needs of an app. */
export const ZAppInfo = z.extend(
  z.pick(ZAppRow, {
    _id: true,
    name: true,
    icon: true,
    bundle_id: true,
    os: true,
    download_type: true,
    download_link: true,
    partner: true,
    partner_app_id: true,
  }),
  { events: z.array(ZAssetEvent) },
);
export type TAppInfo = z.infer<typeof ZAppInfo>;
