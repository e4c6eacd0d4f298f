import * as z from 'zod/mini';
import { SPECIAL_PIXEL_SCRIPT_ORG_IDS } from './codes';
import type { MessageKey } from './errors';
import { trimEndChars } from './text';

/**
 * The tracking side shared by the server and the console: the public endpoints' paths, the URLs the
 * console shows for each attribution partner (in that partner's macro syntax), the two pixel snippet
 * generators of spec 9, and the shapes of the live test-events panel.
 */

/** Public tracking endpoints (outside `/scaler`). */
export const TRACKING_PATHS = {
  /** The pixel script the snippets load. */
  pixelScript: '/px/sdk.js',
  /** The special script source for the org ids of spec 9 (same protocol, a separate path to route). */
  pixelScriptSpecial: '/px/special/sdk.js',
  /** The pixel's collection endpoint (beacon or fetch, CORS open, text/plain or JSON). */
  collect: '/px/collect',
  /** The server-to-server events API of `api` sources (Bearer token). */
  eventsApi: '/open/v1/events',
  /** Click tracking: records the click and redirects. */
  click: '/t/click',
  /** Impression tracking: records the impression, answers a 1x1 GIF. */
  impression: '/t/imp',
  /** Attribution-partner postbacks: `/t/postback/<partner>/<postback_token>`. */
  postback: '/t/postback',
} as const;

/** The global function name the pixel snippets define (`scq('track', ...)`). */
export const PIXEL_GLOBAL = 'scq';
/** The landing-page query parameter that carries our click id to the pixel. */
export const CLICK_ID_PARAM = 'sc_click_id';
/** At most this many events in one events-API or collection request. */
export const MAX_EVENTS_PER_REQUEST = 1000;

export const trimOrigin = (origin: string) => trimEndChars(origin, '/');

/** Where the pixel script of an org's snippet loads from (spec 9: a few org ids use a special source). */
export function pixelScriptSrc(origin: string, orgId: number | null | undefined): string {
  const special = (SPECIAL_PIXEL_SCRIPT_ORG_IDS as readonly number[]).includes(Number(orgId));
  return `${trimOrigin(origin)}${special ? TRACKING_PATHS.pixelScriptSpecial : TRACKING_PATHS.pixelScript}`;
}

/** One event of a pixel as a snippet fires it. */
export interface SnippetEvent {
  /** 1 standard, 2 custom. */
  type: number;
  /** Standard: the event type (`add_to_cart`); custom: its event id. */
  event_id: string;
  /** Standard: the English name (`AddToCart`), which the snippet sends. */
  event_name_en?: string;
}

/** The name a snippet sends for an event: the English name of a standard event, the id of a custom one. */
export const snippetEventName = (event: SnippetEvent) =>
  event.type === 1 ? (event.event_name_en ?? event.event_id) : event.event_id;

const loader = (src: string) =>
  `!function(w,d,t,u,n){w.ScalerPixelObject=n;var q=w[n]=w[n]||function(){(q.q=q.q||[]).push(arguments)};` +
  `q.q=q.q||[];var s=d.createElement(t);s.async=!0;s.src=u;var f=d.getElementsByTagName(t)[0];` +
  `f?f.parentNode.insertBefore(s,f):d.head.appendChild(s)}(window,document,'script',${JSON.stringify(src)},'${PIXEL_GLOBAL}');`;

const jsString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Generator 1 (spec 9): the pixel with trigger calls — the base code for every page, then one call per event. */
export function pixelSnippet(input: {
  origin: string;
  orgId: number | null | undefined;
  pixelId: string;
  events: SnippetEvent[];
}): { base: string; triggers: { event_id: string; code: string }[] } {
  const base = [
    '<!-- Scaler pixel -->',
    '<script>',
    loader(pixelScriptSrc(input.origin, input.orgId)),
    `${PIXEL_GLOBAL}('load', ${jsString(input.pixelId)});`,
    `${PIXEL_GLOBAL}('page');`,
    '</script>',
    '<!-- End Scaler pixel -->',
  ].join('\n');
  const triggers = input.events
    .filter((e) => !(e.type === 1 && e.event_id === 'page_view'))
    .map((e) => ({
      event_id: e.event_id,
      code:
        e.type === 1
          ? `${PIXEL_GLOBAL}('track', ${jsString(snippetEventName(e))}, { value: 0, currency: 'USD' });`
          : `${PIXEL_GLOBAL}('track', ${jsString(e.event_id)});`,
    }));
  return { base, triggers };
}

/**
 * Generator 2 (spec 9): the basic pixel with init and track for one event — `track` with the standard
 * name when the event's type is 1, otherwise `trackCustom` with the custom event id.
 */
