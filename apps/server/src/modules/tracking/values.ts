import { createHash } from 'node:crypto';
import type { TrackingReason } from '@scaler/domain';

/** A refused tracking request: its HTTP status, the live panel's reason and a message for the sender. */
export class TrackingRejection extends Error {
  constructor(
    readonly status: number,
    readonly reason: TrackingReason,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const malformed = (message: string, data?: Record<string, unknown>) =>
  new TrackingRejection(400, 'malformed', message, data);
export const invalidEvent = (message: string, data?: Record<string, unknown>) =>
  new TrackingRejection(400, 'invalid_event', message, data);

const DECIMAL_RE = /^-?\d{1,14}(\.\d{1,6})?$/;

/** An event value or revenue as an exact decimal string (at most 14 integer and 6 fraction digits). */
export function parseDecimal(raw: unknown, field: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || Math.abs(raw) >= 1e14) throw invalidEvent(`${field} must be a number`);
    text = raw.toFixed(6).replace(/\.?0+$/, '');
  } else if (typeof raw === 'string') text = raw.trim();
  else throw invalidEvent(`${field} must be a number`);
  if (!DECIMAL_RE.test(text))
    throw invalidEvent(`${field} must be a decimal number, got "${String(raw).slice(0, 40)}"`);
  return text;
}

/** An ISO 4217 code, upper-cased. */
export function parseCurrency(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !/^[A-Za-z]{3}$/.test(raw.trim()))
    throw invalidEvent('currency must be a three-letter ISO 4217 code');
  return raw.trim().toUpperCase();
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
  if (!Number.isFinite(ms)) throw invalidEvent('event time is not a timestamp');
  if (ms > now.getTime() + MAX_CLOCK_SKEW_MS) throw invalidEvent('event time is in the future');
  if (ms < now.getTime() - MAX_EVENT_AGE_MS) throw invalidEvent('event time is more than 30 days old');
  return new Date(Math.floor(ms));
}

/** A short opaque text field (ids, names): trimmed, at most `max` characters, or null. */
export function optionalText(raw: unknown, field: string, max = 128): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw malformed(`${field} must be a string`);
  const text = String(raw).trim();
  if (text.length > max) throw malformed(`${field} is longer than ${max} characters`);
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
    if (badText(value))
      throw malformed('The request contains characters that are not valid text (NUL or a lone surrogate).');
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
