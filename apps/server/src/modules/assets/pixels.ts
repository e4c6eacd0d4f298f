import {
  PIXEL_MODE,
  type PixelConversionType,
  type PixelMode,
  recordingStatus,
  type TApiSource,
  type TAssetEvent,
  type TCreatePixelRequest,
  type TCreatePixelResponse,
  type TPixelDetail,
  type TPixelEventStatus,
  type TPixelOption,
  type TPixelRow,
  type TUpdatePixelRequest,
} from '@scaler/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiSources, pixelEvents, pixels } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { issueApiSource, toApiSource } from './api-sources';
import { loadEvents, replaceEvents, toAssetEvent } from './events';
import { eventCounts, findPixel, listPixelRecords, liveApiSources } from './queries';
import { type AssetDeps, requireAssetAccess, uniqueOrExists } from './scope';
import { newAssetId } from './tokens';

type PixelRecord = typeof pixels.$inferSelect;

function toPixelRow(p: PixelRecord, eventCount: number, apiSource: TApiSource | null): TPixelRow {
  return {
    _id: p.id,
    adv_id: p.advId,
    name: p.name,
    conversion_type: p.conversionType as PixelConversionType,
    mode: p.mode as PixelMode,
    status: recordingStatus(p.lastEventAt),
    installed: p.installedAt !== null,
    installed_at: p.installedAt?.toISOString() ?? null,
    last_event_at: p.lastEventAt?.toISOString() ?? null,
    reset_at: p.resetAt?.toISOString() ?? null,
    event_count: eventCount,
    api_source: apiSource,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function pixelDetail(db: Executor, p: PixelRecord, deps: AssetDeps): Promise<TPixelDetail> {
  const [events, [source]] = await Promise.all([
    loadEvents(db, 'pixel', [p.id]),
    liveApiSources(db, { advId: p.advId, pixelIds: [p.id] }),
  ]);
  const list = events.get(p.id) ?? [];
  return {
    ...toPixelRow(p, list.length, source ? toApiSource(source.source, source.pixelName) : null),
    events: list.map((e) => toAssetEvent('pixel', e, deps.locale)),
  };
}

const snapshot = (p: PixelRecord) => ({ name: p.name, conversion_type: p.conversionType, mode: p.mode });

/** Pixel names are unique per account among live pixels, whatever the case: "item already exists". */
async function assertNameFree(db: Executor, advId: number, name: string, except?: string) {
  const [clash] = await db
    .select({ id: pixels.id })
    .from(pixels)
    .where(
      and(
        eq(pixels.advId, advId),
        isNull(pixels.deletedAt),
        sql`lower(${pixels.name}) = lower(${name})`,
        except ? ne(pixels.id, except) : undefined,
      ),
    );
  if (clash) throw new AppError('ASSET_EXISTS');
}

/** The pixels of the account (cards/pixel with mode 1, cards/api with mode 2), newest first. */
export async function listPixels(
  deps: AssetDeps & { q?: string; status?: number; mode?: number; page: number; pageSize: number },
): Promise<{ list: TPixelRow[]; total: number }> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  const { rows, total } = await listPixelRecords(deps.db, { ...deps, advId: adv.adv_id });
  const ids = rows.map((r) => r.id);
  const [counts, sources] = await Promise.all([
    eventCounts(deps.db, 'pixel', ids),
    liveApiSources(deps.db, { advId: adv.adv_id, pixelIds: ids }),
  ]);
  const sourceOf = new Map(sources.map((s) => [s.source.pixelId, toApiSource(s.source, s.pixelName)]));
  return {
    list: rows.map((r) => toPixelRow(r, counts.get(r.id) ?? 0, sourceOf.get(r.id) ?? null)),
    total,
  };
}

export async function getPixel(deps: AssetDeps & { pixelId: string }): Promise<TPixelDetail> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  return pixelDetail(deps.db, await findPixel(deps.db, adv.adv_id, deps.pixelId), deps);
}

/** Creates a pixel with its events; an API pixel (mode 2) also gets its API source, token shown once. */
export async function createPixel(
  deps: AssetDeps & { input: TCreatePixelRequest },
): Promise<TCreatePixelResponse> {
  return uniqueOrExists(() =>
    deps.db.transaction(async (tx) => {
      const adv = await requireAssetAccess(deps, 'assets.edit', tx);
      const { input } = deps;
      await assertNameFree(tx, adv.adv_id, input.name);
      const [pixel] = await tx
        .insert(pixels)
        .values({
          id: newAssetId(),
          advId: adv.adv_id,
          name: input.name,
          conversionType: input.conversion_type,
          mode: input.mode,
          createdBy: deps.actor.userId,
        })
        .returning();
      await replaceEvents(tx, { kind: 'pixel', assetId: pixel.id, advId: adv.adv_id, events: input.events });
      const issued =
        input.mode === PIXEL_MODE.api
          ? await issueApiSource(tx, { createdBy: deps.actor.userId, pixel, name: input.name })
          : null;
      await recordActivity(tx, {
        orgId: adv.org_id,
        actor: deps.actor,
        action: 'pixel.create',
        objectType: 'pixel',
        objectId: pixel.id,
        after: snapshot(pixel),
      });
      return { ...(await pixelDetail(tx, pixel, deps)), token: issued?.token ?? null };
    }),
  );
}