export function basicPixelSnippet(input: {
  origin: string;
  orgId: number | null | undefined;
  pixelId: string;
  event: SnippetEvent;
}): string {
  const call =
    input.event.type === 1
      ? `${PIXEL_GLOBAL}('track', ${jsString(snippetEventName(input.event))});`
      : `${PIXEL_GLOBAL}('trackCustom', ${jsString(input.event.event_id)});`;
  return [
    '<script>',
    loader(pixelScriptSrc(input.origin, input.orgId)),
    `${PIXEL_GLOBAL}('init', ${jsString(input.pixelId)});`,
    call,
    '</script>',
  ].join('\n');
}

/* ------------------------------------------------------------------------------------------------ */
/* Our click macros                                                                                  */

/**
 * Macros our click endpoint fills when it redirects to a partner's click link (and that a pasted
 * partner link may contain): each `{name}` (or its URL-encoded form) is replaced by the click's value.
 */
export const CLICK_MACROS = [
  'click_id',
  'idfa',
  'gaid',
  'ip',
  'ua',
  'lang',
  'campaign_id',
  'campaign_name',
  'adgroup_id',
  'adgroup_name',
  'creative_id',
  'creative_name',
  'bundle',
  'country',
  'os',
  'timestamp',
] as const;
export type ClickMacro = (typeof CLICK_MACROS)[number];

/** Replaces `{macro}` and `%7Bmacro%7D` by the URL-encoded value (empty when unknown). */
export function fillClickMacros(template: string, values: Partial<Record<ClickMacro, string>>): string {
  return template.replace(/\{([a-z_]+)\}|%7B([a-z_]+)%7D/gi, (match, plain: string, encoded: string) => {
    const name = (plain ?? encoded) as ClickMacro;
    if (!(CLICK_MACROS as readonly string[]).includes(name)) return match;
    const value = encodeURIComponent(values[name] ?? '');
    // Inside an encoded callback URL the value must be encoded once more.
    return encoded ? encodeURIComponent(value) : value;
  });
}

/* ------------------------------------------------------------------------------------------------ */
/* The live test-events panel                                                                        */

export const TRACKING_SOURCES = ['pixel', 'api', 'postback', 'click', 'impression'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

/**
 * Why an event was not counted (or, for `unattributed`, counted without a click): the reasons of the
 * live panel and of a refusal's `data.reason`. `duplicate` is acknowledged to the sender but counted only
 * the first time; `rate_limited` (429) and `busy` (503) refuse a request before it is looked at.
 */
export const TRACKING_REASONS = [
  'unknown_asset',
  'unknown_event',
  'invalid_event',
  'duplicate',
  'unattributed',
  'bad_signature',
  'bad_token',
  'malformed',
  'rate_limited',
  'busy',
] as const;
export type TrackingReason = (typeof TRACKING_REASONS)[number];

/**
 * What a refusal says, as a message key of the domain's catalogue (`tracking.*` in `MESSAGES`) and its
 * parameters: the sender's answer carries it translated, the live panel stores the key and renders it in
 * the reader's language.
 */
export type TrackingMessageKey = Extract<MessageKey, `tracking.${string}`>;
export type TrackingMessageParams = Record<string, string | number>;
export interface TrackingMessage {
  key: TrackingMessageKey;
  params?: TrackingMessageParams;
}

/** One entry of the live panel (`GET /scaler/v3/tracking/live`). */
export const ZLiveEvent = z.object({
  /** Increasing id (a string: a bigint), the cursor for `after`. */
  id: z.string(),
  received_at: z.string(),
  source: z.enum(TRACKING_SOURCES),
  accepted: z.boolean(),
  /** Null for a clean accept; `unattributed` on an accepted event without a known click. */
  reason: z.nullable(z.enum(TRACKING_REASONS)),
  /** Why it was refused, as a `tracking.*` message key (render with `translate`), or null. */
  message: z.nullable(z.string()),
  /** The message's parameters (field names, values as sent). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The event name as sent. */
  event: z.string(),
  /** The asset event it was counted as, when known. */
  event_id: z.nullable(z.string()),
  value: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  click_id: z.nullable(z.string()),
  /** Page URL (pixel), partner (postback) or placement (click): what was sent, not a message. */
  detail: z.nullable(z.string()),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

export const LIVE_EVENTS_LIMIT = 50;
export const LIVE_POLL_MS = 2000;

export const ZLiveEventsQuery = z.object({
  kind: z.enum(['app', 'pixel']),
  /** An id that is not an asset's answers 404 (not found), like an unknown one. */
  asset_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  after: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
});
export type TLiveEventsQuery = z.infer<typeof ZLiveEventsQuery>;

/** `GET /scaler/v3/tracking/live`: newest first, at most `LIVE_EVENTS_LIMIT`, only those after `after`. */
export const ZLiveEvents = z.object({ list: z.array(ZLiveEvent) });
export type TLiveEvents = z.infer<typeof ZLiveEvents>;

/* ------------------------------------------------------------------------------------------------ */
/* Values of events                                                                                  */

/**
 * What an event's value (pixel, events API) or revenue (postback) may be. Refused, with the reason:
 *  - not a plain decimal number (`12.5`, `"12.50"`; no exponent, no thousands separator, no currency sign);
 *  - negative (a refund is not a conversion);
 *  - above `max`, ten billion in the event's currency: more than any single purchase or ad revenue,
 *    also in currencies of small units (IDR, VND), so a larger one is a sender's bug (cents sent as a
 *    timestamp, a phone number) that would swamp every report;
 *  - more than six decimal places.
 * A currency is an ISO 4217 code (three letters, any case) that the runtime's currency list knows.
 */
export const EVENT_VALUE_LIMITS = { min: 0, max: 10_000_000_000, fractionDigits: 6 } as const;

const KNOWN_CURRENCIES: ReadonlySet<string> | null = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : null;
  } catch {
    return null;
  }
})();

