import {
  ADV_STATUS,
  type AdvRole,
  type AdvStatus,
  orgCan,
  type TAdvertiserDetail,
  type TAdvertiserListQuery,
  type TAdvertiserMarkupPage,
  type TAdvertiserPage,
  type TAdvertiserSaved,
  type TCreateAdvertiserRequest,
  type TMarkup,
  type TMarkupListQuery,
  type TMarkupRequest,
} from '@scaler/domain';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { advReach, type OrgMembership, requireAdvAccess, requireOrgAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { advertisers, advMarkups, advMembers, orgs, uploadedFiles, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { zoneAnswer } from '../clock/zone';
import { attachLicenseFiles } from '../files/service';
import { recordMarkupVersion } from '../money-view/versions';
import { notifyUsers, orgAdminIds } from '../notices/notify';
import { localRollupStart } from '../statistics/writer';

interface AdvDeps {
  db: Db;
  actor: Actor;
  orgId: number | null;
}

type AdvertiserRecord = typeof advertisers.$inferSelect;

const companyColumns = (input: TCreateAdvertiserRequest) => ({
  advName: input.adv_name,
  companyName: input.company_name,
  profession: input.profession,
  currency: input.currency,
  timezone: input.timezone,
  targetLocation: input.target_location,
  website: input.website,
  taxNumber: input.tax_number,
  licenseNo: input.license_no,
  contactName: input.contact_name,
  telephone: input.telephone,
  phone: input.phone,
});

/** The snapshot kept in the activity log's before/after. */
const snapshot = (a: AdvertiserRecord) => ({
  adv_name: a.advName,
  status: a.status,
  company_name: a.companyName,
  currency: a.currency,
  timezone: a.timezone,
  website: a.website,
});

/** The number of rows the query matches before its limit, on each row (`count(*) over ()`). */
const totalRows = sql<number>`count(*) over ()`;

/** Rows whose name or id contains `q` (case-insensitive), for the lists' search box. */
export const nameOrIdContains = (q: string | undefined) =>
  q
    ? or(
        sql`strpos(lower(${advertisers.advName}), lower(${q})) > 0`,
        sql`strpos(${advertisers.advId}::text, ${q}) > 0`,
      )
    : undefined;

/**
 * The accounts list of /manage/account, the header's switcher and the account pickers: own and shared
 * accounts the caller reaches in this center, filtered, counted and paged in SQL. The page is chosen on
 * the narrow reach relation (the accounts' own columns filter through a semi-join), then its rows are
 * read by id: sorting 2,000 ids is cheap, sorting 2,000 whole rows is not (on PGlite above all).
 */
export async function listAdvertisers(
  deps: AdvDeps & { query: TAdvertiserListQuery },
): Promise<TAdvertiserPage> {
  const access = await requireOrgAccess({ ...deps, permission: 'accounts.view' });
  const { db, query } = deps;
  const reach = advReach(db, deps.actor, { membership: access });
  const accountFilter = and(
    query.status === undefined ? undefined : eq(advertisers.status, query.status),
    query.closed === undefined
      ? undefined
      : query.closed
        ? isNotNull(advertisers.closedAt)
        : isNull(advertisers.closedAt),
    nameOrIdContains(query.q),
  );
  const where = and(
    query.shared === undefined ? undefined : eq(reach.shared, query.shared),
    accountFilter &&
      inArray(reach.advId, db.select({ advId: advertisers.advId }).from(advertisers).where(accountFilter)),
  );
  const page = await db
    .select({
      adv_id: reach.advId,
      org_id: reach.orgId,
      adv_role: reach.advRole,
      shared: reach.shared,
      total: totalRows,
    })
    .from(reach)
    .where(where)
    .orderBy(asc(reach.advId))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // The count rides on the page's rows; only a page past the end needs its own query.
  const total = page.length
    ? Number(page[0].total)
    : Number((await db.select({ n: count() }).from(reach).where(where))[0].n);
  const details = page.length
    ? await db
        .select({
          advId: advertisers.advId,
          advName: advertisers.advName,
          ownerOrgId: advertisers.orgId,
          ownerName: orgs.orgName,
          status: advertisers.status,
          closedAt: advertisers.closedAt,
          companyName: advertisers.companyName,
          currency: advertisers.currency,
          timezone: advertisers.timezone,
          createdAt: advertisers.createdAt,
        })
        .from(advertisers)
        .innerJoin(orgs, eq(orgs.orgId, advertisers.orgId))
        .where(
          inArray(
            advertisers.advId,
            page.map((r) => r.adv_id),
          ),
        )
    : [];
  const byId = new Map(details.map((d) => [d.advId, d]));
  return {
    list: page.map(({ total: _total, ...r }) => {
      const adv = byId.get(r.adv_id)!;
      return {
        ...r,
        adv_name: adv.advName,
        owner_org_id: adv.ownerOrgId,
        owner_org_name: adv.ownerName,
        status: adv.status as AdvStatus,
        closed: adv.closedAt !== null,
        company_name: adv.companyName,
        currency: adv.currency,
        ...zoneAnswer(adv.timezone),
        created_at: adv.createdAt.toISOString(),
      };
    }),
    total,
  };
}

/** Creates an account in review (status 0). Agency-type centers only; their admins only. */
export async function createAdvertiser(
  deps: AdvDeps & { input: TCreateAdvertiserRequest },
): Promise<TAdvertiserSaved> {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'accounts.create' });
    const [adv] = await tx
      .insert(advertisers)
      .values({
        ...companyColumns(deps.input),
        orgId: access.orgId,
        status: ADV_STATUS.review,
        createdBy: deps.actor.userId,
      })
      .returning();
    await attachLicenseFiles(tx, deps.actor, { advId: adv.advId }, deps.input.license_files);
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'account.create',
      objectType: 'advertiser',
      objectId: adv.advId,
      after: snapshot(adv),
    });
    return { adv_id: adv.advId, status: adv.status as AdvStatus };
  });
}

