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

/** A UTC offset the server accepts in the `timezone` header: -12:00..+14:00 in quarter hours. */
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

/** Resolves the "local time" choice to the browser's offset (decisions 2); other choices pass through. */
export function resolveTimeZone(choice: string, date: Date = new Date()): string {
  return choice === LOCAL_TIME_ZONE ? formatUtcOffset(-date.getTimezoneOffset()) : choice;
}

export const REPORT_TYPES = ['request', 'event'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'request';
