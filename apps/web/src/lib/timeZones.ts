import { LOCAL_TIME_ZONE, parseUtcOffset, resolveTimeZone } from '@scaler/domain';

/** "UTC+08:00", or for the local-time choice "Local time (UTC+02:00)" with the browser's offset. */
export function timeZoneLabel(
  choice: string,
  localLabel: (offset: string) => string,
  now = new Date(),
): string {
  if (choice === LOCAL_TIME_ZONE) return localLabel(`UTC${resolveTimeZone(choice, now)}`);
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
