import { createHash } from 'node:crypto';
import {
  EVENT_VALUE_LIMITS,
  isCurrencyCode,
  type TrackingMessage,
  type TrackingMessageKey,
  type TrackingMessageParams,
  type TrackingReason,
  translate,
  trimEndChars,
} from '@scaler/domain';

/**
 * A refused tracking request: its HTTP status, the live panel's reason, and what it says as a message key
 * with parameters (translated for the sender, stored as a key for the live panel). `message` is English.
 */
export class TrackingRejection extends Error {
  constructor(
    readonly status: number,
    readonly reason: TrackingReason,
    readonly text: TrackingMessage,
    readonly data?: Record<string, unknown>,
    /** Every invalid event of a refused request, in order (`data.errors` of the answer). */
    readonly errors: EventRefusal[] = [],
  ) {
    super(translate('en-US', text.key, text.params));
  }
}

/** One invalid event of a request: its position (null: the request as a whole), the field, why. */
export interface EventRefusal {
  index: number | null;
  field?: string;
  reason: TrackingReason;
  text: TrackingMessage;
}

/** A request refused for its invalid events: the first one's reason and message, and the whole list. */
export const refusedEvents = (errors: EventRefusal[]) =>
  new TrackingRejection(400, errors[0].reason, errors[0].text, { index: errors[0].index }, errors);

const say = (key: TrackingMessageKey, params?: TrackingMessageParams): TrackingMessage => ({ key, params });

export const malformed = (
  key: TrackingMessageKey,
  params?: TrackingMessageParams,
  data?: Record<string, unknown>,
) => new TrackingRejection(400, 'malformed', say(key, params), data);
export const invalidEvent = (key: TrackingMessageKey, params?: TrackingMessageParams) =>
  new TrackingRejection(400, 'invalid_event', say(key, params));

/** A value as the sender wrote it, short enough to quote in a message. */
const quoted = (raw: unknown) => String(raw).slice(0, 40);

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/**
 * An event value or revenue as an exact decimal string, within `EVENT_VALUE_LIMITS` (not negative, at
 * most ten billion, at most six decimal places).
 */
export function parseDecimal(raw: unknown, field: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const value = { field, value: quoted(typeof raw === 'object' ? JSON.stringify(raw) : raw) };
  if (typeof raw === 'number' && !Number.isFinite(raw))
    throw invalidEvent('tracking.value_not_number', value);
  // A number is a float a page computed (`price * quantity`): rounded to the places a value keeps. A
  // string is taken exactly as written.
  const text =
    typeof raw === 'number'
      ? raw.toFixed(EVENT_VALUE_LIMITS.fractionDigits)
      : typeof raw === 'string'
        ? raw.trim()
        : null;
  const n = typeof raw === 'number' ? raw : Number(text);
  if (text === null || (typeof raw === 'string' && !DECIMAL_RE.test(text)))
    throw invalidEvent('tracking.value_not_number', value);
  if (n < EVENT_VALUE_LIMITS.min) throw invalidEvent('tracking.value_negative', value);
  if (n > EVENT_VALUE_LIMITS.max)
    throw invalidEvent('tracking.value_too_large', {
      ...value,
      max: EVENT_VALUE_LIMITS.max.toLocaleString('en-US'),
    });
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  const kept = trimEndChars(fraction, '0');
  if (kept.length > EVENT_VALUE_LIMITS.fractionDigits)
    throw invalidEvent('tracking.value_precision', { ...value, digits: EVENT_VALUE_LIMITS.fractionDigits });
  // A string is kept as written (`19.990`); a number as its shortest decimal (`0.1`).
  return typeof raw === 'string' && !text.startsWith('-')
    ? text
    : `${whole.replace(/^0+(?=\d)/, '')}${kept ? `.${kept}` : ''}`;
}

/** An ISO 4217 code the runtime knows, upper-cased. */
export function parseCurrency(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!isCurrencyCode(code)) throw invalidEvent('tracking.currency_invalid', { value: quoted(raw) });
  return code;
}

/** How far back and ahead an event time may be. */
export const MAX_EVENT_AGE_MS = 30 * 24 * 3_600_000;
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;

/**
 * An event time: Unix seconds or milliseconds (number or digits), or an ISO 8601 / "YYYY-MM-DD HH:mm:ss"
 * (UTC) string; absent means now. Times more than 30 days old or 10 minutes ahead are refused.
 */
export function parseEventTime(raw: unknown, now: Date): Date {
  if (raw === undefined || raw === null || raw === '') return now;
  let ms: number;
  if (typeof raw === 'number' || (typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw.trim()))) {
    const n = Number(raw);
    ms = n > 1e11 ? n : n * 1000;
  } else if (typeof raw === 'string') {
    const text = raw.trim().replace(' ', 'T');
    ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  } else ms = Number.NaN;
  if (!Number.isFinite(ms)) throw invalidEvent('tracking.time_invalid');
  if (ms > now.getTime() + MAX_CLOCK_SKEW_MS) throw invalidEvent('tracking.time_future');
  if (ms < now.getTime() - MAX_EVENT_AGE_MS)
    throw invalidEvent('tracking.time_old', { days: MAX_EVENT_AGE_MS / 86_400_000 });
  return new Date(Math.floor(ms));
}

/** A short opaque text field (ids, names): trimmed, at most `max` characters, or null. */
export function optionalText(raw: unknown, field: string, max = 128): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw malformed('tracking.text_type', { field });
  const text = String(raw).trim();
  if (text.length > max) throw malformed('tracking.text_too_long', { field, max });
  return text || null;
}

/** A partner that did not fill a macro sends it back literally: `{idfa}`, `(idfa)`, `${(x)!}`, `{{x}}`. */
export function unfilledMacro(value: string): boolean {
  return /^(\{.*\}|\(.*\)|\$\{.*\}|%7B.*%7D)$/i.test(value.trim());
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Identifies a browser or device without keeping the address itself. */
export const addressKey = (ip: string | undefined, ua: string | undefined) =>
  `h:${sha256(`${ip ?? ''}|${ua ?? ''}`)}`;

/** A country code of the placement: two letters, upper-cased; anything else is dropped. */
export const countryCode = (raw: unknown) =>
  typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw.trim()) ? raw.trim().toUpperCase() : '';

/** The placement's OS: 1 iOS, 2 Android, 0 unknown (numbers or names). */
export function osCode(raw: unknown): number {
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().toLowerCase() : '';
  if (text === '1' || text === 'ios') return 1;
  if (text === '2' || text === 'android') return 2;
  return 0;
}

/** NUL and lone surrogates: text PostgreSQL cannot store (and no sender means). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
const badText = (text: string) => text.includes('\u0000') || HAS_LONE_SURROGATE.test(text);

/**
 * Refuses input whose strings PostgreSQL could not store (NUL, lone surrogates) before anything is
 * written, so such a request is a clear 400 and cannot fail a batch of other senders' events.
 */
export function assertStorableText(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (badText(value)) throw malformed('tracking.bad_text');
  } else if (value && typeof value === 'object' && depth < 8) {
    for (const [k, v] of Object.entries(value)) {
      assertStorableText(k, depth + 1);
      assertStorableText(v, depth + 1);
    }
  }
}

/** Text for the live panel: never fails to store, whatever a sender put in it. */
export const storableText = (text: string) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');

/** At most `max` characters (of an optional, unsigned value that must not fail the request). */
export function clipped(raw: unknown, max: number): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return storableText(String(value).trim()).slice(0, max);
}