/** An account owned by the caller's center, for its admins to change (404 for others', 403 for users). */
async function requireOwnedAdvertiser(db: Executor, access: OrgMembership, advId: number) {
  const [adv] = await db
    .select()
    .from(advertisers)
    .where(and(eq(advertisers.advId, advId), eq(advertisers.orgId, access.orgId)))
    .for('update');
  if (!adv) throw new AppError('NOT_FOUND');
  return adv;
}

export async function getAdvertiser(deps: AdvDeps & { advId: number }): Promise<TAdvertiserDetail> {
  const access = await requireOrgAccess({ ...deps, permission: 'accounts.view' });
  const reach = await requireAdvAccess({ ...deps, permission: 'ads.view' });
  const { db } = deps;
  const [row] = await db
    .select({ adv: advertisers, ownerName: orgs.orgName })
    .from(advertisers)
    .innerJoin(orgs, eq(orgs.orgId, advertisers.orgId))
    .where(eq(advertisers.advId, deps.advId));
  const { adv } = row;
  const admin = access.orgRole === 'org_admin';
  const owner = adv.orgId === access.orgId;
  const [members, files, markup] = await Promise.all([
    admin
      ? db
          .select({ _id: users.id, name: users.name, email: users.email, adv_role: advMembers.advRole })
          .from(advMembers)
          .innerJoin(users, eq(users.id, advMembers.userId))
          .where(and(eq(advMembers.advId, adv.advId), eq(advMembers.orgId, access.orgId)))
          .orderBy(asc(users.email))
      : [],
    admin && owner
      ? db
          .select({ file: uploadedFiles.name, name: uploadedFiles.originalName })
          .from(uploadedFiles)
          .where(and(eq(uploadedFiles.advId, adv.advId), eq(uploadedFiles.kind, 'license')))
          .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.name))
      : [],
    admin && owner && orgCan(access, 'markup.manage')
      ? db.select().from(advMarkups).where(eq(advMarkups.advId, adv.advId))
      : [],
  ]);
  return {
    adv_id: adv.advId,
    adv_name: adv.advName,
    org_id: reach.org_id,
    owner_org_id: adv.orgId,
    owner_org_name: row.ownerName,
    status: adv.status as AdvStatus,
    adv_role: reach.adv_role,
    shared: reach.shared,
    closed: adv.closedAt !== null,
    company_name: adv.companyName,
    currency: adv.currency,
    ...zoneAnswer(adv.timezone),
    created_at: adv.createdAt.toISOString(),
    profession: adv.profession,
    target_location: adv.targetLocation,
    website: adv.website,
    tax_number: adv.taxNumber,
    license_no: adv.licenseNo,
    contact_name: adv.contactName,
    telephone: adv.telephone,
    phone: adv.phone,
    license_files: files.map((f) => ({ file: f.file, name: f.name || f.file })),
    review_reason: adv.reviewReason,
    members: members.map((m) => ({ ...m, adv_role: m.adv_role as AdvRole })),
    markup: markup[0] ? toMarkup(markup[0]) : null,
  };
}

/** Edits the account's fields. A closed account cannot change; a rejected one goes back to review. */
export async function updateAdvertiser(
  deps: AdvDeps & { advId: number; input: TCreateAdvertiserRequest },
): Promise<TAdvertiserSaved> {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'accounts.manage' });
    const before = await requireOwnedAdvertiser(tx, access, deps.advId);
    if (before.closedAt) throw new AppError('ADV_CLOSED');
    const resubmit = before.status === ADV_STATUS.rejected;
    const [after] = await tx
      .update(advertisers)
      .set({
        ...companyColumns(deps.input),
        ...(resubmit ? { status: ADV_STATUS.review, reviewReason: '' } : {}),
        // A new zone's local days are summed from tomorrow (statistics' `stats_daily_local`).
        ...(deps.input.timezone !== before.timezone
          ? { localStatsFrom: localRollupStart(deps.input.timezone) }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(advertisers.advId, deps.advId))
      .returning();
    await attachLicenseFiles(tx, deps.actor, { advId: deps.advId }, deps.input.license_files);
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: resubmit ? 'account.resubmit' : 'account.update',
      objectType: 'advertiser',
      objectId: deps.advId,
      before: snapshot(before),
      after: snapshot(after),
    });
    return { adv_id: after.advId, status: after.status as AdvStatus };
  });
}

