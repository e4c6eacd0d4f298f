import {
  parsePublisherList,
  type TBundleListDetail,
  type TBundleListInput,
  type TBundleListSummary,
} from '@scaler/domain';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { adGroups, bundleLists, bundleListUsage } from '../../db/schema';
import { AppError } from '../../http/errors';
import { fieldError, type PerfDeps, requireAds } from '../account-scope/scope';
import { addBundlesToAdGroups } from '../campaigns/service';

/**
 * Named publisher lists of an account (`/report/bundle/manage`): parsed by the publisher-ID rule of
 * spec 5, a name once per account ("item already exists"), ids given twice refused until confirmed
 * ("duplicates exist, please confirm"), applied to ad groups as an allow or block list (the ad groups
 * keep their own copy; the usage says where the list went). Paged and searched in SQL.
 */

type ListRow = typeof bundleLists.$inferSelect;

async function usage(deps: PerfDeps, ids: number[]) {
  if (ids.length === 0) return new Map<number, TBundleListSummary['used_by']>();
  const rows = await deps.db
    .select({
      listId: bundleListUsage.listId,
      adgroupId: adGroups.id,
      name: adGroups.name,
      mode: bundleListUsage.mode,
    })
    .from(bundleListUsage)
    .innerJoin(adGroups, eq(adGroups.id, bundleListUsage.adgroupId))
    .where(inArray(bundleListUsage.listId, ids))
    .orderBy(asc(adGroups.name));
  const out = new Map<number, TBundleListSummary['used_by']>();
  for (const r of rows) {
    const list = out.get(r.listId) ?? [];
    if (list.length < 20) list.push({ adgroup_id: r.adgroupId, name: r.name, mode: r.mode });
    out.set(r.listId, list);
  }
  return out;
}

const summary = (r: ListRow, used: TBundleListSummary['used_by']): TBundleListSummary => ({
  list_id: r.id,
  name: r.name,
  count: r.items.length,
  used_by: used,
  updated_at: r.updatedAt.toISOString(),
});

export async function listBundleLists(
  deps: PerfDeps & { q: string; page: number; pageSize: number },
): Promise<{ list: TBundleListSummary[]; total: number }> {
  const adv = await requireAds(deps, 'ads.view');
  const where = and(
    eq(bundleLists.advId, adv.adv_id),
    deps.q ? ilike(bundleLists.name, containsPattern(deps.q)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(bundleLists)
      .where(where)
      .orderBy(desc(bundleLists.updatedAt), desc(bundleLists.id))
      .limit(deps.pageSize)
      .offset((deps.page - 1) * deps.pageSize),
    deps.db.select({ total: count() }).from(bundleLists).where(where),
  ]);
  const used = await usage(
    deps,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => summary(r, used.get(r.id) ?? [])), total };
}

async function findList(deps: PerfDeps, advId: number, id: number): Promise<ListRow> {
  const [row] = await deps.db
    .select()
    .from(bundleLists)
    .where(and(eq(bundleLists.advId, advId), eq(bundleLists.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getBundleList(deps: PerfDeps & { id: number }): Promise<TBundleListDetail> {
  const adv = await requireAds(deps, 'ads.view');
  const row = await findList(deps, adv.adv_id, deps.id);
  const used = await usage(deps, [row.id]);
  return { ...summary(row, used.get(row.id) ?? []), items: row.items };
}

export async function saveBundleList(
  deps: PerfDeps & { input: TBundleListInput },
): Promise<TBundleListDetail> {
  const { input } = deps;
  const adv = await requireAds(deps, 'ads.edit');
  const parsed = parsePublisherList(input.items);
  if (parsed.invalid.length > 0) {
    throw fieldError('items', 'validation.publisher_ids_invalid', {
      list: parsed.invalid.slice(0, 10).join(', '),
    });
  }
  if (parsed.items.length === 0) throw fieldError('items', 'validation.required');
  if (parsed.items.length > 10_000) {
    throw fieldError('items', 'validation.bundles_too_many', { max: 10_000, names: input.name });
  }
  if (parsed.duplicates.length > 0 && !input.confirm_duplicates) {
    throw fieldError('items', 'validation.duplicates_listed', {
      list: parsed.duplicates.slice(0, 10).join(', '),
    });
  }
  const id = await deps.db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: bundleLists.id })
      .from(bundleLists)
      .where(and(eq(bundleLists.advId, adv.adv_id), eq(bundleLists.name, input.name)));
    if (same && same.id !== input.list_id) throw fieldError('name', 'errors.item_exists');
    if (input.list_id === undefined) {
      const [row] = await tx
        .insert(bundleLists)
        .values({ advId: adv.adv_id, name: input.name, items: parsed.items, createdBy: deps.actor.userId })
        .returning({ id: bundleLists.id });
      return row.id;
    }
    const updated = await tx
      .update(bundleLists)
      .set({ name: input.name, items: parsed.items, updatedAt: new Date() })
      .where(and(eq(bundleLists.advId, adv.adv_id), eq(bundleLists.id, input.list_id)))
      .returning({ id: bundleLists.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND');
    return updated[0].id;
  });
  return getBundleList({ ...deps, id });
}

export async function deleteBundleList(deps: PerfDeps & { id: number }): Promise<void> {
  const adv = await requireAds(deps, 'ads.edit');
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(bundleLists)
      .where(and(eq(bundleLists.advId, adv.adv_id), eq(bundleLists.id, deps.id)))
      .returning({ id: bundleLists.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
    await tx.delete(bundleListUsage).where(eq(bundleListUsage.listId, deps.id));
  });
}

/** A list's ids added to ad groups' allow or block lists (one change of each ad group), and noted as used there. */
export async function applyBundleList(
  deps: PerfDeps & { input: { list_id: number; adgroup_ids: number[]; mode: 1 | 2 } },
): Promise<{ updated: number; added: number }> {
  const adv = await requireAds(deps, 'ads.edit');
  const row = await findList(deps, adv.adv_id, deps.input.list_id);
  const result = await addBundlesToAdGroups({
    ...deps,
    input: { adgroup_ids: deps.input.adgroup_ids, bundles: row.items, mode: deps.input.mode },
  });
  await deps.db
    .insert(bundleListUsage)
    .values(deps.input.adgroup_ids.map((adgroupId) => ({ listId: row.id, adgroupId, mode: deps.input.mode })))
    .onConflictDoUpdate({
      target: [bundleListUsage.listId, bundleListUsage.adgroupId],
      set: { mode: deps.input.mode, appliedAt: new Date() },
    });
  return result;
}
