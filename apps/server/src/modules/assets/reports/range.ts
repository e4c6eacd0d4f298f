/** A report's date range (days in the caller's UTC offset) as UTC instants, and back. */
export interface ReportRange {
  startDate: string;
  endDate: string;
  /** Minutes east of UTC (the `timezone` header). */
  tzMinutes: number;
  /** First instant of `startDate` in that offset. */
  from: Date;
  /** First instant after `endDate` in that offset. */
  to: Date;
}

const DAY_MS = 86_400_000;

export function reportRange(startDate: string, endDate: string, tzMinutes: number): ReportRange {
  const shift = tzMinutes * 60_000;
  return {
    startDate,
    endDate,
    tzMinutes,
    from: new Date(Date.parse(`${startDate}T00:00:00Z`) - shift),
    to: new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS - shift),
  };
}

/** The day (YYYY-MM-DD) an instant falls on in the range's offset. */
export function localDate(at: Date, tzMinutes: number): string {
  return new Date(at.getTime() + tzMinutes * 60_000).toISOString().slice(0, 10);
}

/** Every day of the range, newest first. */
export function daysOf(range: ReportRange): string[] {
  const out: string[] = [];
  for (
    let t = Date.parse(`${range.endDate}T00:00:00Z`);
    t >= Date.parse(`${range.startDate}T00:00:00Z`);
    t -= DAY_MS
  )
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
