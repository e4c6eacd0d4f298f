import {
  AUDIENCE_MIN_SIZE,
  AUDIENCE_REFRESH_HOURS,
  AUDIENCE_SOURCE,
  AUDIENCE_STATUS,
  adGroupAudienceStatus,
  type Locale,
  type TAdGroupAudienceStatus,
  type TAudience,
  type TAudienceFromEvents,
  type TAudienceFromUpload,
  type TAudienceInput,
  type TAudienceList,
  type TAudienceListQuery,
  type TAudienceSaved,
  type TCheckAudienceAnswer,
  type TCheckAudienceRequest,
  translate,
} from '@scaler/domain';
import {
  and,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adGroups, appEvents, apps, audiences, pixelEvents, pixels } from '../../db/schema';
import { AppError } from '../../http/errors';
import { fieldError, type PerfAccount, type PerfDeps, requireAds } from '../account-scope/scope';
import type { AudienceBuilder } from './build';
import { parseDeviceIdsInSteps } from './parse';

/**
 * Audiences of the account in the `adv-id` header: list, create and edit, delete (refused while a live
 * ad group uses one), build again, and the figures the ad group form shows (reach, statuses). Every
 * statement filters by the account; an audience of another account is not found.
 */

export interface AudienceDeps extends PerfDeps {
  builder: AudienceBuilder;
}

type AudienceRow = typeof audiences.$inferSelect;

/** A build that has said "processing" this long without finishing is taken as lost and started again. */
const STALLED_MS = 10 * 60_000;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function toAudience(a: AudienceRow, assetName: string | null, locale: Locale): TAudience {
  return {
    audience_id: a.id,
    adv_id: a.advId,
    name: a.name,
    source_type: a.sourceType === AUDIENCE_SOURCE.upload ? 2 : 1,
    app_id: a.appId,
    pixel_id: a.pixelId,
    asset_name: assetName,
    event_ids: a.eventIds,
    lookback_days: a.lookbackDays,
    status: a.status,
    size: a.size,
    built_time: iso(a.builtAt),
    build_error: a.buildError === null ? null : translate(locale, a.buildError),
    created_time: a.createdAt.toISOString(),
    updated_time: a.updatedAt.toISOString(),
  };
}

