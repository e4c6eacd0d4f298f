import {
  EVENT_KIND,
  type EventKind,
  eventIdKey,
  findStandardEvent,
  type Locale,
  recordingStatus,
  STANDARD_APP_EVENT_TYPES,
  STANDARD_WEB_EVENT_TYPES,
  type TAppEventInput,
  type TAssetEvent,
  type TPixelEventInput,
} from '@scaler/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appEvents, customEventIds, pixelEvents } from '../../db/schema';
import { AppError } from '../../http/errors';

type EventRow = typeof appEvents.$inferSelect | typeof pixelEvents.$inferSelect;
type AssetKind = 'app' | 'pixel';

const webOrApp = (kind: AssetKind) => (kind === 'pixel' ? 'web' : 'app');

/** An event row as the calls answer it; standard events are named in the request's language. */
export function toAssetEvent(kind: AssetKind, row: EventRow, locale: Locale, now = Date.now()): TAssetEvent {
  const standard =
    row.type === EVENT_KIND.standard ? findStandardEvent(webOrApp(kind), row.eventType) : undefined;
  return {
    type: row.type as EventKind,
    event_type: row.eventType,
    event_id: row.eventId,
    event_name: standard ? standard.names[locale] : row.eventName,
    event_name_en: standard ? standard.event_name_en : row.eventName,
    status: recordingStatus(row.lastEventAt, now),
    last_event_at: row.lastEventAt?.toISOString() ?? null,
  };
}

/** Standard events first (in the order of the standard list), then custom events by id. */
function eventOrder(kind: AssetKind) {
  const order: readonly string[] = kind === 'pixel' ? STANDARD_WEB_EVENT_TYPES : STANDARD_APP_EVENT_TYPES;
  return (a: EventRow, b: EventRow) =>
    a.type - b.type ||
    (a.type === EVENT_KIND.standard
      ? order.indexOf(a.eventType) - order.indexOf(b.eventType)
      : a.eventId.localeCompare(b.eventId));
}

const table = (kind: AssetKind) => (kind === 'app' ? appEvents : pixelEvents);
const ownerColumn = (kind: AssetKind) => (kind === 'app' ? appEvents.appId : pixelEvents.pixelId);

/** The events of some assets, grouped by asset id and in display order. */
export async function loadEvents(
  db: Executor,
  kind: AssetKind,
  assetIds: string[],
): Promise<Map<string, EventRow[]>> {
  const out = new Map<string, EventRow[]>(assetIds.map((id) => [id, []]));
  if (assetIds.length === 0) return out;
  const rows: EventRow[] = await db
    .select()
    .from(table(kind))
    .where(inArray(ownerColumn(kind), assetIds))
    .orderBy(asc(table(kind).id));
  for (const row of rows) {
    const owner = 'appId' in row ? row.appId : row.pixelId;
    out.get(owner)?.push(row);
  }
  for (const list of out.values()) list.sort(eventOrder(kind));
  return out;
}

interface Desired {
  key: string;
  type: EventKind;
  eventType: string;
  eventId: string;
  eventName: string;
}

function desiredRows(kind: AssetKind, events: (TAppEventInput | TPixelEventInput)[]): Desired[] {
  return events.map((e) => {
    if (e.type === EVENT_KIND.standard) {
      const def = findStandardEvent(webOrApp(kind), e.event_type);
      return {
        key: `s:${e.event_type}`,
        type: EVENT_KIND.standard,
        eventType: e.event_type,
        eventId: e.event_type,
        eventName: def?.event_name_en ?? e.event_type,
      };
    }
    return {
      key: `c:${eventIdKey(e.event_id)}`,
      type: EVENT_KIND.custom,
      eventType: e.event_type,
      eventId: e.event_id,
      eventName: e.event_name,
    };
  });
}

const rowKey = (r: EventRow) =>
  r.type === EVENT_KIND.standard ? `s:${r.eventType}` : `c:${eventIdKey(r.eventId)}`;

/**
 * Replaces the events of an app or pixel inside the caller's transaction. Kept events keep their
 * recording state; new custom ids are claimed in `custom_event_ids` (globally unique: a taken id
 * answers EVENT_ID_TAKEN and rolls the whole change back); removed custom ids are released.
 */
export async function replaceEvents(
  tx: Executor,
  options: {
    kind: AssetKind;
    assetId: string;
    advId: number;
    events: (TAppEventInput | TPixelEventInput)[];
  },
) {
  const { kind, assetId, advId } = options;
  const events = table(kind);
  const owner = ownerColumn(kind);
  const existing: EventRow[] = await tx.select().from(events).where(eq(owner, assetId));
  const byKey = new Map(existing.map((r) => [rowKey(r), r]));
  const desired = desiredRows(kind, options.events);
  const wanted = new Set(desired.map((d) => d.key));

  const removed = existing.filter((r) => !wanted.has(rowKey(r)));
  if (removed.length > 0) {
    await tx.delete(events).where(
      inArray(
        events.id,
        removed.map((r) => r.id),
      ),
    );
    const releasedKeys = removed
      .filter((r) => r.type === EVENT_KIND.custom)
      .map((r) => eventIdKey(r.eventId));
    if (releasedKeys.length > 0) {
      await tx
        .delete(customEventIds)
        .where(
          and(
            inArray(customEventIds.eventKey, releasedKeys),
            eq(kind === 'app' ? customEventIds.appId : customEventIds.pixelId, assetId),
          ),
        );
    }
  }

  const added = desired.filter((d) => !byKey.has(d.key));
  for (const d of added.filter((a) => a.type === EVENT_KIND.custom)) {
    const claimed = await tx
      .insert(customEventIds)
      .values({
        eventKey: eventIdKey(d.eventId),
        eventId: d.eventId,
        advId,
        ...(kind === 'app' ? { appId: assetId } : { pixelId: assetId }),
      })
      .onConflictDoNothing()
      .returning({ key: customEventIds.eventKey });
    if (claimed.length === 0) {
      throw new AppError('EVENT_ID_TAKEN', {
        params: { event_id: d.eventId },
        data: { event_id: d.eventId },
      });
    }
  }
  if (added.length > 0) {
    await tx.insert(events).values(
      added.map((d) => ({
        ...(kind === 'app' ? { appId: assetId } : { pixelId: assetId }),
        advId,
        type: d.type,
        eventType: d.eventType,
        eventId: d.eventId,
        eventName: d.eventName,
      })) as (typeof appEvents.$inferInsert & typeof pixelEvents.$inferInsert)[],
    );
  }

  for (const d of desired) {
    const row = byKey.get(d.key);
    if (
      row &&
      d.type === EVENT_KIND.custom &&
      (row.eventName !== d.eventName || row.eventType !== d.eventType)
    ) {
      await tx
        .update(events)
        .set({ eventName: d.eventName, eventType: d.eventType, updatedAt: new Date() })
        .where(eq(events.id, row.id));
    }
  }
  return { added: added.length, removed: removed.length };
}
