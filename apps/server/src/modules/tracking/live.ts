import {
  LIVE_EVENTS_LIMIT,
  type TLiveEvent,
  type TLiveEvents,
  type TLiveEventsQuery,
  type TrackingReason,
  type TrackingSource,
} from '@scaler/domain';
import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trackingLog } from '../../db/schema';
import { findApp, findPixel } from '../assets/queries';
import { type AssetDeps, requireAssetAccess } from '../assets/scope';

/** How long the live panel's entries are kept. */
export const LIVE_LOG_RETENTION_MS = 3 * 24 * 3_600_000;

/** The newest attempts for one app or pixel of the caller's account (`assets.view`). */
export async function liveEvents(deps: AssetDeps, query: TLiveEventsQuery): Promise<TLiveEvents> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  if (query.kind === 'app') await findApp(deps.db, adv.adv_id, query.asset_id);
  else await findPixel(deps.db, adv.adv_id, query.asset_id);
  const owner = query.kind === 'app' ? trackingLog.appId : trackingLog.pixelId;
  const where: (SQL | undefined)[] = [eq(owner, query.asset_id), eq(trackingLog.advId, adv.adv_id)];
  if (query.after) where.push(gt(trackingLog.id, Number(query.after)));
  const rows = await deps.db
    .select()
    .from(trackingLog)
    .where(and(...where))
    .orderBy(desc(trackingLog.id))
    .limit(LIVE_EVENTS_LIMIT);
  return {
    list: rows.map(
      (r): TLiveEvent => ({
        id: String(r.id),
        received_at: r.receivedAt.toISOString(),
        source: r.source as TrackingSource,
        accepted: r.accepted,
        reason: (r.reason as TrackingReason | null) ?? null,
        message: r.message,
        params: r.params ?? {},
        event: r.event,
        event_id: r.eventId,
        value: r.value,
        currency: r.currency,
        click_id: r.clickId,
        detail: r.detail,
      }),
    ),
  };
}

/** Drops live-panel entries older than the retention (the panel shows the last few minutes anyway). */
export async function pruneLiveLog(db: Executor, now = new Date()) {
  await db
    .delete(trackingLog)
    .where(lt(trackingLog.receivedAt, new Date(now.getTime() - LIVE_LOG_RETENTION_MS)));
}
