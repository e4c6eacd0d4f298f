import { OBJECT_ID_RE, RECORDING_WINDOW_MS } from '@scaler/domain';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { apiSources, appEvents, apps, pixelEvents, pixels } from '../../db/schema';
import { AppError } from '../../http/errors';

/** The recording status filter (spec 4) as a condition on a `last_event_at` column. */
export function recordingFilter(column: PgColumn, status: number | undefined, now = Date.now()) {
  if (status === undefined) return undefined;
  const since = new Date(now - RECORDING_WINDOW_MS);
  if (status === 0) return isNull(column);
  return status === 2 ? gte(column, since) : lt(column, since);
}

/** An app of the account, or 404: another account's `_id`, or text that is no `_id`, is simply not found. */
export async function findApp(db: Executor, advId: number, appId: string, forUpdate = false) {
  if (!OBJECT_ID_RE.test(appId)) throw new AppError('NOT_FOUND');
  const query = db
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), eq(apps.advId, advId)));
  const [app] = forUpdate ? await query.for('update') : await query;
  if (!app) throw new AppError('NOT_FOUND');
  return app;
}

/** A live (not deleted) pixel of the account, or 404. */
export async function findPixel(db: Executor, advId: number, pixelId: string, forUpdate = false) {
  if (!OBJECT_ID_RE.test(pixelId)) throw new AppError('NOT_FOUND');
  const query = db
    .select()
    .from(pixels)
    .where(and(eq(pixels.id, pixelId), eq(pixels.advId, advId), isNull(pixels.deletedAt)));
  const [pixel] = forUpdate ? await query.for('update') : await query;
  if (!pixel) throw new AppError('NOT_FOUND');
  return pixel;
}

export async function listAppRecords(
  db: Executor,
  filter: {
    advId: number;
    q?: string;
    status?: number;
    os?: number;
    page: number;
    pageSize: number;
  },
) {
  const q = filter.q ? containsPattern(filter.q) : undefined;
  const where: SQL | undefined = and(
    eq(apps.advId, filter.advId),
    q ? or(ilike(apps.name, q), ilike(apps.bundleId, q)) : undefined,
    filter.os === undefined ? undefined : eq(apps.os, filter.os),
    recordingFilter(apps.lastEventAt, filter.status),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(apps)
      .where(where)
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(apps).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function listPixelRecords(
  db: Executor,
  filter: {
    advId: number;
    q?: string;
    status?: number;
    mode?: number;
    page: number;
    pageSize: number;
  },
) {
  const q = filter.q ? containsPattern(filter.q) : undefined;
  const where: SQL | undefined = and(
    eq(pixels.advId, filter.advId),
    isNull(pixels.deletedAt),
    q ? or(ilike(pixels.name, q), ilike(pixels.id, q)) : undefined,
    filter.mode === undefined ? undefined : eq(pixels.mode, filter.mode),
    recordingFilter(pixels.lastEventAt, filter.status),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(pixels)
      .where(where)
      .orderBy(desc(pixels.createdAt), desc(pixels.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(pixels).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** How many events each app or pixel has configured. */
export async function eventCounts(db: Executor, kind: 'app' | 'pixel', ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const owner = kind === 'app' ? appEvents.appId : pixelEvents.pixelId;
  const rows = await db
    .select({ id: owner, n: sql<number>`count(*)::int` })
    .from(kind === 'app' ? appEvents : pixelEvents)
    .where(inArray(owner, ids))
    .groupBy(owner);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The live API source of each pixel, with the pixel's name. */
export async function liveApiSources(db: Executor, filter: { advId: number; pixelIds?: string[] }) {
  if (filter.pixelIds?.length === 0) return [];
  return db
    .select({ source: apiSources, pixelName: pixels.name })
    .from(apiSources)
    .innerJoin(pixels, eq(pixels.id, apiSources.pixelId))
    .where(
      and(
        eq(apiSources.advId, filter.advId),
        isNull(apiSources.revokedAt),
        isNull(pixels.deletedAt),
        filter.pixelIds ? inArray(apiSources.pixelId, filter.pixelIds) : undefined,
      ),
    )
    .orderBy(desc(apiSources.createdAt));
}
