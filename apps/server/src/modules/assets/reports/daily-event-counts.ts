import type { ReportType } from '@scaler/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { trackingHourly } from '../../../db/schema';
import { BASIS, HOURLY_KIND } from '../../tracking/hourly';
import { sumDecimals } from './decimal';
import type { ReportRange } from './range';

const HOUR_MS = 3_600_000;

/** One event of one app or pixel on one day of the range, as the event reports need it. */
export interface DailyEventCount {
  /** YYYY-MM-DD in the range's UTC offset. */
  date: string;
  /** The asset event's `event_id` (standard: the event type; custom: the advertiser's id). */
  eventId: string;
  pv: number;
  uv: number;
  /** Sum of values (pixel) or revenue (app), exact decimal string. */
  value: string;
  /** When the newest of these events was recorded. */
  lastAt: Date | null;
}

export interface DailyEventCountQuery {
  kind: 'app' | 'pixel';
  advId: number;
  assetId: string;
  range: ReportRange;
  /** Event time, or request (click) time. */
  basis: ReportType;
}

/**
 * The recorded events of an asset per event and day, read from the tracking side's hourly aggregate
 * (`tracking_hourly`, kind 3 = conversion events) on the chosen time basis. A day is made of the hours
 * whose start falls in it in the range's offset (offsets that are not whole hours round to the hour).
 */
export async function dailyEventCounts(
  db: Executor,
  query: DailyEventCountQuery,
): Promise<DailyEventCount[]> {
  const h = trackingHourly;
  const shiftMinutes = Math.round(query.range.tzMinutes / 60) * 60;
  const from = new Date(Math.floor(query.range.from.getTime() / HOUR_MS) * HOUR_MS);
  // An integer written into the statement (not a parameter), so the select and the grouping are the
  // same expression; `at time zone 'UTC'` keeps the day independent of the session's time zone.
  const day = sql<string>`to_char((${h.hour} at time zone 'UTC') + interval '${sql.raw(String(Math.trunc(shiftMinutes)))} minutes', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      eventId: h.eventId,
      pv: sql<string>`sum(${h.count})`,
      uv: sql<string>`sum(${h.uv})`,
      value: sql<string>`sum(${h.value})::text`,
      lastAt: sql<Date | string | null>`max(${h.lastEventAt})`,
    })
    .from(h)
    .where(
      and(
        query.kind === 'app' ? eq(h.appId, query.assetId) : eq(h.pixelId, query.assetId),
        eq(h.advId, query.advId),
        eq(h.kind, HOURLY_KIND.event),
        eq(h.basis, query.basis === 'event' ? BASIS.event : BASIS.request),
        gte(h.hour, from),
        lt(h.hour, query.range.to),
      ),
    )
    .groupBy(day, h.eventId);
  return rows
    .filter((r) => r.date >= query.range.startDate && r.date <= query.range.endDate)
    .map((r) => ({
      date: r.date,
      eventId: r.eventId,
      pv: Number(r.pv),
      uv: Number(r.uv),
      value: sumDecimals([r.value ?? '0']),
      lastAt: r.lastAt === null ? null : new Date(r.lastAt),
    }));
}
