import { type AttributionPartner, trimChars } from '@scaler/domain';
import { optionalText, parseCurrency, parseDecimal, unfilledMacro } from './values';

/** A partner postback reduced to what attribution needs. */
export interface ParsedPostback {
  clickId: string | null;
  /** The event as the partner named it (empty: the install postback of partners that send none). */
  event: string;
  revenue: string | null;
  currency: string | null;
  /** The partner's id of the event, when it sends one. */
  eventUid: string | null;
  /** The raw time value; parsed by the caller against the clock. */
  ts: unknown;
  idfa: string | null;
  gaid: string | null;
}

/**
 * The names each partner uses for our parameters, first match wins: our own parameter names (what the
 * postback URL of `postbackUrl` carries), then the partner's native field names, so a JSON webhook
 * (Branch), a push API body (AppsFlyer) or a hand-built URL work as well.
 */
const FIELDS: Record<
  keyof Omit<ParsedPostback, 'event'> | 'event' | 'kind',
  Record<AttributionPartner, string[]>
> = {
  clickId: {
    appsflyer: ['click_id', 'clickid'],
    adjust: ['click_id'],
    branch: ['click_id', 'last_attributed_touch_data.~click_id', 'last_attributed_touch_data.click_id'],
    kochava: ['click_id'],
    singular: ['click_id', 'cl'],
    tenjin: ['click_id'],
    airbridge: ['click_id', 'clickID'],
    appmetrica: ['click_id'],
  },
  event: {
    appsflyer: ['event', 'event_name'],
    adjust: ['event', 'event_name'],
    branch: ['event', 'name'],
    kochava: ['event', 'event_name'],
    singular: ['event', 'event_name', 'evtname'],
    tenjin: ['event', 'event_name'],
    airbridge: ['event', 'event_category', 'eventCategory'],
    appmetrica: ['event', 'event_name'],
  },
  kind: {
    appsflyer: ['event_type'],
    adjust: ['activity_kind'],
    branch: [],
    kochava: [],
    singular: [],
    tenjin: [],
    airbridge: [],
    appmetrica: [],
  },
  revenue: {
    appsflyer: ['revenue', 'event_revenue', 'af_revenue'],
    adjust: ['revenue', 'revenue_float'],
    branch: ['revenue', 'event_data.revenue'],
    kochava: ['revenue', 'event_value'],
    singular: ['revenue', 'amount'],
    tenjin: ['revenue', 'revenue_usd_gross', 'revenue_usd'],
    airbridge: ['revenue', 'event_value', 'eventValue'],
    appmetrica: ['revenue', 'event_revenue'],
  },
  currency: {
    appsflyer: ['currency', 'event_revenue_currency', 'af_currency'],
    adjust: ['currency'],
    branch: ['currency', 'event_data.currency'],
    kochava: ['currency'],
    singular: ['currency'],
    tenjin: ['currency'],
    airbridge: ['currency'],
    appmetrica: ['currency', 'event_revenue_currency'],
  },
  eventUid: {
    appsflyer: ['event_uid', 'event_id'],
    adjust: ['event_uid'],
    branch: ['event_uid', 'id'],
    kochava: ['event_uid', 'event_id'],
    singular: ['event_uid', 'event_id'],
    tenjin: ['event_uid', 'event_uuid'],
    airbridge: ['event_uid', 'event_uuid', 'eventUUID'],
    appmetrica: ['event_uid', 'transaction_id'],
  },
  ts: {
    appsflyer: ['ts', 'event_time', 'install_time'],
    adjust: ['ts', 'created_at'],
    branch: ['ts', 'timestamp'],
    kochava: ['ts', 'event_time'],
    singular: ['ts', 'utc_timestamp'],
    tenjin: ['ts', 'created_at'],
    airbridge: ['ts', 'event_timestamp', 'eventTimestamp'],
    appmetrica: ['ts', 'event_timestamp', 'event_datetime'],
  },
  idfa: {
    appsflyer: ['idfa'],
    adjust: ['idfa'],
    branch: ['idfa', 'user_data.idfa'],
    kochava: ['idfa'],
    singular: ['idfa'],
    tenjin: ['idfa'],
    airbridge: ['idfa', 'ifa'],
    appmetrica: ['idfa', 'ios_ifa'],
  },
  gaid: {
    appsflyer: ['gaid', 'advertising_id', 'advertiserId'],
    adjust: ['gaid', 'gps_adid'],
    branch: ['gaid', 'user_data.aaid'],
    kochava: ['gaid', 'adid'],
    singular: ['gaid', 'aifa'],
    tenjin: ['gaid', 'advertising_id'],
    airbridge: ['gaid'],
    appmetrica: ['gaid', 'google_aid'],
  },
};

/** Flattens a JSON body to dotted paths (`event_data.revenue`), at most three levels deep. */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}, depth = 0) {
  if (value && typeof value === 'object' && !Array.isArray(value) && depth < 3) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
  } else if (prefix) out[prefix] = value;
  return out;
}

