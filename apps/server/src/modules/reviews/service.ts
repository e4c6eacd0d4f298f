import { ADV_STATUS, type AdvStatus, ORG_STATUS } from '@scaler/domain';
import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { activityLog, advertisers, orgs, uploadedFiles, verifications } from '../../db/schema';
import { AppError, forbiddenBecause } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { notifyAccountStatus } from '../advertisers/service';
import { toVerifications } from '../business-centers/settings';
import { notifyUsers, orgAdminIds } from '../notices/notify';

/** Platform operators only; the flag grants review powers, never membership. */
export function requireOperator(actor: Actor) {
  if (!actor.isOperator) throw forbiddenBecause('operator');
}

const companyOf = (r: typeof orgs.$inferSelect | typeof advertisers.$inferSelect) => ({
  company_name: r.companyName,
  profession: r.profession,
  currency: r.currency,
  // An account's IANA zone is shown as it is stored; a center's offset too.
  timezone: r.timezone,
  target_location: r.targetLocation,
  website: r.website,
  tax_number: r.taxNumber,
  license_no: r.licenseNo,
  contact_name: r.contactName,
  telephone: r.telephone,
  phone: r.phone,
});

/** The verification queue with the evidence: company fields and license files. */
export async function listCenterReviews(options: { db: Db; actor: Actor; status: string }) {
  requireOperator(options.actor);
  const rows = await options.db
    .select({ v: verifications, org: orgs })
    .from(verifications)
    .innerJoin(orgs, eq(orgs.orgId, verifications.orgId))
    .where(eq(verifications.status, options.status))
    .orderBy(options.status === 'pending' ? asc(verifications.createdAt) : desc(verifications.createdAt))
    .limit(200);
  const history = await toVerifications(
    options.db,
    rows.map((r) => r.v),
  );
  return rows.map(({ org }, i) => ({
    ...history[i],
    org_name: org.orgName,
    org_type: org.orgType,
    org_status: org.orgStatus,
    ...companyOf(org),
  }));
}

export async function reviewCenter(options: {
  db: Db;
  actor: Actor;
  orgId: number;
  decision: 'approve' | 'reject';
  reason: string;
}) {
  requireOperator(options.actor);
  await options.db.transaction(async (tx) => {
    const [v] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.orgId, options.orgId), eq(verifications.status, 'pending')))
      .for('update');
    if (!v) throw new AppError('NOT_FOUND');
    const approved = options.decision === 'approve';
    await tx
      .update(verifications)
      .set({
        status: approved ? 'approved' : 'rejected',
        reason: options.reason,
        reviewedBy: options.actor.userId,
        reviewedAt: new Date(),
      })
      .where(eq(verifications.id, v.id));
    const orgStatus = approved ? ORG_STATUS.active : ORG_STATUS.rejected;
    const [org] = await tx
      .update(orgs)
      .set({ orgStatus, updatedAt: new Date() })
      .where(eq(orgs.orgId, options.orgId))
      .returning();
    await notifyUsers(tx, await orgAdminIds(tx, org.orgId), {
      type: 'verification',
      code: orgStatus,
      message: approved ? 'notices.verification_approved' : 'notices.verification_rejected',
      params: { org: org.orgName, org_id: org.orgId },
      orgId: org.orgId,
      reason: options.reason,
      creatId: options.actor.userId,
    });
    await recordActivity(tx, {
      orgId: org.orgId,
      actor: options.actor,
      action: approved ? 'review.center_approve' : 'review.center_reject',
      objectType: 'verification',
      objectId: v.id,
      before: { org_status: ORG_STATUS.review },
      after: { org_status: orgStatus, reason: options.reason },
    });
  });
}

/** The account queue: accounts in the given status with their center and evidence. */
export async function listAccountReviews(options: { db: Db; actor: Actor; status: AdvStatus }) {
  requireOperator(options.actor);
  const rows = await options.db
    .select({ adv: advertisers, org: orgs })
    .from(advertisers)
    .innerJoin(orgs, eq(orgs.orgId, advertisers.orgId))
    .where(eq(advertisers.status, options.status))
    .orderBy(asc(advertisers.createdAt))
    .limit(200);
  const ids = rows.map((r) => r.adv.advId);
  const files = ids.length
    ? await options.db
        .select({ file: uploadedFiles.name, name: uploadedFiles.originalName, advId: uploadedFiles.advId })
        .from(uploadedFiles)
        .where(and(inArray(uploadedFiles.advId, ids), eq(uploadedFiles.kind, 'license')))
        .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.name))
    : [];
  return rows.map(({ adv, org }) => ({
    adv_id: adv.advId,
    adv_name: adv.advName,
    status: adv.status,
    closed: adv.closedAt !== null,
    review_reason: adv.reviewReason,
    org_id: org.orgId,
    org_name: org.orgName,
    created_at: adv.createdAt.toISOString(),
    license_files: files
      .filter((f) => f.advId === adv.advId)
      .map((f) => ({ file: f.file, name: f.name || f.file })),
    ...companyOf(adv),
  }));
}

/**
 * Approve (1), reject (2), stop (3) or disable (4) an account. Closed and disabled accounts are final;
 * a decision to the status it already has is refused.
 */
export async function reviewAccount(options: {
  db: Db;
  actor: Actor;
  advId: number;
  status: AdvStatus;
  reason: string;
}) {
  requireOperator(options.actor);
  await options.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(advertisers)
      .where(eq(advertisers.advId, options.advId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.closedAt) throw new AppError('ADV_CLOSED');
    if (before.status === ADV_STATUS.disabled || before.status === options.status)
      throw new AppError('ADV_TRANSITION');
    const [after] = await tx
      .update(advertisers)
      .set({ status: options.status, reviewReason: options.reason, updatedAt: new Date() })
      .where(eq(advertisers.advId, options.advId))
      .returning();
    await notifyAccountStatus(tx, after, { reason: options.reason, actorId: options.actor.userId });
    await recordActivity(tx, {
      orgId: after.orgId,
      actor: options.actor,
      action: `review.account_${options.status}`,
      objectType: 'advertiser',
      objectId: after.advId,
      before: { status: before.status },
      after: { status: after.status, reason: options.reason },
    });
  });
}

/** Every operator decision, newest first. */
export async function listReviewLog(options: { db: Db; actor: Actor; page: number; pageSize: number }) {
  requireOperator(options.actor);
  const rows = await options.db
    .select()
    .from(activityLog)
    .where(like(activityLog.action, 'review.%'))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return rows.map((r) => ({
    id: r.id,
    org_id: r.orgId,
    actor_email: r.actorEmail,
    action: r.action,
    object_type: r.objectType,
    object_id: r.objectId,
    before: r.before,
    after: r.after,
    time: r.createdAt.toISOString(),
  }));
}
