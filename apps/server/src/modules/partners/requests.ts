import { ORG_STATUS, type OrgType, type TPartnerRequest, type TPartnership } from '@scaler/domain';
import { and, asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { requireOrgAccess } from '../../access/org-access';
import type { Executor } from '../../db/client';
import { orgPartners, orgs, partnerRequests, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { notifyUsers, orgAdminIds } from '../notices/notify';
import type { PartnerDeps } from './service';

/*
 * Becoming partners takes both centers: A asks B (A would share its accounts with B), B's admins accept
 * or decline, A's admins may cancel while it waits. Every step is in both centers' activity logs and
 * tells the other side's admins.
 */

type RequestRow = typeof partnerRequests.$inferSelect;

const requester = alias(orgs, 'requester');
const asked = alias(orgs, 'asked');

/** The center's pending requests both ways, oldest first, each naming the other center. */
export async function pendingRequests(db: Executor, orgId: number): Promise<TPartnerRequest[]> {
  const rows = await db
    .select({ request: partnerRequests, requester, asked, requestedBy: users.email })
    .from(partnerRequests)
    .innerJoin(requester, eq(requester.orgId, partnerRequests.orgId))
    .innerJoin(asked, eq(asked.orgId, partnerRequests.partnerOrgId))
    .leftJoin(users, eq(users.id, partnerRequests.requestedBy))
    .where(
      and(
        eq(partnerRequests.status, 'pending'),
        or(eq(partnerRequests.orgId, orgId), eq(partnerRequests.partnerOrgId, orgId)),
      ),
    )
    .orderBy(asc(partnerRequests.createdAt), asc(partnerRequests.id));
  return rows.map((r) => {
    const outgoing = r.request.orgId === orgId;
    const other = outgoing ? r.asked : r.requester;
    return {
      id: r.request.id,
      direction: outgoing ? 'outgoing' : 'incoming',
      org_id: other.orgId,
      org_name: other.orgName,
      org_type: other.orgType as OrgType,
      status: r.request.status as TPartnerRequest['status'],
      requested_by: r.requestedBy ?? '',
      created_at: r.request.createdAt.toISOString(),
    };
  });
}

/** POST /scaler/v3/bc/partners: asks an active center to become a partner; nothing is shared yet. */
export async function requestPartner(deps: PartnerDeps & { partnerOrgId: number }): Promise<TPartnerRequest> {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'partners.manage' });
    const [partner] = await tx.select().from(orgs).where(eq(orgs.orgId, deps.partnerOrgId));
    if (!partner || partner.orgStatus !== ORG_STATUS.active || partner.orgId === access.orgId) {
      throw new AppError('PARTNER_INVALID');
    }
    const [existing] = await tx
      .select({ orgId: orgPartners.orgId })
      .from(orgPartners)
      .where(and(eq(orgPartners.orgId, access.orgId), eq(orgPartners.partnerOrgId, partner.orgId)));
    if (existing) throw new AppError('CONFLICT');
    // The partial unique index keeps one pending request per pair, also under concurrent requests.
    const [request] = await tx
      .insert(partnerRequests)
      .values({ orgId: access.orgId, partnerOrgId: partner.orgId, requestedBy: deps.actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!request) throw new AppError('PARTNER_REQUEST_PENDING');
    await notifyUsers(tx, await orgAdminIds(tx, partner.orgId), {
      type: 'partner',
      code: 4,
      message: 'notices.partner_requested',
      params: { org: access.orgName, org_id: access.orgId },
      orgId: partner.orgId,
      creatId: deps.actor.userId,
    });
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'partner.request',
      objectType: 'partner',
      objectId: partner.orgId,
      after: { request_id: request.id, org_name: partner.orgName },
    });
    await recordActivity(tx, {
      orgId: partner.orgId,
      actor: deps.actor,
      objectType: 'partner',
      action: 'partner.request_received',
      objectId: access.orgId,
      after: { request_id: request.id, org_name: access.orgName },
    });
    return {
      id: request.id,
      direction: 'outgoing',
      org_id: partner.orgId,
      org_name: partner.orgName,
      org_type: partner.orgType as OrgType,
      status: 'pending',
      requested_by: deps.actor.email,
      created_at: request.createdAt.toISOString(),
    };
  });
}

