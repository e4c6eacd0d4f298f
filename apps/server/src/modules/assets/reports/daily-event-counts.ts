import type { ReportType } from '@scaler/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { trackingHourly, trackingHourlyUsers } from '../../../db/schema';
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
 * Unique users are exact per day: the distinct users of the day's hourly user sets
 * (`tracking_hourly_users`), plus, for hours recorded before those sets were kept, the hours' own counts.
 */
export async function dailyEventCounts(
  db: Executor,
  query: DailyEventCountQuery,
): Promise<DailyEventCount[]> {
  const h = trackingHourly;
  const u = trackingHourlyUsers;
  const shiftMinutes = Math.round(query.range.tzMinutes / 60) * 60;
  const from = new Date(Math.floor(query.range.from.getTime() / HOUR_MS) * HOUR_MS);
  // An integer written into the statement (not a parameter), so the select and the grouping are the
  // same expression; `at time zone 'UTC'` keeps the day independent of the session's time zone.
  const day = sql<string>`to_char((${h.hour} at time zone 'UTC') + interval '${sql.raw(String(Math.trunc(shiftMinutes)))} minutes', 'YYYY-MM-DD')`;
  const asset = query.kind === 'app' ? eq(h.appId, query.assetId) : eq(h.pixelId, query.assetId);
  const where = and(
    asset,
    eq(h.advId, query.advId),
    eq(h.kind, HOURLY_KIND.event),
    eq(h.basis, query.basis === 'event' ? BASIS.event : BASIS.request),
    gte(h.hour, from),
    lt(h.hour, query.range.to),
  );
  const result = await db.execute(sql`
    with hours as (
      select ${day} as date, ${h.eventId} as event_id, ${h.count} as count, ${h.uv} as uv,
             ${h.value} as value, ${h.lastEventAt} as last_at, ${h.keyHash} as key_hash
      from ${h} where ${where}
    ),
    day_users as (
      select hours.date, hours.event_id, count(distinct ${u.userKey}) as uv
      from hours join ${u} on ${u.keyHash} = hours.key_hash
      group by hours.date, hours.event_id
    ),
    totals as (
      select date, event_id, sum(count) as pv, sum(value)::text as value, max(last_at) as last_at,
             coalesce(sum(uv) filter (where key_hash is null), 0) as earlier_uv
      from hours group by date, event_id
    )
    select totals.date, totals.event_id, totals.pv, totals.value, totals.last_at,
           totals.earlier_uv + coalesce(day_users.uv, 0) as uv
    from totals left join day_users using (date, event_id)
  `);
  const rows = (result as unknown as { rows: DailyRow[] }).rows;
  return rows
    .filter((r) => r.date >= query.range.startDate && r.date <= query.range.endDate)
    .map((r) => ({
      date: r.date,
      eventId: r.event_id,
      pv: Number(r.pv),
      uv: Number(r.uv),
      value: sumDecimals([r.value ?? '0']),
      lastAt: r.last_at === null ? null : new Date(r.last_at),
    }));
}

interface DailyRow {
  date: string;
  event_id: string;
  pv: string | number;
  uv: string | number;
  value: string | null;
  last_at: Date | string | null;
}
