import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { apiSources, appEvents, apps, pixelEvents, pixels } from '../../db/schema';
import type { IngestItem, IngestOutcome } from './writer';

/** Asset timestamps move at most once a minute per row: enough for the 24-hour recording status. */
const TOUCH_THROTTLE = sql`interval '60 seconds'`;

/**
 * Sets `installed_at` and `last_event_at` of the assets and asset events that just received a stored
 * event (and `last_used_at` of the API source that sent it), in the batch's transaction, in key order.
 */
export async function markRecording(tx: Tx, items: IngestItem[], outcomes: IngestOutcome[]) {
  const pixelIds = new Set<string>();
  const appIds = new Set<string>();
  const pixelEventKeys = new Map<string, [string, string]>();
  const appEventKeys = new Map<string, [string, string]>();
  const sourceIds = new Set<string>();
  let now = new Date(0);
  items.forEach((item, i) => {
    if (item.kind !== 'event' || outcomes[i] !== 'stored') return;
    const r = item.row;
    if (r.receivedAt > now) now = r.receivedAt;
    if (r.pixelId) {
      pixelIds.add(r.pixelId);
      pixelEventKeys.set(`${r.pixelId}/${r.eventId}`, [r.pixelId, r.eventId]);
    }
    if (r.appId) {
      appIds.add(r.appId);
      appEventKeys.set(`${r.appId}/${r.eventId}`, [r.appId, r.eventId]);
    }
    if (item.apiSourceId) sourceIds.add(item.apiSourceId);
  });
  const stale = (column: AnyPgColumn) =>
    or(isNull(column), lt(column, sql`${now}::timestamptz - ${TOUCH_THROTTLE}`));
  const sorted = (ids: Set<string>) => [...ids].sort();
  /** `last_event_at` of the (owner, event id) pairs of one event table. */
  const markEvents = async (
    table: typeof pixelEvents | typeof appEvents,
    owner: AnyPgColumn,
    keys: Map<string, [string, string]>,
  ) => {
    const pairs = [...keys.keys()].sort().map((k) => {
      const [id, eventId] = keys.get(k) as [string, string];
      return sql`(${id}, ${eventId})`;
    });
    await tx
      .update(table)
      .set({ lastEventAt: now })
      .where(
        and(sql`(${owner}, ${table.eventId}) in (${sql.join(pairs, sql`, `)})`, stale(table.lastEventAt)),
      );
  };

  if (pixelIds.size > 0) {
    await tx
      .update(pixels)
      .set({ lastEventAt: now, installedAt: sql`coalesce(${pixels.installedAt}, ${now}::timestamptz)` })
      .where(
        and(inArray(pixels.id, sorted(pixelIds)), or(isNull(pixels.installedAt), stale(pixels.lastEventAt))),
      );
    await markEvents(pixelEvents, pixelEvents.pixelId, pixelEventKeys);
  }
  if (appIds.size > 0) {
    await tx
      .update(apps)
      .set({ lastEventAt: now })
      .where(and(inArray(apps.id, sorted(appIds)), stale(apps.lastEventAt)));
    await markEvents(appEvents, appEvents.appId, appEventKeys);
  }
  if (sourceIds.size > 0) {
    await tx
      .update(apiSources)
      .set({ lastUsedAt: now })
      .where(and(inArray(apiSources.id, sorted(sourceIds)), stale(apiSources.lastUsedAt)));
  }
}