/**
 * The request, locked until the transaction ends, as seen from one side: `incoming` for the asked
 * center, `outgoing` for the asking one. Another center's request is not found; an answered one is closed.
 */
async function lockPending(tx: Executor, id: number, orgId: number, side: 'incoming' | 'outgoing') {
  const [row] = await tx
    .select()
    .from(partnerRequests)
    .where(
      and(
        eq(partnerRequests.id, id),
        side === 'incoming' ? eq(partnerRequests.partnerOrgId, orgId) : eq(partnerRequests.orgId, orgId),
      ),
    )
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('PARTNER_REQUEST_CLOSED');
  return row;
}

async function orgName(tx: Executor, orgId: number) {
  const [row] = await tx.select({ name: orgs.orgName }).from(orgs).where(eq(orgs.orgId, orgId));
  return row?.name ?? '';
}

async function close(
  tx: Executor,
  row: RequestRow,
  status: 'accepted' | 'declined' | 'cancelled',
  by: string,
) {
  await tx
    .update(partnerRequests)
    .set({ status, decidedBy: by, decidedAt: new Date() })
    .where(eq(partnerRequests.id, row.id));
}

const NOTICE_CODES = { accepted: 5, declined: 6, cancelled: 7 } as const;

/**
 * Records an answer in both logs and tells the other side's admins. `actingOrg` answered; `otherOrg` is
 * told. Actions: the acting side's `partner.request_<verb>`, the other side's `partner.request_<status>`.
 */
async function announce(
  tx: Executor,
  deps: PartnerDeps,
  row: RequestRow,
  acting: { orgId: number; orgName: string },
  status: 'accepted' | 'declined' | 'cancelled',
) {
  const otherOrgId = acting.orgId === row.orgId ? row.partnerOrgId : row.orgId;
  const otherName = await orgName(tx, otherOrgId);
  const verb = { accepted: 'accept', declined: 'decline', cancelled: 'cancel' }[status];
  await notifyUsers(tx, await orgAdminIds(tx, otherOrgId), {
    type: 'partner',
    code: NOTICE_CODES[status],
    message: `notices.partner_request_${status}`,
    params: { org: acting.orgName, org_id: acting.orgId },
    orgId: otherOrgId,
    creatId: deps.actor.userId,
  });
  await recordActivity(tx, {
    orgId: acting.orgId,
    actor: deps.actor,
    action: `partner.request_${verb}`,
    objectType: 'partner',
    objectId: otherOrgId,
    after: { request_id: row.id, org_name: otherName },
  });
  await recordActivity(tx, {
    orgId: otherOrgId,
    actor: deps.actor,
    action: `partner.request_${status}`,
    objectType: 'partner',
    objectId: acting.orgId,
    after: { request_id: row.id, org_name: acting.orgName },
  });
}

/** The asked center's admin accepts: the asking center now has it as a partner and may share accounts. */
export async function acceptPartnerRequest(deps: PartnerDeps & { requestId: number }): Promise<TPartnership> {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'partners.manage' });
    const row = await lockPending(tx, deps.requestId, access.orgId, 'incoming');
    await tx
      .insert(orgPartners)
      .values({ orgId: row.orgId, partnerOrgId: row.partnerOrgId, createdBy: row.requestedBy })
      .onConflictDoNothing();
    await close(tx, row, 'accepted', deps.actor.userId);
    await announce(tx, deps, row, access, 'accepted');
    return { org_id: row.orgId, org_name: await orgName(tx, row.orgId) };
  });
}

/** The asked center's admin declines: nothing changes but the request. */
export async function declinePartnerRequest(deps: PartnerDeps & { requestId: number }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'partners.manage' });
    const row = await lockPending(tx, deps.requestId, access.orgId, 'incoming');
    await close(tx, row, 'declined', deps.actor.userId);
    await announce(tx, deps, row, access, 'declined');
  });
}

/** The asking center's admin withdraws a request that has not been answered yet. */
export async function cancelPartnerRequest(deps: PartnerDeps & { requestId: number }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'partners.manage' });
    const row = await lockPending(tx, deps.requestId, access.orgId, 'outgoing');
    await close(tx, row, 'cancelled', deps.actor.userId);
    await announce(tx, deps, row, access, 'cancelled');
  });
}