/** PUT /scaler/v3/pixel: name, conversion type, mode and the events (replaced). */
export async function updatePixel(deps: AssetDeps & { input: TUpdatePixelRequest }): Promise<TPixelDetail> {
  return uniqueOrExists(() =>
    deps.db.transaction(async (tx) => {
      const adv = await requireAssetAccess(deps, 'assets.edit', tx);
      const { input } = deps;
      const before = await findPixel(tx, adv.adv_id, input._id, true);
      await assertNameFree(tx, adv.adv_id, input.name, before.id);
      const [after] = await tx
        .update(pixels)
        .set({
          name: input.name,
          conversionType: input.conversion_type,
          mode: input.mode,
          updatedAt: new Date(),
        })
        .where(eq(pixels.id, before.id))
        .returning();
      await replaceEvents(tx, { kind: 'pixel', assetId: after.id, advId: adv.adv_id, events: input.events });
      await recordActivity(tx, {
        orgId: adv.org_id,
        actor: deps.actor,
        action: 'pixel.update',
        objectType: 'pixel',
        objectId: after.id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return pixelDetail(tx, after, deps);
    }),
  );
}

/**
 * DELETE /scaler/v3/pixel: the pixel leaves every list and the ingestion treats it as unknown; its API
 * source is revoked. Its row, events and recorded statistics stay, so reports keep their numbers.
 */
export async function deletePixel(deps: AssetDeps & { pixelId: string }) {
  await deps.db.transaction(async (tx) => {
    const adv = await requireAssetAccess(deps, 'assets.edit', tx);
    const pixel = await findPixel(tx, adv.adv_id, deps.pixelId, true);
    const now = new Date();
    await tx.update(pixels).set({ deletedAt: now, updatedAt: now }).where(eq(pixels.id, pixel.id));
    await tx
      .update(apiSources)
      .set({ revokedAt: now, tokenHash: null, updatedAt: now })
      .where(and(eq(apiSources.pixelId, pixel.id), isNull(apiSources.revokedAt)));
    await recordActivity(tx, {
      orgId: adv.org_id,
      actor: deps.actor,
      action: 'pixel.delete',
      objectType: 'pixel',
      objectId: pixel.id,
      before: snapshot(pixel),
    });
  });
}

/**
 * POST /scaler/ex/reset_pixel: clears the installation and every recording status, so the next event
 * verifies the installation again. Recorded statistics (the tracking tables) are kept.
 */
export async function resetPixel(deps: AssetDeps & { pixelId: string }): Promise<TPixelDetail> {
  return deps.db.transaction(async (tx) => {
    const adv = await requireAssetAccess(deps, 'assets.edit', tx);
    const pixel = await findPixel(tx, adv.adv_id, deps.pixelId, true);
    const now = new Date();
    const [after] = await tx
      .update(pixels)
      .set({ installedAt: null, lastEventAt: null, resetAt: now, updatedAt: now })
      .where(eq(pixels.id, pixel.id))
      .returning();
    await tx
      .update(pixelEvents)
      .set({ lastEventAt: null, updatedAt: now })
      .where(eq(pixelEvents.pixelId, pixel.id));
    await recordActivity(tx, {
      orgId: adv.org_id,
      actor: deps.actor,
      action: 'pixel.reset',
      objectType: 'pixel',
      objectId: pixel.id,
      before: {
        installed_at: pixel.installedAt?.toISOString() ?? null,
        last_event_at: pixel.lastEventAt?.toISOString() ?? null,
      },
    });
    return pixelDetail(tx, after, deps);
  });
}

/** GET /scaler/v3/pixel/event/status. */
export async function pixelEventStatus(deps: AssetDeps & { pixelId: string }): Promise<TPixelEventStatus> {
  const p = await getPixel(deps);
  return {
    pixel_id: p._id,
    mode: p.mode,
    status: p.status,
    installed: p.installed,
    installed_at: p.installed_at,
    last_event_at: p.last_event_at,
    reset_at: p.reset_at,
    events: p.events,
  };
}

/** GET /scaler/v3/utils/pixels: every live pixel of the account, for pickers. */
export async function pixelOptions(deps: AssetDeps): Promise<TPixelOption[]> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  const rows = await deps.db
    .select()
    .from(pixels)
    .where(and(eq(pixels.advId, adv.adv_id), isNull(pixels.deletedAt)))
    .orderBy(asc(pixels.name));
  return rows.map((p) => ({
    _id: p.id,
    name: p.name,
    mode: p.mode as PixelMode,
    conversion_type: p.conversionType as PixelConversionType,
    status: recordingStatus(p.lastEventAt),
  }));
}

/** GET /scaler/v3/utils/pixel_events?pixel_id=. */
export async function pixelEventList(deps: AssetDeps & { pixelId: string }): Promise<TAssetEvent[]> {
  return (await getPixel(deps)).events;
}
