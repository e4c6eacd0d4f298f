import { type AttributionPartner, PARTNERS, postbackUrl } from '@scaler/domain';

/**
 * The simulated attribution partners. The advertiser configured our postback URL at the partner with the
 * partner's macros (`postbackUrl` of the domain: AppsFlyer `(clickid)`, Adjust `{click_id}`, Branch
 * `${(last_attributed_touch_data.~click_id)!}`, Tenjin `{{click_id}}` …); the partner fills each macro with
 * its own field of the event, percent-encoded, and calls the URL. Fields are named as the partner names
 * them: the name inside each macro of the template, plus Adjust's `activity_kind` (install or event) and
 * `adid` (its device id), of which it builds the event's id.
 *
 * Event names are the partner's own (AppsFlyer `af_purchase`, Branch `PURCHASE`, Airbridge
 * `airbridge.ecommerce.order.completed` …), each one that our postback endpoint maps to a standard app
 * event (`partners.test.ts` checks them against it).
 */

/** The standard app events the simulated users produce. */
export const SIMULATED_APP_EVENTS = ['install', 'registration', 'achieve_level', 'purchase'] as const;
export type SimulatedAppEvent = (typeof SIMULATED_APP_EVENTS)[number];

const names = (install: string, registration: string, level: string, purchase: string) => ({
  install,
  registration,
  achieve_level: level,
  purchase,
});

export const PARTNER_EVENT_NAMES: Record<AttributionPartner, Record<SimulatedAppEvent, string>> = {
  appsflyer: names('install', 'af_complete_registration', 'af_level_achieved', 'af_purchase'),
  // Adjust's install has no event name: `activity_kind=install` says it.
  adjust: names('', 'registration', 'achieve_level', 'purchase'),
  branch: names('INSTALL', 'COMPLETE_REGISTRATION', 'ACHIEVE_LEVEL', 'PURCHASE'),
  kochava: names('Install', 'Registration', 'Level Achieved', 'Purchase'),
  singular: names('__INSTALL__', 'registration', 'achieve_level', 'purchase'),
  tenjin: names('install', 'registration', 'achieve_level', 'purchase'),
  airbridge: names(
    'install',
    'airbridge.user.signup',
    'airbridge.achieveLevel',
    'airbridge.ecommerce.order.completed',
  ),
  appmetrica: names('install', 'registration', 'level_achieved', 'purchase'),
};

/** One install or in-app event as the partner knows it. */
export interface PartnerEvent {
  type: SimulatedAppEvent;
  clickId: string;
  /** The partner's id of the event (Adjust builds its own from the device and the time). */
  eventUid: string;
  /** When it happened, Unix seconds. */
  ts: number;
  /** '' when the device has none (or limits ad tracking). */
  idfa: string;
  gaid: string;
  /** The device's id at the partner. */
  deviceId: string;
  revenue?: string;
  currency?: string;
}

/** The macro syntaxes of the partners: `${(path)!}`, `{{name}}`, `{name}`, `(name)`. */
const MACRO_RE = /\$\{\(([^)]*)\)!\}|\{\{([^}]*)\}\}|\{([^}]*)\}|\(([^)]*)\)/g;

/** The field name of a template value that is exactly one macro; null for a literal or a composite. */
function fieldOf(template: string): string | null {
  const matches = [...template.matchAll(MACRO_RE)];
  if (matches.length !== 1 || matches[0][0] !== template) return null;
  const m = matches[0];
  return m[1] ?? m[2] ?? m[3] ?? m[4] ?? null;
}

/** The partner's fields of an event, by the names its macros use. */
export function partnerFields(partner: AttributionPartner, e: PartnerEvent): Map<string, string> {
  const revenue = partner === 'tenjin' && e.currency !== 'USD' ? '' : (e.revenue ?? '');
  const ours: Record<string, string> = {
    click_id: e.clickId,
    event: PARTNER_EVENT_NAMES[partner][e.type],
    revenue,
    currency: revenue ? (e.currency ?? '') : '',
    event_uid: e.eventUid,
    ts: String(e.ts),
    idfa: e.idfa,
    gaid: e.gaid,
  };
  const fields = new Map<string, string>();
  if (partner === 'adjust') {
    fields.set('activity_kind', e.type === 'install' ? 'install' : 'event');
    fields.set('adid', e.deviceId);
  }
  const { extra: _extra, ...macros } = PARTNERS[partner].postback;
  for (const [key, template] of Object.entries(macros)) {
    const field = fieldOf(template);
    // Two of ours under one field (Tenjin's `advertising_id` for both ids): the one that is set.
    if (field && (ours[key] || !fields.get(field))) fields.set(field, ours[key] ?? '');
  }
  return fields;
}

/** Our postback URL as the partner calls it for the event: every macro filled, percent-encoded. */
export function partnerPostbackUrl(
  baseUrl: string,
  partner: AttributionPartner,
  postbackToken: string,
  e: PartnerEvent,
): string {
  const template = postbackUrl(baseUrl, partner, postbackToken);
  const at = template.indexOf('?');
  const fields = partnerFields(partner, e);
  const query = template
    .slice(at + 1)
    .replace(MACRO_RE, (_m, a?: string, b?: string, c?: string, d?: string) =>
      encodeURIComponent(fields.get(a ?? b ?? c ?? d ?? '') ?? ''),
    );
  return `${template.slice(0, at)}?${query}`;
}

/** The parameter of the partner's click link that carries our click id (`clickid`, `~click_id`, `cl` …). */
export function clickIdParam(partner: AttributionPartner): string | null {
  const link = new URL(PARTNERS[partner].clickUrl('app'));
  for (const [name, value] of link.searchParams) if (value === '{click_id}') return name;
  return null;
}

export const isPartner = (name: string): name is AttributionPartner => Object.hasOwn(PARTNERS, name);
