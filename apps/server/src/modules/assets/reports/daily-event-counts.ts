import type { ReportType } from '@scaler/domain';
import type { Executor } from '../../../db/client';
import type { ReportRange } from './range';

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
 * The recorded events of an asset per event and day, read from the tracking side's hourly aggregate.
 * That aggregate is not in the schema yet (issue 4's ingestion); until it is, nothing has been recorded
 * and every report is empty. docs/dev/api-contract.md ("Reports read") lists what this query needs.
 */
export async function dailyEventCounts(
  _db: Executor,
  _query: DailyEventCountQuery,
): Promise<DailyEventCount[]> {
  return [];
}