/** Closes an account for good (status 4): it can never be activated again. */
export async function closeAdvertiser(deps: AdvDeps & { advId: number }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'accounts.manage' });
    const before = await requireOwnedAdvertiser(tx, access, deps.advId);
    if (before.closedAt) throw new AppError('ADV_CLOSED');
    const [after] = await tx
      .update(advertisers)
      .set({ status: ADV_STATUS.disabled, closedAt: new Date(), updatedAt: new Date() })
      .where(eq(advertisers.advId, deps.advId))
      .returning();
    const assigned = await tx
      .select({ userId: advMembers.userId })
      .from(advMembers)
      .where(eq(advMembers.advId, deps.advId));
    await notifyUsers(tx, [...(await orgAdminIds(tx, access.orgId)), ...assigned.map((a) => a.userId)], {
      type: 'account',
      code: ADV_STATUS.disabled,
      message: 'notices.account_closed',
      params: { adv: after.advName, adv_id: after.advId },
      orgId: access.orgId,
      advId: after.advId,
      creatId: deps.actor.userId,
    });
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'account.close',
      objectType: 'advertiser',
      objectId: deps.advId,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
}

/** Sets markup on an own account (org admins of agency centers). */
export async function setMarkup(deps: AdvDeps & { advId: number; input: TMarkupRequest | null }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'markup.manage' });
    await requireOwnedAdvertiser(tx, access, deps.advId);
    const [before] = await tx.select().from(advMarkups).where(eq(advMarkups.advId, deps.advId));
    if (deps.input === null) await tx.delete(advMarkups).where(eq(advMarkups.advId, deps.advId));
    else {
      const values = {
        ratio: deps.input.ratio.toFixed(4),
        startDate: deps.input.start_date,
        endDate: deps.input.end_date,
        role: deps.input.role,
      };
      await tx
        .insert(advMarkups)
        .values({ advId: deps.advId, ...values })
        .onConflictDoUpdate({ target: advMarkups.advId, set: values });
    }
    // Reports read the versions: the change applies from the account's next day on (decisions 7).
    await recordMarkupVersion(tx, { advId: deps.advId, actor: deps.actor, markup: deps.input });
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: deps.input ? 'account.markup' : 'account.markup_remove',
      objectType: 'advertiser',
      objectId: deps.advId,
      before: before
        ? { ratio: Number(before.ratio), start_date: before.startDate, end_date: before.endDate }
        : null,
      after: deps.input ? { ...deps.input } : null,
    });
  });
}

const toMarkup = (m: typeof advMarkups.$inferSelect): TMarkup => ({
  ratio: Number(m.ratio),
  start_date: m.startDate,
  end_date: m.endDate,
  role: m.role,
});

/** The markups page: the center's own accounts with their markup, if any (org admins), paged in SQL. */
export async function listMarkups(
  deps: AdvDeps & { query: TMarkupListQuery },
): Promise<TAdvertiserMarkupPage> {
  const access = await requireOrgAccess({ ...deps, permission: 'markup.manage' });
  const { db, query } = deps;
  const where = and(eq(advertisers.orgId, access.orgId), nameOrIdContains(query.q));
  const rows = await db
    .select({
      adv_id: advertisers.advId,
      adv_name: advertisers.advName,
      status: advertisers.status,
      markup: advMarkups,
      total: totalRows,
    })
    .from(advertisers)
    .leftJoin(advMarkups, eq(advMarkups.advId, advertisers.advId))
    .where(where)
    .orderBy(asc(advertisers.advId))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const total = rows.length
    ? Number(rows[0].total)
    : Number((await db.select({ n: count() }).from(advertisers).where(where))[0].n);
  return {
    list: rows.map(({ markup, total: _total, ...row }) => ({
      ...row,
      status: row.status as AdvStatus,
      markup: markup ? toMarkup(markup) : null,
    })),
    total,
  };
}

export const notifyAccountStatus = async (
  db: Executor,
  adv: AdvertiserRecord,
  options: { reason: string; actorId: string },
) => {
  const assigned = await db
    .select({ userId: advMembers.userId })
    .from(advMembers)
    .where(eq(advMembers.advId, adv.advId));
  await notifyUsers(db, [...(await orgAdminIds(db, adv.orgId)), ...assigned.map((a) => a.userId)], {
    type: 'account',
    code: adv.status,
    message: `notices.account_status_${adv.status}`,
    params: { adv: adv.advName, adv_id: adv.advId },
    orgId: adv.orgId,
    advId: adv.advId,
    reason: options.reason,
    creatId: options.actorId,
  });
};
