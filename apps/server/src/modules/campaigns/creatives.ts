import {
  CREATIVE_MATERIALS,
  checkMaterial,
  type MaterialRole,
  type TCreativeDetail,
  type TCreativeGalleryItem,
  type TCreativeInput,
  type TCreativeReviewItem,
  type TCreativeReviewRequest,
} from '@scaler/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Actor } from '../../access/actor';
import type { Db, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  adGroups,
  advertisers,
  advMembers,
  apps,
  type CreativeMaterial,
  campaigns,
  creatives,
  uploadedFiles,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { fieldError, type PerfDeps, requireAds } from '../account-scope/scope';
import type { FileStorage } from '../files/storage';
import { notifyUsers, orgAdminIds } from '../notices/notify';
import { requireOperator } from '../reviews/service';
import { trackingKey, trackingUrl } from '../tracking/signing';
import { recordChanges } from './change-log';
import { findAdGroup, statusesOf } from './service';

/**
 * Creatives (issue 9): create and edit with materials uploaded to the account (each checked with the
 * facts measured at its upload against the creative type's needs), submit for review, copy into other ad
 * groups, and the operators' review (`/sa/tool`) with a notice to the account's members. A change of
 * what the creative shows sends an approved or rejected creative back to review.
 */

type CreativeRow = typeof creatives.$inferSelect;
export interface CreativeDeps extends PerfDeps {
  storage: FileStorage;
  publicUrl: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const materialOut = (m: CreativeMaterial) => ({
  role: m.role as MaterialRole,
  file: m.file ?? '',
  url: `/static/${m.file}`,
  mime: m.mime,
  size: m.size,
  ...(m.width ? { width: m.width, height: m.height } : {}),
  ...(m.duration ? { duration: m.duration, bitrate: m.bitrate } : {}),
});

async function details(
  deps: CreativeDeps,
  adv: Parameters<typeof statusesOf>[1],
  rows: CreativeRow[],
): Promise<TCreativeDetail[]> {
  if (rows.length === 0) return [];
  const statuses = await statusesOf(
    deps.db,
    adv,
    'creative',
    rows.map((r) => r.id),
  );
  const key = await trackingKey(deps.db);
  const linkOf = await campaignLinks(
    deps.db,
    rows.map((r) => r.campaignId),
  );
  return rows.map((c) => {
    const link = linkOf.get(c.campaignId);
    const params = {
      a: String(c.advId),
      ...(link?.appId ? { app: link.appId } : { px: link?.pixelId ?? '' }),
      c: String(c.campaignId),
      g: String(c.adgroupId),
      cr: String(c.id),
      ...(link?.landingUrl ? { u: link.landingUrl } : {}),
    };
    return {
      creative_id: c.id,
      adgroup_id: c.adgroupId,
      campaign_id: c.campaignId,
      adv_id: c.advId,
      name: c.name,
      creative_type: c.creativeType as TCreativeDetail['creative_type'],
      materials: c.materials.map(materialOut),
      html: c.html,
      title: c.title,
      description: c.description,
      call_to_action: c.callToAction,
      click_url: c.clickUrl || trackingUrl(key, deps.publicUrl, 'click', params),
      impression_url: c.impressionUrl || trackingUrl(key, deps.publicUrl, 'impression', params),
      review_status: c.reviewStatus,
      reject_code: c.rejectCode,
      reject_reason: c.rejectReason,
      opt_status: c.enabled ? 1 : 0,
      status: statuses.get(c.id) ?? 10,
      deleted: c.deletedAt !== null,
      created_time: c.createdAt.toISOString(),
      updated_time: c.updatedAt.toISOString(),
    };
  });
}

async function campaignLinks(db: Executor, ids: number[]) {
  const rows = await db
    .select({
      id: campaigns.id,
      appId: campaigns.appId,
      pixelId: campaigns.pixelId,
      landingUrl: campaigns.landingUrl,
    })
    .from(campaigns)
    .where(inArray(campaigns.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function listCreatives(deps: CreativeDeps & { adgroupId: number }): Promise<TCreativeDetail[]> {
  const adv = await requireAds(deps, 'ads.view');
  await findAdGroup(deps.db, adv.adv_id, deps.adgroupId);
  const rows = await deps.db
    .select()
    .from(creatives)
    .where(and(eq(creatives.advId, adv.adv_id), eq(creatives.adgroupId, deps.adgroupId)))
    .orderBy(asc(creatives.id))
    .limit(500);
  return details(deps, adv, rows);
}

/**
 * `GET /scaler/v3/creative/gallery`: a page of the account's creatives with their previews, newest
 * first, for the creative viewer (`/creative/index`) and anyone who may view the account's ads. Filter,
 * count and page in SQL; deleted creatives are left out.
 */
export async function creativeGallery(
  deps: CreativeDeps & {
    query: { page: number; page_size: number; q: string; creative_type?: string; review_status?: number };
  },
): Promise<{ list: TCreativeGalleryItem[]; total: number }> {
  const adv = await requireAds(deps, 'ads.view');
  const { query } = deps;
  const q = query.q.trim();
  const where = and(
    eq(creatives.advId, adv.adv_id),
    isNull(creatives.deletedAt),
    query.creative_type ? eq(creatives.creativeType, query.creative_type) : undefined,
    query.review_status === undefined ? undefined : eq(creatives.reviewStatus, query.review_status),
    q === ''
      ? undefined
      : /^\d{1,10}$/.test(q)
        ? or(eq(creatives.id, Number(q)), ilike(creatives.name, containsPattern(q)))
        : ilike(creatives.name, containsPattern(q)),
  );
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(creatives)
      .where(where)
      .orderBy(desc(creatives.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ total: count() }).from(creatives).where(where),
  ]);
  const names = await objectNames(
    deps.db,
    rows.map((r) => r.campaignId),
    rows.map((r) => r.adgroupId),
  );
  const list = (await details(deps, adv, rows)).map((c) => ({
    ...c,
    campaign_name: names.campaigns.get(c.campaign_id) ?? '',
    adgroup_name: names.adgroups.get(c.adgroup_id) ?? '',
  }));
  return { list, total };
}

async function objectNames(db: Executor, campaignIds: number[], adgroupIds: number[]) {
  const [c, g] = await Promise.all([
    campaignIds.length === 0
      ? []
      : db
          .select({ id: campaigns.id, name: campaigns.name })
          .from(campaigns)
          .where(inArray(campaigns.id, [...new Set(campaignIds)])),
    adgroupIds.length === 0
      ? []
      : db
          .select({ id: adGroups.id, name: adGroups.name })
          .from(adGroups)
          .where(inArray(adGroups.id, [...new Set(adgroupIds)])),
  ]);
  return {
    campaigns: new Map(c.map((r) => [r.id, r.name])),
    adgroups: new Map(g.map((r) => [r.id, r.name])),
  };
}

export async function getCreative(deps: CreativeDeps & { creativeId: number }): Promise<TCreativeDetail> {
  const adv = await requireAds(deps, 'ads.view');
  const [row] = await deps.db
    .select()
    .from(creatives)
    .where(and(eq(creatives.advId, adv.adv_id), eq(creatives.id, deps.creativeId)));
  if (!row) throw new AppError('NOT_FOUND');
  return (await details(deps, adv, [row]))[0];
}

/**
 * An image uploaded before its size was kept: it was re-encoded at upload, so reading its header is
 * safe and cheap; the size is kept for the next time.
 */
async function measureOldImage(deps: CreativeDeps, tx: Executor, file: string) {
  const size = imageSize(await deps.storage.readCreative(file));
  await tx
    .update(uploadedFiles)
    .set({ width: size.width, height: size.height })
    .where(eq(uploadedFiles.name, file));
  return size;
}

/** Each material must be a file uploaded to this account, of a role the type needs, within its limits. */
async function checkMaterials(
  deps: CreativeDeps,
  tx: Executor,
  advId: number,
  input: TCreativeInput,
): Promise<CreativeMaterial[]> {
  const needs = CREATIVE_MATERIALS[input.creative_type];
  const roles = input.materials.map((m) => m.role);
  if (
    needs.materials.some((r) => !roles.includes(r)) ||
    roles.some((r) => !needs.materials.includes(r)) ||
    new Set(roles).size !== roles.length
  ) {
    throw fieldError('materials', 'creative.materials_required', {
      roles: needs.materials.join(' + ') || 'HTML',
    });
  }
  if (needs.html && !input.html?.trim()) throw fieldError('html', 'creative.html_required');
  const files = input.materials.map((m) => m.file);
  const known =
    files.length === 0
      ? []
      : await tx
          .select({
            name: uploadedFiles.name,
            mime: uploadedFiles.mime,
            size: uploadedFiles.size,
            width: uploadedFiles.width,
            height: uploadedFiles.height,
            duration: uploadedFiles.duration,
            bitrate: uploadedFiles.bitrate,
          })
          .from(uploadedFiles)
          .where(
            and(
              eq(uploadedFiles.advId, advId),
              eq(uploadedFiles.kind, 'creative'),
              inArray(uploadedFiles.name, files),
            ),
          );
  const out: CreativeMaterial[] = [];
  for (const [i, m] of input.materials.entries()) {
    const row = known.find((k) => k.name === m.file);
    if (!row) throw fieldError(`materials.${i}.file`, 'creative.material_unknown');
    let facts: CreativeMaterial;
    if (row.mime === 'video/mp4') {
      // Measured at upload; a video uploaded before the facts were kept was never checked by the
      // bounded reader (nor stored as it validated), so it is uploaded again rather than read here.
      if (row.duration === null || row.bitrate === null || row.width === null || row.height === null)
        throw fieldError(`materials.${i}.file`, 'creative.video_upload_again');
      facts = {
        role: m.role,
        file: m.file,
        mime: row.mime,
        size: row.size,
        width: row.width,
        height: row.height,
        duration: row.duration,
        bitrate: row.bitrate,
      };
    } else {
      const size = row.width !== null && row.height !== null ? row : await measureOldImage(deps, tx, m.file);
      facts = {
        role: m.role,
        file: m.file,
        mime: row.mime,
        size: row.size,
        width: size.width ?? undefined,
        height: size.height ?? undefined,
      };
    }
    const problem = checkMaterial(m.role, facts, input.creative_type === 'nativeImg');
    if (problem) throw fieldError(`materials.${i}.file`, problem.message, problem.params);
    out.push(facts);
  }
  return out;
}

const shownFields = (
  c: Pick<
    CreativeRow,
    | 'materials'
    | 'html'
    | 'title'
    | 'description'
    | 'callToAction'
    | 'clickUrl'
    | 'impressionUrl'
    | 'name'
    | 'creativeType'
  >,
) => ({
  name: c.name,
  creative_type: c.creativeType,
  materials: c.materials.map((m) => `${m.role}:${m.file}`).join(', '),
  html: c.html,
  title: c.title,
  description: c.description,
  call_to_action: c.callToAction,
  click_url: c.clickUrl,
  impression_url: c.impressionUrl,
});

/** `PUT /scaler/v3/creative`. */
export async function saveCreative(deps: CreativeDeps & { input: TCreativeInput }): Promise<TCreativeDetail> {
  const { input } = deps;
  const adv = await requireAds(deps, 'ads.edit');
  const id = await deps.db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(adGroups)
      .where(and(eq(adGroups.advId, adv.adv_id), eq(adGroups.id, input.adgroup_id)));
    if (!group) throw new AppError('NOT_FOUND');
    if (group.deletedAt !== null) throw new AppError('OBJECT_DELETED');
    const materials = await checkMaterials(deps, tx, adv.adv_id, input);
    const values = {
      name: input.name,
      creativeType: input.creative_type,
      materials,
      html: CREATIVE_MATERIALS[input.creative_type].html ? input.html : null,
      title: input.title,
      description: input.description,
      callToAction: input.call_to_action,
      clickUrl: input.click_url,
      impressionUrl: input.impression_url,
    };
    const entry = { advId: adv.adv_id, object: 'creative' as const, userId: deps.actor.userId };
    if (input.creative_id === undefined) {
      const [row] = await tx
        .insert(creatives)
        .values({
          ...values,
          advId: adv.adv_id,
          campaignId: group.campaignId,
          adgroupId: group.id,
          reviewStatus: input.submit ? 1 : 0,
          committedAt: input.submit ? new Date() : null,
          createdBy: deps.actor.userId,
        })
        .returning();
      await recordChanges(tx, { ...entry, objectId: row.id, action: 'create' }, null, shownFields(row));
      if (input.submit)
        await recordChanges(
          tx,
          { ...entry, objectId: row.id, action: 'commit' },
          { review_status: 0 },
          { review_status: 1 },
        );
      return row.id;
    }
    const [before] = await tx
      .select()
      .from(creatives)
      .where(and(eq(creatives.advId, adv.adv_id), eq(creatives.id, input.creative_id)));
    if (!before) throw new AppError('NOT_FOUND');
    if (before.deletedAt !== null) throw new AppError('OBJECT_DELETED');
    const changed =
      JSON.stringify(shownFields({ ...before, ...values })) !== JSON.stringify(shownFields(before));
    // What the creative shows changed: an approved or rejected creative goes back to review.
    const reviewStatus = input.submit || (changed && before.reviewStatus >= 1) ? 1 : before.reviewStatus;
    const [row] = await tx
      .update(creatives)
      .set({
        ...values,
        reviewStatus,
        ...(reviewStatus === 1 && before.reviewStatus !== 1
          ? { committedAt: new Date(), rejectCode: null, rejectReason: null }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(creatives.id, before.id))
      .returning();
    await recordChanges(
      tx,
      { ...entry, objectId: row.id, action: 'update' },
      shownFields(before),
      shownFields(row),
    );
    if (reviewStatus !== before.reviewStatus) {
      await recordChanges(
        tx,
        { ...entry, objectId: row.id, action: 'commit' },
        { review_status: before.reviewStatus },
        { review_status: reviewStatus },
      );
    }
    return row.id;
  });
  return getCreative({ ...deps, creativeId: id });
}

/** `POST /scaler/v3/creative/commit`: drafts and rejected creatives go to review. */
export async function commitCreatives(deps: CreativeDeps & { ids: number[] }): Promise<{ updated: number }> {
  const adv = await requireAds(deps, 'ads.edit');
  const ids = [...new Set(deps.ids)];
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(creatives)
      .where(and(eq(creatives.advId, adv.adv_id), inArray(creatives.id, ids)));
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
    let updated = 0;
    for (const r of rows) {
      if (r.deletedAt !== null || r.reviewStatus === 1 || r.reviewStatus === 3) continue;
      await tx
        .update(creatives)
        .set({
          reviewStatus: 1,
          committedAt: new Date(),
          rejectCode: null,
          rejectReason: null,
          updatedAt: new Date(),
        })
        .where(eq(creatives.id, r.id));
      await recordChanges(
        tx,
        {
          advId: adv.adv_id,
          object: 'creative',
          objectId: r.id,
          userId: deps.actor.userId,
          action: 'commit',
        },
        { review_status: r.reviewStatus },
        { review_status: 1 },
      );
      updated += 1;
    }
    return { updated };
  });
}

/** `POST /scaler/v3/creatives/assign`: copies of the creatives in each ad group; approved ones stay approved. */
export async function assignCreatives(
  deps: CreativeDeps & { creativeIds: number[]; adgroupIds: number[] },
): Promise<{ created: number }> {
  const adv = await requireAds(deps, 'ads.edit');
  return deps.db.transaction(async (tx) => {
    const sources = await tx
      .select()
      .from(creatives)
      .where(
        and(
          eq(creatives.advId, adv.adv_id),
          inArray(creatives.id, deps.creativeIds),
          isNull(creatives.deletedAt),
        ),
      );
    const groups = await tx
      .select()
      .from(adGroups)
      .where(
        and(
          eq(adGroups.advId, adv.adv_id),
          inArray(adGroups.id, deps.adgroupIds),
          isNull(adGroups.deletedAt),
        ),
      );
    if (
      sources.length !== new Set(deps.creativeIds).size ||
      groups.length !== new Set(deps.adgroupIds).size
    ) {
      throw new AppError('NOT_FOUND');
    }
    let created = 0;
    for (const g of groups) {
      for (const s of sources) {
        if (s.adgroupId === g.id) continue;
        const { id, createdAt, updatedAt, campaignId, adgroupId, createdBy, ...copy } = s;
        const [row] = await tx
          .insert(creatives)
          .values({ ...copy, campaignId: g.campaignId, adgroupId: g.id, createdBy: deps.actor.userId })
          .returning();
        await recordChanges(
          tx,
          {
            advId: adv.adv_id,
            object: 'creative',
            objectId: row.id,
            userId: deps.actor.userId,
            action: 'create',
          },
          null,
          { ...shownFields(row), copied_from: s.id },
        );
        created += 1;
      }
    }
    return { created };
  });
}

// ---------------------------------------------------------------------------------------------------
// Operator review

export async function creativeQueue(options: {
  db: Db;
  actor: Actor;
  status: 'review' | 'approved' | 'rejected';
}): Promise<TCreativeReviewItem[]> {
  requireOperator(options.actor);
  const status = { review: 1, approved: 3, rejected: 2 }[options.status];
  const rows = await options.db
    .select({
      c: creatives,
      advName: advertisers.advName,
      campaignName: campaigns.name,
      adgroupName: adGroups.name,
      landingUrl: campaigns.landingUrl,
      appLink: apps.downloadLink,
    })
    .from(creatives)
    .innerJoin(advertisers, eq(advertisers.advId, creatives.advId))
    .innerJoin(campaigns, eq(campaigns.id, creatives.campaignId))
    .innerJoin(adGroups, eq(adGroups.id, creatives.adgroupId))
    .leftJoin(apps, eq(apps.id, campaigns.appId))
    .where(and(eq(creatives.reviewStatus, status), isNull(creatives.deletedAt)))
    .orderBy(status === 1 ? asc(creatives.committedAt) : desc(creatives.reviewedAt))
    .limit(100);
  return rows.map(({ c, advName, campaignName, adgroupName, landingUrl, appLink }) => ({
    creative_id: c.id,
    name: c.name,
    creative_type: c.creativeType,
    adv_id: c.advId,
    adv_name: advName,
    campaign_name: campaignName,
    adgroup_name: adgroupName,
    materials: c.materials.map(materialOut),
    html: c.html,
    title: c.title,
    description: c.description,
    call_to_action: c.callToAction,
    landing_url: landingUrl ?? appLink ?? null,
    review_status: c.reviewStatus,
    reject_code: c.rejectCode,
    reject_reason: c.rejectReason,
    committed_at: iso(c.committedAt),
  }));
}

/** Approve or reject a creative in review; the account's members (and its center's admins) are told. */
export async function reviewCreative(options: {
  db: Db;
  actor: Actor;
  creativeId: number;
  input: TCreativeReviewRequest;
}): Promise<null> {
  requireOperator(options.actor);
  const { input } = options;
  await options.db.transaction(async (tx) => {
    const [row] = await tx.select().from(creatives).where(eq(creatives.id, options.creativeId)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.reviewStatus !== 1 || row.deletedAt !== null)
      throw fieldError('creative_id', 'creative.not_in_review');
    const reviewStatus = input.approve ? 3 : 2;
    await tx
      .update(creatives)
      .set({
        reviewStatus,
        rejectCode: input.approve ? null : input.reason_code,
        rejectReason: input.approve ? null : input.reason || null,
        reviewedAt: new Date(),
        reviewedBy: options.actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(creatives.id, row.id));
    await recordChanges(
      tx,
      {
        advId: row.advId,
        object: 'creative',
        objectId: row.id,
        userId: options.actor.userId,
        action: input.approve ? 'approve' : 'reject',
      },
      { review_status: 1 },
      {
        review_status: reviewStatus,
        ...(input.approve ? {} : { reject_code: input.reason_code, reject_reason: input.reason }),
      },
    );
    const [adv] = await tx
      .select({ orgId: advertisers.orgId })
      .from(advertisers)
      .where(eq(advertisers.advId, row.advId));
    const members = await tx
      .select({ userId: advMembers.userId })
      .from(advMembers)
      .where(eq(advMembers.advId, row.advId));
    const reason = input.approve ? '' : input.reason_code === 1000 ? input.reason : `${input.reason_code}`;
    await notifyUsers(
      tx,
      [...members.map((m) => m.userId), ...(adv ? await orgAdminIds(tx, adv.orgId) : [])],
      {
        type: 'creative',
        code: reviewStatus,
        message: input.approve ? 'notices.creative_approved' : 'notices.creative_rejected',
        params: {
          name: row.name,
          id: row.id,
          code: input.reason_code ?? 0,
          reason: input.reason_code === 1000 ? input.reason : '',
        },
        advId: row.advId,
        orgId: adv?.orgId ?? null,
        reason,
        // Who acted, like every other notice (spec 3).
        creatId: options.actor.userId,
      },
    );
  });
  return null;
}
