import {
  ADV_STATUS,
  type AdvStatus,
  ORG_STATUS,
  orgCan,
  type TBusinessCenterInfo,
  type TCommissionRequest,
  type TOverview,
  type TUpdateBusinessInfoRequest,
  type TVerification,
  type VerificationStatus,
} from '@scaler/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { advReach, requireOrgAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { advertisers, invitations, orgMembers, orgPartners, orgs, verifications } from '../../db/schema';
import { AppError } from '../../http/errors';
import { listActivity, recordActivity } from '../activity/service';
import { assertAvatarUploaded, attachLicenseFiles, licenseFilesOf } from '../files/service';
import { recordCommissionVersion } from '../money-view/versions';

interface OrgDeps {
  db: Db;
  actor: Actor;
  orgId: number | null;
}

type OrgRecord = typeof orgs.$inferSelect;

function toInfo(org: OrgRecord, orgRole: 'org_admin' | 'org_user'): TBusinessCenterInfo {
  return {
    org_id: org.orgId,
    org_name: org.orgName,
    avatar: org.avatar,
    org_type: org.orgType as 1 | 2,
    org_status: org.orgStatus as TBusinessCenterInfo['org_status'],
    org_role: orgRole,
    company_name: org.companyName,
    profession: org.profession,
    currency: org.currency,
    timezone: org.timezone,
    target_location: org.targetLocation,
    website: org.website,
    tax_number: org.taxNumber,
    license_no: org.licenseNo,
    contact_name: org.contactName,
    telephone: org.telephone,
    phone: org.phone,
    show_commission: org.showCommission,
    use_commission: org.useCommission,
    commission_rate: Number(org.commissionRate),
    effective_time: org.commissionEffectiveAt?.toISOString() ?? null,
    created_at: org.createdAt.toISOString(),
  };
}

const infoSnapshot = (o: OrgRecord) => ({
  org_name: o.orgName,
  avatar: o.avatar,
  company_name: o.companyName,
  currency: o.currency,
  timezone: o.timezone,
  website: o.website,
  contact_name: o.contactName,
});

export async function getBusinessInfo(deps: OrgDeps): Promise<TBusinessCenterInfo> {
  const access = await requireOrgAccess({ ...deps, permission: 'org.view' });
  const [org] = await deps.db.select().from(orgs).where(eq(orgs.orgId, access.orgId));
  return toInfo(org, access.orgRole);
}

export async function updateBusinessInfo(deps: OrgDeps & { input: TUpdateBusinessInfoRequest }) {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'org.edit' });
    const { input } = deps;
    await assertAvatarUploaded(tx, input.avatar);
    const [before] = await tx.select().from(orgs).where(eq(orgs.orgId, access.orgId)).for('update');
    const [after] = await tx
      .update(orgs)
      .set({
        orgName: input.org_name,
        ...(input.avatar === undefined ? {} : { avatar: input.avatar }),
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
        updatedAt: new Date(),
      })
      .where(eq(orgs.orgId, access.orgId))
      .returning();
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'center.update',
      objectType: 'center',
      objectId: access.orgId,
      before: infoSnapshot(before),
      after: infoSnapshot(after),
    });
    return toInfo(after, access.orgRole);
  });
}

/** Commission settings (agency admins): they decide whether and how `gmv_fee` is shown. */
export async function updateCommission(deps: OrgDeps & { input: TCommissionRequest }) {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'finance.manage' });
    const [before] = await tx.select().from(orgs).where(eq(orgs.orgId, access.orgId)).for('update');
    const { input } = deps;
    const [after] = await tx
      .update(orgs)
      .set({
        showCommission: input.show_commission,
        useCommission: input.use_commission,
        commissionRate: input.commission_rate.toFixed(4),
        commissionEffectiveAt: input.effective_time ? new Date(input.effective_time) : null,
        updatedAt: new Date(),
      })
      .where(eq(orgs.orgId, access.orgId))
      .returning();
    // Reports read the versions: from each account's next day on (decisions 7).
    await recordCommissionVersion(tx, { orgId: access.orgId, actor: deps.actor, input });
    const commission = (o: OrgRecord) => ({
      show_commission: o.showCommission,
      use_commission: o.useCommission,
      commission_rate: Number(o.commissionRate),
      effective_time: o.commissionEffectiveAt?.toISOString() ?? null,
    });
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'center.commission',
      objectType: 'center',
      objectId: access.orgId,
      before: commission(before),
      after: commission(after),
    });
    return toInfo(after, access.orgRole);
  });
}

