import { parseUtcOffset } from '@scaler/domain';

/**
 * Time as an account or a report sees it. Offsets are minutes east of UTC (`+08:00` → 480). Facts are
 * kept by UTC hour; a day of a zone with a whole-hour offset is 24 whole UTC hours.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function offsetMinutes(zone: string): number {
  return parseUtcOffset(zone) ?? 0;
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(at: Date, offset: number): string {
  return new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 10);
}

/** The instant a local day starts. */
export function dayStartUtc(day: string, offset: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offset * 60_000);
}

/** Hour of the week in a zone: Monday 00:00–01:00 is 0, Sunday 23:00–24:00 is 167 (the dayparting grid). */
export function weekHour(at: Date, offset: number): number {
  const local = new Date(at.getTime() + offset * 60_000);
  const monday0 = (local.getUTCDay() + 6) % 7;
  return monday0 * 24 + local.getUTCHours();
}

/** What "now" means for an account: its day, where that day started (UTC), and the hour of the week. */
export interface AccountClock {
  /** Minutes east of UTC. */
  offset: number;
  today: string;
  todayStart: Date;
  weekHour: number;
}

export function accountClock(zone: string, now: Date = new Date()): AccountClock {
  const offset = offsetMinutes(zone);
  const today = localDate(now, offset);
  return { offset, today, todayStart: dayStartUtc(today, offset), weekHour: weekHour(now, offset) };
}

/**
 * A range of local days [start, end] as UTC: the whole UTC days inside it (read from a daily rollup)
 * and the instants at its two ends (read from the hourly facts).
 */
export interface UtcRange {
  /** First instant of the range. */
  from: Date;
  /** First instant after the range. */
  to: Date;
  /** Whole UTC days inside [from, to): `dayFrom` ≤ day < `dayTo` (`YYYY-MM-DD`); empty when equal. */
  dayFrom: string;
  dayTo: string;
}

export function utcRange(startDay: string, endDay: string, offset: number): UtcRange {
  const from = dayStartUtc(startDay, offset);
  const to = new Date(dayStartUtc(endDay, offset).getTime() + DAY);
  const firstWhole = Math.ceil(from.getTime() / DAY) * DAY;
  const lastWhole = Math.floor(to.getTime() / DAY) * DAY;
  if (lastWhole <= firstWhole) {
    const d = new Date(firstWhole).toISOString().slice(0, 10);
    return { from, to, dayFrom: d, dayTo: d };
  }
  return {
    from,
    to,
    dayFrom: new Date(firstWhole).toISOString().slice(0, 10),
    dayTo: new Date(lastWhole).toISOString().slice(0, 10),
  };
}

/** The hourly pieces of a range outside its whole UTC days. */
export function edgeHours(r: UtcRange): { from: Date; to: Date }[] {
  if (r.dayFrom === r.dayTo) return [{ from: r.from, to: r.to }];
  const a = new Date(`${r.dayFrom}T00:00:00Z`);
  const b = new Date(`${r.dayTo}T00:00:00Z`);
  const pieces = [];
  if (r.from < a) pieces.push({ from: r.from, to: a });
  if (b < r.to) pieces.push({ from: b, to: r.to });
  return pieces;
}
