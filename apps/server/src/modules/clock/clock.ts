import { parseUtcOffset, zoneOffsetAt } from '@scaler/domain';

/**
 * Time as an account or a report sees it. Facts are kept by UTC hour. A report's zone is a fixed
 * whole-hour offset (minutes east of UTC, `+08:00` → 480), so its day is 24 whole UTC hours. An
 * account's zone is an IANA name with daylight saving (`America/New_York`; an account saved before
 * holds a fixed `+08:00`, read as such), always a whole number of hours from UTC, so its days are whole
 * UTC hours too, 23 or 25 of them on the days its clocks change. Every function below takes either.
 */
export type Zone = number | string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Minutes east of UTC of a zone at an instant (UTC for a zone the runtime does not know). */
export function offsetAt(zone: Zone, at: Date | number): number {
  return typeof zone === 'number' ? zone : (zoneOffsetAt(zone, at) ?? 0);
}

/** A zone's offset now: fixed for a report zone, today's for an account's IANA zone. */
export function offsetMinutes(zone: string, now: Date = new Date()): number {
  return parseUtcOffset(zone) ?? offsetAt(zone, now);
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(at: Date, zone: Zone): string {
  return new Date(at.getTime() + offsetAt(zone, at) * 60_000).toISOString().slice(0, 10);
}

/** A zone as an account stores it (`+08:00` or an IANA name), as the functions here take it. */
export const zoneOf = (stored: string): Zone => parseUtcOffset(stored) ?? stored;

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']);

/** A stored account zone whose days are always UTC days (the statistics store keeps no local rollup). */
export const isUtcZone = (stored: string): boolean => parseUtcOffset(stored) === 0 || UTC_NAMES.has(stored);

/**
 * Whether every day of a report of `offset` (minutes east of UTC) from `startDay` to `endDay` is the
 * same day of the stored account zone: a fixed zone of that offset, or one whose offset holds from
 * before the first day to after the last (no daylight saving change inside).
 */
export function sameDays(stored: string, offset: number, startDay: string, endDay: string): boolean {
  const zone = zoneOf(stored);
  if (typeof zone === 'number') return zone === offset;
  const from = Date.parse(`${startDay}T00:00:00Z`) - offset * 60_000;
  const to = Date.parse(`${endDay}T00:00:00Z`) + DAY - offset * 60_000;
  // Changes of offset are months apart: checking every day's start finds any.
  for (let t = from; t <= to; t += DAY) if (offsetAt(zone, t) !== offset) return false;
  return offsetAt(zone, to - 1) === offset;
}

/** `YYYY-MM-DD` plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/**
 * The instant a local day starts: its first instant whose local date is that day. With a fixed offset,
 * midnight less the offset. With daylight saving, the offset in force before local midnight, unless the
 * clocks change between then and midnight (a change at midnight skips it: the day starts at the change).
 */
export function dayStartUtc(day: string, zone: Zone): Date {
  const base = Date.parse(`${day}T00:00:00Z`);
  if (typeof zone === 'number') return new Date(base - zone * 60_000);
  // Every zone is within -12..+14 hours: the day starts inside [base - 14 h, base + 12 h].
  const a = base - 15 * HOUR;
  const b = base + 13 * HOUR;
  const before = offsetAt(zone, a);
  const after = offsetAt(zone, b);
  if (before === after) return new Date(base - before * 60_000);
  // One change in (a, b] (changes are months apart): find its instant, to the minute.
  let lo = a;
  let hi = b;
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (offsetAt(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  const change = hi;
  const midnightBefore = base - before * 60_000;
  if (midnightBefore < change) return new Date(midnightBefore);
  return new Date(Math.max(change, base - after * 60_000));
}

/** Hours in a local day: 24, or 23 and 25 on the days daylight saving starts and ends. */
export function dayHours(day: string, zone: Zone): number {
  return (dayStartUtc(addDays(day, 1), zone).getTime() - dayStartUtc(day, zone).getTime()) / HOUR;
}

/**
 * Hour of the week in a zone: Monday 00:00–01:00 is 0, Sunday 23:00–24:00 is 167 (the dayparting grid).
 * By the local clock: the hour skipped when clocks go forward is no instant's, the hour repeated when they
 * go back is two hours' of the same cell.
 */
export function weekHour(at: Date, zone: Zone): number {
  const local = new Date(at.getTime() + offsetAt(zone, at) * 60_000);
  const monday0 = (local.getUTCDay() + 6) % 7;
  return monday0 * 24 + local.getUTCHours();
}

/** What "now" means for an account: its day, where that day starts and ends (UTC), the hour of the week. */
export interface AccountClock {
  /** The account's zone: an IANA name, or a fixed offset of an account saved before. */
  zone: string;
  /** Minutes east of UTC now. */
  offset: number;
  today: string;
  todayStart: Date;
  /** The first instant of tomorrow: today is 23, 24 or 25 hours. */
  todayEnd: Date;
  weekHour: number;
}

export function accountClock(zone: string, now: Date = new Date()): AccountClock {
  const today = localDate(now, zone);
  return {
    zone,
    offset: offsetAt(zone, now),
    today,
    todayStart: dayStartUtc(today, zone),
    todayEnd: dayStartUtc(addDays(today, 1), zone),
    weekHour: weekHour(now, zone),
  };
}

/**
 * A range of local days [start, end] as UTC: the whole UTC days inside it and the instants at its
 * two ends.
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

export function utcRange(startDay: string, endDay: string, zone: Zone): UtcRange {
  const from = dayStartUtc(startDay, zone);
  const to = dayStartUtc(addDays(endDay, 1), zone);
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

/** Hours of the facts added to (`sign` 1) or taken from (-1) a sum of whole UTC days. */
export interface HourPiece {
  from: Date;
  to: Date;
  sign: 1 | -1;
}

/**
 * How to sum a range from running totals by UTC day and hourly facts: the UTC days [dayFrom, dayTo)
 * whole, plus or minus hourly pieces. Each end that falls inside a UTC day is read the shorter way:
 * the hours of that day inside the range (added), or the whole day less the hours outside it (taken
 * away). A day at +08:00 is 8 hours of one UTC day plus 16 of the next: read as the 8 hours plus the
 * next day less its last 8 hours, at most 12 hours an end.
 */
export function rangeReads(r: UtcRange): { dayFrom: string; dayTo: string; hours: HourPiece[] } {
  const from = r.from.getTime();
  const to = r.to.getTime();
  const hours: HourPiece[] = [];
  let first = Math.ceil(from / DAY) * DAY;
  if (first !== from) {
    if (first - from <= DAY / 2) hours.push({ from: r.from, to: new Date(first), sign: 1 });
    else {
      first -= DAY;
      hours.push({ from: new Date(first), to: r.from, sign: -1 });
    }
  }
  let last = Math.floor(to / DAY) * DAY;
  if (last !== to) {
    if (to - last <= DAY / 2) hours.push({ from: new Date(last), to: r.to, sign: 1 });
    else {
      last += DAY;
      hours.push({ from: r.to, to: new Date(last), sign: -1 });
    }
  }
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { dayFrom: day(first), dayTo: day(last), hours };
}

/**
 * Days of a whole-hour zone other than UTC, read from a daily rollup: each local day D is its base UTC
 * day D + k, plus the hours of D outside it, less the hours of the base day outside D. Those are the
 * same hours of the UTC day for every D (the window `hoursOfDay`, at most 12 of 24), and each one is
 * added to its local day and taken from the local day whose base day holds it, so every such hour is
 * read once for two corrections. `hours` lists the ones a range needs; null for zones of part hours.
 */
export function localDayReads(
  startDay: string,
  endDay: string,
  offset: number,
): { k: number; hoursOfDay: number[]; hours: Date[] } | null {
  if (offset % 60 !== 0 || offset % 1440 === 0) return null;
  const h = offset / 60;
  let k: number;
  let window: [number, number];
  if (h > 0) {
    [k, window] = h <= 12 ? [0, [24 - h, 24]] : [-1, [0, 24 - h]];
  } else {
    [k, window] = -h <= 12 ? [0, [0, -h]] : [1, [-h, 24]];
  }
  const hoursOfDay = Array.from({ length: window[1] - window[0] }, (_, i) => window[0] + i);
  const hours: Date[] = [];
  const inRange = (d: string) => d >= startDay && d <= endDay;
  for (let day = addDays(startDay, -2); day <= addDays(endDay, 2); day = addDays(day, 1)) {
    for (const hod of hoursOfDay) {
      const at = new Date(Date.parse(`${day}T00:00:00Z`) + hod * HOUR);
      if (inRange(localDate(at, offset)) || inRange(addDays(day, -k))) hours.push(at);
    }
  }
  return { k, hoursOfDay, hours };
}
