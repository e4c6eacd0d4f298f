import type { Executor } from '../../db/client';
import { pruneLiveLog } from './live';

/**
 * Housekeeping of the tracking tables that only serve the present: the live panel's entries. The hourly
 * user sets (`tracking_hourly_users`) are kept as long as the hourly rows they belong to: the reports
 * count a day's unique users from them, for any day they can be asked about.
 */
export async function pruneTracking(db: Executor, now = new Date()) {
  await pruneLiveLog(db, now);
}