/** An ISO 4217 code: three letters, upper-cased, and a currency the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return KNOWN_CURRENCIES === null || KNOWN_CURRENCIES.has(code);
}

/* ------------------------------------------------------------------------------------------------ */
/* Request bodies of the public endpoints                                                            */

const ZLooseNumber = z.nullish(z.union([z.number(), z.string().check(z.maxLength(40))]));
const ZShort = (max: number) => z.string().check(z.maxLength(max));

/** One event of the pixel's collection endpoint, as the pixel script sends it. */
export const ZCollectEvent = z.object({
  pixel_id: ZShort(64).check(z.minLength(1)),
  event: ZShort(100).check(z.minLength(1)),
  /** The browser's id of this event: a resent beacon is counted once. */
  event_id: z.optional(ZShort(128)),
  ts: ZLooseNumber,
  /** Longer page addresses are accepted and kept cut to 2048 characters. */
  url: z.optional(ZShort(8192)),
  ref: z.optional(ZShort(8192)),
  uid: z.optional(ZShort(128)),
  click_id: z.optional(ZShort(200)),
  value: ZLooseNumber,
  currency: z.nullish(ZShort(8)),
  test: z.optional(z.boolean()),
});
export type TCollectEvent = z.infer<typeof ZCollectEvent>;
/** A batch of the collection endpoint: events of one pixel (the pixel script sends one event at a time). */
export const ZCollectBatch = z.object({
  events: z.array(ZCollectEvent).check(z.minLength(1), z.maxLength(MAX_EVENTS_PER_REQUEST)),
});
export const ZCollectBody = z.union([ZCollectEvent, ZCollectBatch]);

/** One event of the server-to-server events API; `event_id` is required, it makes retries safe. */
export const ZApiEvent = z.object({
  event: ZShort(100).check(z.minLength(1)),
  event_id: ZShort(128).check(z.minLength(1)),
  event_time: ZLooseNumber,
  user: z.optional(
    z.object({
      external_id: z.optional(ZShort(128)),
      ip: z.optional(ZShort(64)),
      user_agent: z.optional(ZShort(512)),
    }),
  ),
  properties: z.optional(z.object({ value: ZLooseNumber, currency: z.nullish(ZShort(8)) })),
  click_id: z.optional(ZShort(200)),
  page: z.optional(z.object({ url: z.optional(ZShort(8192)) })),
});
export type TApiEvent = z.infer<typeof ZApiEvent>;
export const ZApiEventsBody = z.object({
  pixel_id: z.optional(ZShort(64)),
  data: z.array(ZApiEvent).check(z.minLength(1), z.maxLength(MAX_EVENTS_PER_REQUEST)),
});
export type TApiEventsBody = z.infer<typeof ZApiEventsBody>;

/* ------------------------------------------------------------------------------------------------ */
/* Answers of the public endpoints                                                                   */

/** `POST /px/collect`. */
export const ZCollectResult = z.object({ accepted: z.int(), duplicate: z.int() });
export type TCollectResult = z.infer<typeof ZCollectResult>;

/** `POST /open/v1/events`: the counts and each event's outcome, in the order sent. */
export const ZApiEventsResult = z.extend(ZCollectResult, {
  events: z.array(z.object({ event_id: z.string(), status: z.enum(['accepted', 'duplicate']) })),
});
export type TApiEventsResult = z.infer<typeof ZApiEventsResult>;

/** `/t/postback/<partner>/<token>`. */
export const ZPostbackResult = z.object({
  status: z.enum(['accepted', 'duplicate']),
  attributed: z.boolean(),
  event_id: z.string(),
});
export type TPostbackResult = z.infer<typeof ZPostbackResult>;

/**
 * One invalid event of a refused request (`data.errors`): its position in the request (null: the
 * request as a whole), the reason, the message in the request's language and the field concerned.
 */
export const ZTrackingError = z.object({
  index: z.nullable(z.int()),
  reason: z.enum(TRACKING_REASONS),
  message: z.string(),
  field: z.optional(z.string()),
});
export type TTrackingError = z.infer<typeof ZTrackingError>;
