import type { TApiSource, TApiSourceWithToken } from '@scaler/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiSources, pixels } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { findPixel, liveApiSources } from './queries';
import { type AssetDeps, requireAssetAccess, uniqueOrExists } from './scope';
import { hashApiToken, newApiToken, newAssetId } from './tokens';

type SourceRecord = typeof apiSources.$inferSelect;

export function toApiSource(s: SourceRecord, pixelName: string): TApiSource {
  return {
    _id: s.id,
    pixel_id: s.pixelId,
    pixel_name: pixelName,
    name: s.name,
    token_hint: s.tokenHint,
    token_issued_at: s.tokenIssuedAt.toISOString(),
    last_used_at: s.lastUsedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

const hint = (token: string) => token.slice(-4);

/** Creates the live API source of a pixel inside the caller's transaction; the token is only in the answer. */
export async function issueApiSource(
  tx: Executor,
  options: { createdBy: string; pixel: typeof pixels.$inferSelect; name: string },
): Promise<TApiSourceWithToken> {
  const token = newApiToken();
  const [source] = await tx
    .insert(apiSources)
    .values({
      id: newAssetId(),
      advId: options.pixel.advId,
      pixelId: options.pixel.id,
      name: options.name,
      tokenHash: hashApiToken(token),
      tokenHint: hint(token),
      createdBy: options.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  if (!source) throw new AppError('ASSET_EXISTS');
  return { ...toApiSource(source, options.pixel.name), token };
}

/** A live API source of the account, with its pixel's name, or 404. */
async function findSource(db: Executor, advId: number, sourceId: string, forUpdate = false) {
  const query = db
    .select({ source: apiSources, pixelName: pixels.name })
    .from(apiSources)
    .innerJoin(pixels, eq(pixels.id, apiSources.pixelId))
    .where(
      and(
        eq(apiSources.id, sourceId),
        eq(apiSources.advId, advId),
        isNull(apiSources.revokedAt),
        isNull(pixels.deletedAt),
      ),
    );
  const [row] = forUpdate ? await query.for('update', { of: apiSources }) : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /scaler/v3/api_source: the live sources of the account, or of one pixel. */
export async function listApiSources(deps: AssetDeps & { pixelId?: string }): Promise<TApiSource[]> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  if (deps.pixelId) await findPixel(deps.db, adv.adv_id, deps.pixelId);
  const rows = await liveApiSources(deps.db, {
    advId: adv.adv_id,
    pixelIds: deps.pixelId ? [deps.pixelId] : undefined,
  });
  return rows.map((r) => toApiSource(r.source, r.pixelName));
}

/** POST /scaler/v3/api_source: API access for a pixel that has none. */
export async function createApiSource(
  deps: AssetDeps & { pixelId: string; name: string },
): Promise<TApiSourceWithToken> {
  return uniqueOrExists(() =>
    deps.db.transaction(async (tx) => {
      const adv = await requireAssetAccess(deps, 'assets.edit', tx);
      const pixel = await findPixel(tx, adv.adv_id, deps.pixelId, true);
      const issued = await issueApiSource(tx, { createdBy: deps.actor.userId, pixel, name: deps.name });
      await recordActivity(tx, {
        orgId: adv.org_id,
        actor: deps.actor,
        action: 'api_source.create',
        objectType: 'api_source',
        objectId: issued._id,
        after: { pixel_id: pixel.id, name: deps.name, token_hint: issued.token_hint },
      });
      return issued;
    }),
  );
}

export async function renameApiSource(
  deps: AssetDeps & { sourceId: string; name: string },
): Promise<TApiSource> {
  return deps.db.transaction(async (tx) => {
    const adv = await requireAssetAccess(deps, 'assets.edit', tx);
    const { source, pixelName } = await findSource(tx, adv.adv_id, deps.sourceId, true);
    const [after] = await tx
      .update(apiSources)
      .set({ name: deps.name, updatedAt: new Date() })
      .where(eq(apiSources.id, source.id))
      .returning();
    await recordActivity(tx, {
      orgId: adv.org_id,
      actor: deps.actor,
      action: 'api_source.update',
      objectType: 'api_source',
      objectId: source.id,
      before: { name: source.name },
      after: { name: after.name },
    });
    return toApiSource(after, pixelName);
  });
}

/** POST /scaler/v3/api_source/rotate: a new token; the old one stops working in the same instant. */
export async function rotateApiToken(deps: AssetDeps & { sourceId: string }): Promise<TApiSourceWithToken> {
  return deps.db.transaction(async (tx) => {
    const adv = await requireAssetAccess(deps, 'assets.edit', tx);
    const { source, pixelName } = await findSource(tx, adv.adv_id, deps.sourceId, true);
    const token = newApiToken();
    const now = new Date();
    const [after] = await tx
      .update(apiSources)
      .set({ tokenHash: hashApiToken(token), tokenHint: hint(token), tokenIssuedAt: now, updatedAt: now })
      .where(eq(apiSources.id, source.id))
      .returning();
    await recordActivity(tx, {
      orgId: adv.org_id,
      actor: deps.actor,
      action: 'api_source.rotate',
      objectType: 'api_source',
      objectId: source.id,
      before: { token_hint: source.tokenHint },
      after: { token_hint: after.tokenHint },
    });
    return { ...toApiSource(after, pixelName), token };
  });
}

/** DELETE /scaler/v3/api_source: the token stops working; the pixel and its statistics stay. */
export async function revokeApiSource(deps: AssetDeps & { sourceId: string }) {
  await deps.db.transaction(async (tx) => {
    const adv = await requireAssetAccess(deps, 'assets.edit', tx);
    const { source } = await findSource(tx, adv.adv_id, deps.sourceId, true);
    const now = new Date();
    await tx
      .update(apiSources)
      .set({ revokedAt: now, tokenHash: null, updatedAt: now })
      .where(eq(apiSources.id, source.id));
    await recordActivity(tx, {
      orgId: adv.org_id,
      actor: deps.actor,
      action: 'api_source.revoke',
      objectType: 'api_source',
      objectId: source.id,
      before: { pixel_id: source.pixelId, name: source.name, token_hint: source.tokenHint },
    });
  });
}