/** Audiences of the account with their app's or pixel's name, by `where`. */
function selectAudiences(db: Executor, where: SQL | undefined) {
  return db
    .select({
      audience: audiences,
      assetName: sql<string | null>`coalesce(${apps.name}, ${pixels.name})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(audiences)
    .leftJoin(apps, eq(apps.id, audiences.appId))
    .leftJoin(pixels, eq(pixels.id, audiences.pixelId))
    .where(where)
    .orderBy(desc(audiences.id));
}

async function findAudience(deps: AudienceDeps, adv: PerfAccount, audienceId: number): Promise<TAudience> {
  const [row] = await selectAudiences(
    deps.db,
    and(eq(audiences.advId, adv.adv_id), eq(audiences.id, audienceId)),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toAudience(row.audience, row.assetName, deps.locale);
}

/**
 * Events audiences of the account (or of `ids`) built more than a day ago, or whose build stalled, are
 * marked processing; the caller queues the ids it gets once it has read its answer (which then says
 * "processing"). The update claims them, so two readers do not both queue one.
 */
async function claimStale(deps: AudienceDeps, adv: PerfAccount, ids?: number[]): Promise<number[]> {
  const now = Date.now();
  const old = new Date(now - AUDIENCE_REFRESH_HOURS * 3_600_000);
  const stalled = new Date(now - STALLED_MS);
  const claimed = await deps.db
    .update(audiences)
    .set({ status: AUDIENCE_STATUS.processing, updatedAt: new Date(now) })
    .where(
      and(
        eq(audiences.advId, adv.adv_id),
        ids ? inArray(audiences.id, ids) : undefined,
        eq(audiences.sourceType, AUDIENCE_SOURCE.events),
        or(
          and(
            ne(audiences.status, AUDIENCE_STATUS.processing),
            or(isNull(audiences.builtAt), lt(audiences.builtAt, old)),
          ),
          and(eq(audiences.status, AUDIENCE_STATUS.processing), lt(audiences.updatedAt, stalled)),
        ),
      ),
    )
    .returning({ id: audiences.id });
  return claimed.map((c) => c.id).filter((id) => !deps.builder.has(id));
}

/**
 * Uploads of the account (or of `ids`) still "processing" 10 minutes after their last written chunk
 * whose writing this process does not hold: the process that held the list died (a restart). Their
 * members are only in that process's memory, so they are marked failed with the reason (the members in
 * use stay, with their status) and their unused rows are queued for deletion.
 */
async function failLostUploads(deps: AudienceDeps, adv: PerfAccount, ids?: number[]): Promise<void> {
  const mine = deps.builder.uploads();
  const lost = await deps.db
    .update(audiences)
    .set({
      status: sql`case when ${audiences.size} = 0 then 0 when ${audiences.size} < ${AUDIENCE_MIN_SIZE} then 3 else 2 end`,
      buildError: 'errors.audience_build_interrupted',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(audiences.advId, adv.adv_id),
        ids ? inArray(audiences.id, ids) : undefined,
        mine.length > 0 ? notInArray(audiences.id, mine) : undefined,
        eq(audiences.sourceType, AUDIENCE_SOURCE.upload),
        eq(audiences.status, AUDIENCE_STATUS.processing),
        gt(audiences.uploadGen, audiences.membersGen),
        lt(audiences.updatedAt, new Date(Date.now() - STALLED_MS)),
      ),
    )
    .returning({ id: audiences.id });
  deps.builder.cleanup(
    lost.map((a) => a.id),
    adv.adv_id,
  );
}

/** `GET /scaler/v3/audiences`: a page of the account's audiences, newest first. */
export async function listAudiences(
  deps: AudienceDeps & { query: TAudienceListQuery },
): Promise<TAudienceList> {
  const adv = await requireAds(deps, 'ads.view');
  const stale = await claimStale(deps, adv);
  await failLostUploads(deps, adv);
  const { q, source_type, page, page_size } = deps.query;
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  const idMatch = q && /^\d{1,9}$/.test(q) ? eq(audiences.id, Number(q)) : undefined;
  const where = and(
    eq(audiences.advId, adv.adv_id),
    pattern ? or(ilike(audiences.name, pattern), idMatch) : undefined,
    source_type ? eq(audiences.sourceType, source_type) : undefined,
  );
  const rows = await selectAudiences(deps.db, where)
    .limit(page_size)
    .offset((page - 1) * page_size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [n] = await deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(audiences)
      .where(where);
    total = n?.n ?? 0;
  }
  deps.builder.schedule(stale, adv.adv_id);
  return { list: rows.map((r) => toAudience(r.audience, r.assetName, deps.locale)), total };
}

/** The app or pixel of an events audience is the account's, and each event is one of its events. */
async function checkEventsSource(db: Executor, adv: PerfAccount, input: TAudienceFromEvents): Promise<void> {
  let known: Set<string>;
  if (input.app_id) {
    const [app] = await db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.advId, adv.adv_id), eq(apps.id, input.app_id)));
    if (!app) throw fieldError('app_id', 'validation.invalid');
    const events = await db
      .select({ id: appEvents.eventId })
      .from(appEvents)
      .where(eq(appEvents.appId, app.id));
    known = new Set(events.map((e) => e.id));
  } else {
    const [pixel] = await db
      .select({ id: pixels.id })
      .from(pixels)
      .where(
        and(eq(pixels.advId, adv.adv_id), eq(pixels.id, input.pixel_id ?? ''), isNull(pixels.deletedAt)),
      );
    if (!pixel) throw fieldError('pixel_id', 'validation.invalid');
    const events = await db
      .select({ id: pixelEvents.eventId })
      .from(pixelEvents)
      .where(eq(pixelEvents.pixelId, pixel.id));
    known = new Set(events.map((e) => e.id));
  }
  input.event_ids.forEach((id, i) => {
    if (!known.has(id)) throw fieldError(`event_ids.${i}`, 'validation.audience_event_unknown');
  });
}

/** The audience to edit, locked for the change: 404 outside the account, 400 for another source. */
async function lockForEdit(tx: Executor, adv: PerfAccount, input: TAudienceInput): Promise<AudienceRow> {
  const [row] = await tx
    .select()
    .from(audiences)
    .where(and(eq(audiences.advId, adv.adv_id), eq(audiences.id, input.audience_id ?? 0)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.sourceType !== input.source_type)
    throw fieldError('source_type', 'validation.audience_source_fixed');
  return row;
}

async function saveEventsAudience(deps: AudienceDeps, adv: PerfAccount, input: TAudienceFromEvents) {
  await checkEventsSource(deps.db, adv, input);
  const definition = {
    appId: input.app_id || null,
    pixelId: input.app_id ? null : input.pixel_id,
    eventIds: input.event_ids,
    lookbackDays: input.lookback_days,
  };
  const { id, rebuild } = await deps.db.transaction(async (tx) => {
    if (input.audience_id === undefined) {
      const [row] = await tx
        .insert(audiences)
        .values({
          ...definition,
          advId: adv.adv_id,
          name: input.name,
          sourceType: AUDIENCE_SOURCE.events,
          status: AUDIENCE_STATUS.processing,
          createdBy: deps.actor.userId,
        })
        .returning({ id: audiences.id });
      return { id: row.id, rebuild: true };
    }
    const before = await lockForEdit(tx, adv, input);
    const changed =
      before.appId !== definition.appId ||
      before.pixelId !== definition.pixelId ||
      before.lookbackDays !== definition.lookbackDays ||
      before.eventIds.join('\n') !== definition.eventIds.join('\n');
    await tx
      .update(audiences)
      .set({
        ...definition,
        name: input.name,
        ...(changed ? { status: AUDIENCE_STATUS.processing } : {}),
        updatedAt: new Date(),
      })
      .where(eq(audiences.id, before.id));
    return { id: before.id, rebuild: changed };
  });
  return { id, rebuild };
}

/**
 * Saves an upload audience's name and, with a list, a new upload generation in "processing" (a short
 * transaction); the members are written after the answer, by the builder, in chunks. The list is the
 * parsed in steps that let other requests run between them (`parseDeviceIdsInSteps`).
 */
async function saveUploadAudience(deps: AudienceDeps, adv: PerfAccount, input: TAudienceFromUpload) {
  const parsed = await parseDeviceIdsInSteps(input.device_ids);
  const hasList = parsed.valid.length > 0;
  const { id, gen } = await deps.db.transaction(async (tx) => {
    if (input.audience_id === undefined) {
      const [row] = await tx
        .insert(audiences)
        .values({
          advId: adv.adv_id,
          name: input.name,
          sourceType: AUDIENCE_SOURCE.upload,
          status: AUDIENCE_STATUS.processing,
          uploadGen: 1,
          createdBy: deps.actor.userId,
        })
        .returning({ id: audiences.id, gen: audiences.uploadGen });
      return row;
    }
    const before = await lockForEdit(tx, adv, input);
    const [row] = await tx
      .update(audiences)
      .set({
        name: input.name,
        updatedAt: new Date(),
        ...(hasList
          ? {
              status: AUDIENCE_STATUS.processing,
              uploadGen: sql`${audiences.uploadGen} + 1`,
              buildError: null,
            }
          : {}),
      })
      .where(eq(audiences.id, before.id))
      .returning({ id: audiences.id, gen: audiences.uploadGen });
    return row;
  });
  const upload =
    input.device_ids.trim() === ''
      ? null
      : { valid: parsed.valid.length, duplicates: parsed.duplicates, invalid: parsed.invalid };
  return { id, upload, write: hasList ? () => deps.builder.upload(id, gen, parsed.valid, adv.adv_id) : null };
}

/**
 * `PUT /scaler/v3/audience`: creates (no `audience_id`) or edits an audience. Both kinds answer at once
 * with status 1 and are built after the answer: an events audience again when its definition changes, an
 * upload whenever it carries a list (the answer says how many entries were valid, repeated or invalid;
 * the members in use stay until the new ones are all written).
 */
export async function saveAudience(deps: AudienceDeps & { input: TAudienceInput }): Promise<TAudienceSaved> {
  const adv = await requireAds(deps, 'ads.edit');
  const { input } = deps;
  if (input.source_type === AUDIENCE_SOURCE.events) {
    const { id, rebuild } = await saveEventsAudience(deps, adv, input);
    const saved = await findAudience(deps, adv, id);
    // Queued once the answer is read, so it says "processing" whatever the build's speed.
    if (rebuild) deps.builder.schedule([id], adv.adv_id);
    return { ...saved, upload: null };
  }
  const { id, upload, write } = await saveUploadAudience(deps, adv, input);
  const saved = await findAudience(deps, adv, id);
  // Queued once the answer is read, so it says "processing" whatever the writing's speed.
  write?.();
  return { ...saved, upload };
}

/** `POST /scaler/v3/audience/refresh`: builds an events audience again (an upload stays as it is). */
export async function refreshAudience(deps: AudienceDeps & { audienceId: number }): Promise<TAudience> {
  const adv = await requireAds(deps, 'ads.edit');
  const current = await findAudience(deps, adv, deps.audienceId);
  if (current.source_type !== AUDIENCE_SOURCE.events) return current;
  const now = new Date();
  await deps.db
    .update(audiences)
    .set({ status: AUDIENCE_STATUS.processing, updatedAt: now })
    .where(and(eq(audiences.advId, adv.adv_id), eq(audiences.id, current.audience_id)));
  deps.builder.schedule([current.audience_id], adv.adv_id);
  return { ...current, status: AUDIENCE_STATUS.processing, updated_time: now.toISOString() };
}

const SHOWN_NAMES = 3;

/**
 * `DELETE /scaler/v3/audience`: refused (409 `AUDIENCE_IN_USE`, with the ad groups) while an ad group
 * that is not deleted includes or excludes it. The row is locked first, and saving an ad group reads
 * its audiences with a share lock, so neither can slip past the other.
 */
export async function deleteAudience(deps: AudienceDeps & { audienceId: number }): Promise<null> {
  const adv = await requireAds(deps, 'ads.edit');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: audiences.id })
      .from(audiences)
      .where(and(eq(audiences.advId, adv.adv_id), eq(audiences.id, deps.audienceId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    const users = await tx
      .select({ adgroup_id: adGroups.id, name: adGroups.name })
      .from(adGroups)
      .where(
        and(
          eq(adGroups.advId, adv.adv_id),
          isNull(adGroups.deletedAt),
          sql`(${row.id} = any(${adGroups.audienceInclude}) or ${row.id} = any(${adGroups.audienceExclude}))`,
        ),
      )
      .orderBy(adGroups.id)
      .limit(100);
    if (users.length > 0) {
      const names = users.slice(0, SHOWN_NAMES).map((g) => g.name);
      if (users.length > SHOWN_NAMES) names.push('…');
      throw new AppError('AUDIENCE_IN_USE', {
        params: { count: users.length, names: names.join(', ') },
        data: { adgroups: users },
      });
    }
    await tx.delete(audiences).where(eq(audiences.id, row.id));
  });
  return null;
}

/** Ids of the account's audiences among `ids`, or 404 when one is not the account's. */
async function requireOwnAudiences(db: Executor, adv: PerfAccount, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: audiences.id })
    .from(audiences)
    .where(and(eq(audiences.advId, adv.adv_id), inArray(audiences.id, ids)));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND');
}

/**
 * `POST /scaler/v3/adgroup/check/audience`: distinct members of the included audiences, of the excluded
 * ones, and the estimated reach (included and not excluded), counted in one statement. Members carry no
 * country, so `countries` does not narrow the estimate.
 */
export async function checkAudience(
  deps: AudienceDeps & { input: TCheckAudienceRequest },
): Promise<TCheckAudienceAnswer> {
  const adv = await requireAds(deps, 'ads.view');
  const include = [...new Set(deps.input.audience_include)];
  const exclude = [...new Set(deps.input.audience_exclude)];
  await requireOwnAudiences(deps.db, adv, [...new Set([...include, ...exclude])]);
  if (include.length === 0 && exclude.length === 0) return { reach: null, include: 0, exclude: 0 };
  const members = (ids: number[]) => sql`
    select distinct m.member_hash from audience_members m
    join ${audiences} a on a.id = m.audience_id and m.gen = a.members_gen
    where a.adv_id = ${adv.adv_id} and m.audience_id = any(${sql.param(ids)}::integer[])`;
  const result = await deps.db.execute(sql`
    with inc as (${members(include)}), exc as (${members(exclude)})
    select (select count(*) from inc)::integer as include,
      (select count(*) from exc)::integer as exclude,
      (select count(*) from inc where not exists
        (select 1 from exc where exc.member_hash = inc.member_hash))::integer as reach`);
  const [row] = (result as unknown as { rows: { include: number; exclude: number; reach: number }[] }).rows;
  return {
    reach: include.length === 0 ? null : Number(row.reach),
    include: Number(row.include),
    exclude: Number(row.exclude),
  };
}

/**
 * `GET /scaler/v3/adgroup/audience/status?adgroup_id=`: each audience the ad group includes or
 * excludes with its status and size, and the status of the targeting as a whole.
 */
export async function adGroupAudiences(
  deps: AudienceDeps & { adgroupId: number },
): Promise<TAdGroupAudienceStatus> {
  const adv = await requireAds(deps, 'ads.view');
  const [group] = await deps.db
    .select({ id: adGroups.id, include: adGroups.audienceInclude, exclude: adGroups.audienceExclude })
    .from(adGroups)
    .where(and(eq(adGroups.advId, adv.adv_id), eq(adGroups.id, deps.adgroupId)));
  if (!group) throw new AppError('NOT_FOUND');
  const ids = [...new Set([...group.include, ...group.exclude])];
  const stale = ids.length > 0 ? await claimStale(deps, adv, ids) : [];
  if (ids.length > 0) await failLostUploads(deps, adv, ids);
  const rows =
    ids.length === 0
      ? []
      : await deps.db
          .select({ id: audiences.id, name: audiences.name, status: audiences.status, size: audiences.size })
          .from(audiences)
          .where(and(eq(audiences.advId, adv.adv_id), inArray(audiences.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = (
    [
      ...group.include.map((id) => ({ id, mode: 'include' as const })),
      ...group.exclude.map((id) => ({ id, mode: 'exclude' as const })),
    ] as const
  ).flatMap(({ id, mode }) => {
    const a = byId.get(id);
    return a ? [{ audience_id: a.id, name: a.name, mode, status: a.status, size: a.size }] : [];
  });
  deps.builder.schedule(stale, adv.adv_id);
  return {
    adgroup_id: group.id,
    status: adGroupAudienceStatus(list.map((a) => a.status)),
    audiences: list,
  };
}