/** Reads a postback of `partner` from its query string and body (JSON or form). */
export function parsePostback(
  partner: AttributionPartner,
  query: Record<string, unknown>,
  body: unknown,
): ParsedPostback {
  const fields = { ...flatten(body), ...query };
  const pick = (name: keyof typeof FIELDS): unknown => {
    for (const key of FIELDS[name][partner]) {
      const v = fields[key];
      if (v === undefined || v === null) continue;
      if (typeof v === 'string' && (v.trim() === '' || unfilledMacro(v))) continue;
      return Array.isArray(v) ? v[0] : v;
    }
    return undefined;
  };
  const text = (name: keyof typeof FIELDS, max = 128) => optionalText(pick(name), name, max);
  let event = optionalText(pick('event'), 'event', 100) ?? '';
  const kind = optionalText(pick('kind'), 'activity_kind', 40);
  // Adjust sends `activity_kind` install/session/event: the event name matters only for `event`.
  if (kind && kind.toLowerCase() !== 'event' && !event) event = kind;
  if (kind && kind.toLowerCase() === 'install') event = 'install';
  const revenue = parseDecimal(pick('revenue'), 'revenue');
  const currency = parseCurrency(pick('currency'));
  // Any click id is taken as given: one that is not ours (another network's, say) simply finds no click
  // and the postback is stored as unattributed.
  const clickId = text('clickId', 200);
  return {
    clickId,
    event,
    revenue,
    // A revenue without a currency is taken as USD, the partners' reporting default.
    currency: revenue === null ? currency : (currency ?? 'USD'),
    eventUid: text('eventUid', 200),
    ts: pick('ts'),
    idfa: text('idfa', 64),
    gaid: text('gaid', 64),
  };
}

/** Partner event names → our standard app event types. */
const ALIASES: Record<string, string> = {
  install: 'install',
  installs: 'install',
  first_open: 'install',
  reinstall: 'install',
  open: 'open',
  launch: 'open',
  app_open: 'open',
  session: 'open',
  reopen: 'open',
  af_app_opened: 'open',
  registration: 'registration',
  complete_registration: 'registration',
  af_complete_registration: 'registration',
  sign_up: 'registration',
  signup: 'registration',
  'airbridge.user.signup': 'registration',
  login: 'login',
  af_login: 'login',
  'airbridge.user.signin': 'login',
  tutorial_completion: 'tutorial_completion',
  af_tutorial_completion: 'tutorial_completion',
  complete_tutorial: 'tutorial_completion',
  'airbridge.completetutorial': 'tutorial_completion',
  add_to_cart: 'add_to_cart',
  af_add_to_cart: 'add_to_cart',
  'airbridge.ecommerce.product.addedtocart': 'add_to_cart',
  checkout: 'checkout',
  initiate_purchase: 'checkout',
  initiated_checkout: 'checkout',
  af_initiated_checkout: 'checkout',
  'airbridge.initiatecheckout': 'checkout',
  purchase: 'purchase',
  af_purchase: 'purchase',
  order_completed: 'purchase',
  'airbridge.ecommerce.order.completed': 'purchase',
  revenue: 'purchase',
  subscribe: 'subscribe',
  af_subscribe: 'subscribe',
  'airbridge.subscribe': 'subscribe',
  start_trial: 'start_trial',
  af_start_trial: 'start_trial',
  'airbridge.starttrial': 'start_trial',
  achieve_level: 'achieve_level',
  level_achieved: 'achieve_level',
  af_level_achieved: 'achieve_level',
  'airbridge.achievelevel': 'achieve_level',
  unlock_achievement: 'unlock_achievement',
  achievement_unlocked: 'unlock_achievement',
  af_achievement_unlocked: 'unlock_achievement',
  'airbridge.unlockachievement': 'unlock_achievement',
  spend_credits: 'spend_credits',
  af_spent_credits: 'spend_credits',
  'airbridge.spendcredit': 'spend_credits',
  ad_revenue: 'ad_revenue',
  af_ad_revenue: 'ad_revenue',
  'airbridge.adimpression': 'ad_revenue',
};

/**
 * The names to try, in order, for a partner's event against the app's events: our standard type by
 * alias (`af_purchase`, `PURCHASE`, `__INSTALL__`, `Order Completed` → purchase ...), then the name as
 * sent (a custom event id). Partners that send no name on the install postback mean `install`.
 */
export function appEventCandidates(event: string): string[] {
  const raw = event.trim().toLowerCase();
  if (raw === '') return ['install'];
  const normal = trimChars(raw, '_').replace(/[\s-]+/g, '_');
  const alias = ALIASES[normal] ?? ALIASES[raw];
  return [...new Set([alias, normal, raw].filter((n): n is string => Boolean(n)))];
}
