/** Report time zones (spec 9): +00:00..+12:00, -01:00..-12:00, and local time +99:00. */
export const LOCAL_TIME_ZONE = '+99:00';
export const DEFAULT_TIME_ZONE = '+00:00';

const pad = (n: number) => String(n).padStart(2, '0');
export const TIME_ZONE_OFFSETS: readonly string[] = [
  ...Array.from({ length: 13 }, (_, h) => `+${pad(h)}:00`),
  ...Array.from({ length: 12 }, (_, h) => `-${pad(h + 1)}:00`),
];
export const TIME_ZONE_CHOICES: readonly string[] = [...TIME_ZONE_OFFSETS, LOCAL_TIME_ZONE];

const OFFSET_RE = /^([+-])(\d{2}):(\d{2})$/;

/** A UTC offset written `±HH:MM`: -12:00..+14:00 in quarter hours (minutes east of UTC), else null. */
export function parseUtcOffset(value: string): number | null {
  const m = OFFSET_RE.exec(value);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) % 15 !== 0 || minutes > 14 * 60) return null;
  const signed = m[1] === '-' ? -minutes : minutes;
  return signed < -12 * 60 ? null : signed;
}

/** Formats minutes east of UTC as +HH:MM. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A report offset the server accepts in the `timezone` header (decisions 6): a whole number of hours,
 * UTC-12:00..UTC+14:00, so that the hourly UTC facts answer its days exactly. Anything else (`+05:30`,
 * `+05:45`, `+05:00:30`, `8`) is null: refused, never rounded.
 */
export function parseReportOffset(value: string): number | null {
  const minutes = parseUtcOffset(value);
  return minutes === null || minutes % 60 !== 0 ? null : minutes;
}

/**
 * The whole-hour offset nearest to `minutes` (a half hour goes west: +05:30 → +05:00, +05:45 → +06:00,
 * -03:30 → -04:00), within -12:00..+14:00: what the console asks for where the browser's own zone is
 * not a whole number of hours.
 */
export function nearestWholeHour(minutes: number): number {
  const hours = Math.ceil(minutes / 60 - 0.5);
  return Math.min(14, Math.max(-12, hours)) * 60 + 0;
}

/** The browser's offset at `date` (minutes east of UTC). */
export const browserOffset = (date: Date = new Date()) => 0 - date.getTimezoneOffset();

/**
 * Resolves the "local time" choice to the browser's offset (decisions 2), or the nearest whole hour when
 * the browser's is not one (reports count by UTC hour); other choices pass through.
 */
export function resolveTimeZone(choice: string, date: Date = new Date()): string {
  return choice === LOCAL_TIME_ZONE ? formatUtcOffset(nearestWholeHour(browserOffset(date))) : choice;
}

export const REPORT_TYPES = ['request', 'event'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'request';

/*
 * Account time zones (decisions 6): an IANA name (`America/New_York`), read with the runtime's tz
 * database through `Intl.DateTimeFormat`, daylight saving included. Accounts saved before they were
 * IANA names hold a fixed offset (`+08:00`): it stays readable, as the `Etc/GMT-8` it equals.
 */

const IANA_RE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const LONG_OFFSET_RE = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/;
const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

function offsetFormat(zone: string): Intl.DateTimeFormat | null {
  let format = offsetFormats.get(zone);
  if (format === undefined) {
    try {
      format = IANA_RE.test(zone)
        ? new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset', year: 'numeric' })
        : null;
    } catch {
      format = null;
    }
    if (offsetFormats.size > 1000) offsetFormats.clear();
    offsetFormats.set(zone, format);
  }
  return format;
}

/** Whether `zone` is an IANA time zone name the runtime knows (an offset like `+08:00` is not one). */
export function isIanaTimeZone(zone: string): boolean {
  return offsetFormat(zone) !== null;
}

/**
 * Minutes east of UTC of a zone at an instant: an IANA name at that instant (daylight saving
 * included), a fixed `±HH:MM` always the same. Null for anything else.
 */
export function zoneOffsetAt(zone: string, at: Date | number): number | null {
  const fixed = parseUtcOffset(zone);
  if (fixed !== null) return fixed;
  const format = offsetFormat(zone);
  if (!format) return null;
  const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = LONG_OFFSET_RE.exec(part);
  if (!m?.[1]) return m ? 0 : null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 60;
  return m[1] === '-' ? -minutes : minutes;
}

/** The IANA name of an account's zone: itself, or for a fixed whole-hour offset its `Etc/GMT` name. */
export function accountZoneName(zone: string): string {
  const fixed = parseUtcOffset(zone);
  if (fixed === null) return zone;
  if (fixed === 0) return 'UTC';
  // `Etc/GMT-8` is UTC+08:00: POSIX signs, the other way round.
  return fixed % 60 === 0 ? `Etc/GMT${fixed > 0 ? '-' : '+'}${Math.abs(fixed) / 60}` : zone;
}

const DAY_MS = 86_400_000;

/**
 * The first instant, from the start of last year to ten years on, at which the zone is not a whole
 * number of hours from UTC (sampled twice a month: every daylight-saving period is longer), or null
 * when it always is. The store keeps UTC hours, so an account's day must be whole UTC hours:
 * Asia/Kolkata (+05:30), Australia/Adelaide (+09:30/+10:30), Asia/Kathmandu (+05:45) are refused.
 */
export function firstPartHour(zone: string, now: Date = new Date()): Date | null {
  const from = Date.UTC(now.getUTCFullYear() - 1, 0, 1);
  for (let i = 0; i < 11 * 24; i += 1) {
    const at = from + Math.floor(i / 2) * (365.25 / 12) * DAY_MS + (i % 2) * 15 * DAY_MS;
    const offset = zoneOffsetAt(zone, at);
    if (offset === null || offset % 60 !== 0) return new Date(at);
  }
  return null;
}

/** An account zone the console may save: a known IANA name (or a fixed offset) always whole hours. */
export function accountZoneProblem(
  zone: string,
): 'validation.timezone_unknown' | 'validation.timezone_part_hour' | null {
  if (parseUtcOffset(zone) === null && !isIanaTimeZone(zone)) return 'validation.timezone_unknown';
  return firstPartHour(zone) ? 'validation.timezone_part_hour' : null;
}
