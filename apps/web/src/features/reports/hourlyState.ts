import { REPORT_METRICS, type ReportMetric } from '@scaler/domain';

/**
 * `/report/hourly` in the URL: the day (`day`), the day it is compared with (`compare`, by default the
 * day before), the charted metric and the campaigns it is limited to. Days of the report time zone.
 */
export interface HourlyState {
  day: string;
  compare: string;
  metric: ReportMetric;
  campaignIds: number[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const valid = (d: string | null): d is string => d !== null && DAY.test(d) && !Number.isNaN(Date.parse(d));
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export function readHourlyState(search: string, today: string): HourlyState {
  const p = new URLSearchParams(search);
  const dayParam = p.get('day');
  const day = valid(dayParam) && dayParam <= today ? dayParam : today;
  const compareParam = p.get('compare');
  const metric = p.get('metric') ?? '';
  return {
    day,
    compare: valid(compareParam) && compareParam <= today ? compareParam : dayBefore(day),
    metric: (REPORT_METRICS as readonly string[]).includes(metric) ? (metric as ReportMetric) : 'gmv',
    campaignIds: (p.get('campaign_ids') ?? '')
      .split(',')
      .filter((v) => /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647)
      .map(Number)
      .slice(0, 200),
  };
}

export function writeHourlyState(search: string, next: Partial<HourlyState>): string {
  const p = new URLSearchParams(search);
  if (next.day !== undefined) p.set('day', next.day);
  if (next.compare !== undefined) p.set('compare', next.compare);
  if (next.metric !== undefined) {
    if (next.metric === 'gmv') p.delete('metric');
    else p.set('metric', next.metric);
  }
  if (next.campaignIds !== undefined) {
    if (next.campaignIds.length === 0) p.delete('campaign_ids');
    else p.set('campaign_ids', next.campaignIds.join(','));
  }
  const text = p.toString();
  return text ? `?${text}` : '';
}

/**
 * The 24 hours of a day with a metric's value each (hours without delivery are 0); the hours after
 * `lastHour` have not happened yet (the day is today): null, not 0.
 */
export function byHour(rows: readonly { hour?: number }[], metric: string, lastHour = 23): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: 24 }, (_, h) => (h > lastHour ? null : 0));
  for (const r of rows) {
    const h = r.hour;
    if (typeof h === 'number' && h >= 0 && h <= lastHour)
      out[h] = Number((r as Record<string, unknown>)[metric] ?? 0);
  }
  return out;
}

/** The last hour of `day` that has begun, in the report time zone whose today is `today` (23: a past day). */
export function lastHourOf(day: string, today: string, now: number, offsetMinutes: number): number {
  if (day < today) return 23;
  if (day > today) return -1;
  return new Date(now + offsetMinutes * 60_000).getUTCHours();
}

/** The change from `b` to `a` as a ratio, or null when there is nothing to compare (an hour not yet, or 0). */
export function changeOf(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  if (b === 0) return a === 0 ? 0 : null;
  return (a - b) / b;
}
