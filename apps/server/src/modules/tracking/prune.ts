import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trackingHourlyUsers } from '../../db/schema';
import { pruneLiveLog } from './live';

/**
 * How long the per-hour user sets are kept: an event for an older hour (event time) still counts its
 * user, but may count one already seen that hour. Events older than 30 days are refused anyway.
 */
export const HOURLY_USERS_RETENTION_MS = 8 * 24 * 3_600_000;

/** Housekeeping of the tracking tables that only serve the present: live-panel entries and user sets. */
export async function pruneTracking(db: Executor, now = new Date()) {
  await pruneLiveLog(db, now);
  await db
    .delete(trackingHourlyUsers)
    .where(lt(trackingHourlyUsers.hour, new Date(now.getTime() - HOURLY_USERS_RETENTION_MS)));
}