/** The center at a glance. Standard users see their own accounts and no administration figures. */
export async function getOverview(deps: OrgDeps): Promise<TOverview> {
  const access = await requireOrgAccess({ ...deps, permission: 'org.view' });
  const { db } = deps;
  const admin = orgCan(access, 'members.manage');
  const active = access.orgStatus === ORG_STATUS.active;
  const reach = advReach(db, deps.actor, { membership: access });
  const none = Promise.resolve([] as { status: number; n: number }[]);
  const [[members], accounts, [partners], [pendingInvitations], [pendingVerification], activity] =
    await Promise.all([
      db.select({ n: count() }).from(orgMembers).where(eq(orgMembers.orgId, access.orgId)),
      active
        ? db
            .select({ status: advertisers.status, n: count() })
            .from(reach)
            .innerJoin(advertisers, eq(advertisers.advId, reach.advId))
            .groupBy(advertisers.status)
        : none,
      admin
        ? db.select({ n: count() }).from(orgPartners).where(eq(orgPartners.orgId, access.orgId))
        : [{ n: 0 }],
      admin
        ? db
            .select({ n: count() })
            .from(invitations)
            .where(and(eq(invitations.orgId, access.orgId), eq(invitations.status, 'pending')))
        : [{ n: 0 }],
      db
        .select({ n: count() })
        .from(verifications)
        .where(and(eq(verifications.orgId, access.orgId), eq(verifications.status, 'pending'))),
      admin ? listActivity({ db, orgId: access.orgId, page: 1, pageSize: 10 }) : { list: [], total: 0 },
    ]);
  const byStatus = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of accounts) byStatus[row.status as AdvStatus] = Number(row.n);
  return {
    members: Number(members.n),
    accounts_by_status: byStatus,
    accounts_total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    partners: Number(partners.n),
    pending_invitations: Number(pendingInvitations.n),
    pending_reviews: byStatus[ADV_STATUS.review] + Number(pendingVerification.n),
    verification_pending: Number(pendingVerification.n) > 0,
    recent_activity: activity.list,
  };
}

export async function getActivity(deps: OrgDeps & { objectType?: string; page: number; pageSize: number }) {
  const access = await requireOrgAccess({ ...deps, permission: 'members.manage' });
  return listActivity({
    db: deps.db,
    orgId: access.orgId,
    objectType: deps.objectType,
    page: deps.page,
    pageSize: deps.pageSize,
  });
}

type VerificationRecord = typeof verifications.$inferSelect;

/** Verifications as answered, their license files with the original names to show. */
export async function toVerifications(db: Executor, rows: VerificationRecord[]): Promise<TVerification[]> {
  const files = new Map(
    (
      await licenseFilesOf(
        db,
        rows.flatMap((v) => v.licenseFiles),
      )
    ).map((f) => [f.file, f]),
  );
  return rows.map((v) => ({
    id: v.id,
    org_id: v.orgId,
    status: v.status as VerificationStatus,
    reason: v.reason,
    note: v.note,
    license_files: v.licenseFiles.map((file) => files.get(file) ?? { file, name: file }),
    submitted_by: v.submittedBy ?? '',
    created_at: v.createdAt.toISOString(),
    reviewed_at: v.reviewedAt?.toISOString() ?? null,
  }));
}

export async function getVerification(deps: OrgDeps) {
  const access = await requireOrgAccess({ ...deps, permission: 'org.view' });
  const rows = await deps.db
    .select()
    .from(verifications)
    .where(eq(verifications.orgId, access.orgId))
    .orderBy(desc(verifications.createdAt), desc(verifications.id));
  return { org_status: access.orgStatus, history: await toVerifications(deps.db, rows) };
}

/** Submits the center for verification with license files; it waits in review (status 0). */
export async function submitVerification(deps: OrgDeps & { licenseFiles: string[]; note: string }) {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'verify.submit' });
    const [org] = await tx.select().from(orgs).where(eq(orgs.orgId, access.orgId)).for('update');
    if (org.orgStatus !== ORG_STATUS.engaged && org.orgStatus !== ORG_STATUS.rejected) {
      throw new AppError('VERIFY_NOT_ALLOWED');
    }
    await attachLicenseFiles(tx, deps.actor, { orgId: access.orgId }, deps.licenseFiles);
    const [row] = await tx
      .insert(verifications)
      .values({
        orgId: access.orgId,
        licenseFiles: deps.licenseFiles,
        note: deps.note,
        submittedBy: deps.actor.userId,
      })
      .returning();
    await tx
      .update(orgs)
      .set({ orgStatus: ORG_STATUS.review, updatedAt: new Date() })
      .where(eq(orgs.orgId, access.orgId));
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'center.verify_submit',
      objectType: 'verification',
      objectId: row.id,
      before: { org_status: org.orgStatus },
      after: { org_status: ORG_STATUS.review, license_files: deps.licenseFiles },
    });
    return (await toVerifications(tx, [row]))[0];
  });
}
