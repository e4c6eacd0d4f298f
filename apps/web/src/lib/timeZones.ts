import {
  browserOffset,
  formatUtcOffset,
  LOCAL_TIME_ZONE,
  nearestWholeHour,
  parseUtcOffset,
  resolveTimeZone,
} from '@scaler/domain';

/**
 * When the browser's offset is not a whole number of hours (India's UTC+05:30), the whole-hour zone the
 * console reports in instead ("local time" is sent as it: the store keeps UTC hours), else null.
 */
export function localRounding(now = new Date()): { browser: string; used: string } | null {
  const browser = browserOffset(now);
  const used = nearestWholeHour(browser);
  return browser === used
    ? null
    : { browser: `UTC${formatUtcOffset(browser)}`, used: `UTC${formatUtcOffset(used)}` };
}

/**
 * "UTC+08:00", or for the local-time choice "Local time (UTC+02:00)" with the browser's offset; `browser`
 * is given when that offset is not whole hours and the nearest whole hour is used instead.
 */
export function timeZoneLabel(
  choice: string,
  localLabel: (offset: string, browser?: string) => string,
  now = new Date(),
): string {
  if (choice === LOCAL_TIME_ZONE)
    return localLabel(`UTC${resolveTimeZone(choice, now)}`, localRounding(now)?.browser);
  return `UTC${choice}`;
}

/**
 * Time zones in the order of a map, west to east (UTC−12:00 … UTC+12:00), with local time first when it
 * is one of the choices: the order people look for a zone in, instead of the spec's table order.
 */
export function westToEast(choices: readonly string[]): string[] {
  const local = choices.filter((c) => c === LOCAL_TIME_ZONE);
  const offsets = choices
    .filter((c) => c !== LOCAL_TIME_ZONE)
    .map((c) => ({ c, minutes: parseUtcOffset(c) ?? 0 }))
    .sort((a, b) => a.minutes - b.minutes)
    .map((x) => x.c);
  return [...local, ...offsets];
}

/** An account's zone as people read it: `America/New_York (UTC-05:00)`, or `UTC+08:00` for a fixed one. */
export function accountZoneText(name: string, offset: string): string {
  return name === 'UTC' || name.startsWith('Etc/') || !name.includes('/')
    ? `UTC${offset}`
    : `${name} (UTC${offset})`;
}
