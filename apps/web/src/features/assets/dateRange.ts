import { parseUtcOffset, REPORT_MAX_DAYS, resolveTimeZone } from '@scaler/domain';
import { getTimeZoneChoice } from '../../lib/preferences';
import type { DateRange } from './api';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The reports open on the last seven days. */
export const DEFAULT_DAYS = 7;

/** Today in the report time zone (the `timezone` header's offset, in which the server counts days). */
export function reportToday(
  now: number = Date.now(),
  zone: string = resolveTimeZone(getTimeZoneChoice()),
): string {
  const offset = parseUtcOffset(zone) ?? 0;
  return new Date(now + offset * 60_000).toISOString().slice(0, 10);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const validDate = (value: string | null): value is string =>
  value !== null && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The report range of the URL (`start`, `end`), or the last seven days; at most `REPORT_MAX_DAYS`. */
export function readDateRange(search: string, today: string): DateRange {
  const params = new URLSearchParams(search);
  const start = params.get('start');
  const end = params.get('end');
  const fallback = { start_date: addDays(today, 1 - DEFAULT_DAYS), end_date: today };
  if (!validDate(start) || !validDate(end) || start > end) return fallback;
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  return days > REPORT_MAX_DAYS ? fallback : { start_date: start, end_date: end };
}

/** The query string with the range set (the default range is left out), keeping everything else. */
export function writeDateRange(search: string, range: DateRange, today: string): string {
  const params = new URLSearchParams(search);
  const isDefault = range.end_date === today && range.start_date === addDays(today, 1 - DEFAULT_DAYS);
  if (isDefault) {
    params.delete('start');
    params.delete('end');
  } else {
    params.set('start', range.start_date);
    params.set('end', range.end_date);
  }
  const out = params.toString();
  return out ? `?${out}` : '';
}
