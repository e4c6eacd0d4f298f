import {
  type AdvPermission,
  type AdvRole,
  type AdvStatus,
  advCan,
  type OrgAccess,
  type OrgPermission,
  type OrgRole,
  type OrgStatus,
  type OrgType,
  orgCan,
} from '@scaler/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { advertisers, advMembers, advShares, orgMembers, orgPartners, orgs } from '../db/schema';
import { AppError } from '../http/errors';
import type { Actor } from './actor';

export interface OrgMembership extends OrgAccess {
  orgId: number;
  orgName: string;
}

/**
 * The caller's membership in a center, read through the membership join so a center the caller does
 * not belong to is simply not found (404), never "forbidden". The operator flag grants nothing here.
 */
export async function findOrgMembership(
  db: Executor,
  actor: Actor,
  orgId: number,
): Promise<OrgMembership | null> {
  const [row] = await db
    .select({
      orgId: orgs.orgId,
      orgName: orgs.orgName,
      orgRole: orgMembers.orgRole,
      orgType: orgs.orgType,
      orgStatus: orgs.orgStatus,
    })
    .from(orgMembers)
    .innerJoin(orgs, eq(orgs.orgId, orgMembers.orgId))
    .where(and(eq(orgMembers.userId, actor.userId), eq(orgMembers.orgId, orgId)));
  if (!row) return null;
  return {
    ...row,
    orgRole: row.orgRole as OrgRole,
    orgType: row.orgType as OrgType,
    orgStatus: row.orgStatus as OrgStatus,
  };
}

/** The membership, or 404 when not a member and 403 when the role may not do this. */
export async function requireOrgAccess(options: {
  db: Executor;
  actor: Actor;
  orgId: number | null;
  permission: OrgPermission;
}): Promise<OrgMembership> {
  if (options.orgId === null) throw new AppError('NOT_FOUND');
  const membership = await findOrgMembership(options.db, options.actor, options.orgId);
  if (!membership) throw new AppError('NOT_FOUND');
  if (!orgCan(membership, options.permission)) throw new AppError('FORBIDDEN');
  return membership;
}

export interface ReachableAdvertiser {
  adv_id: number;
  adv_name: string;
  /** The center through which the caller reaches the account: its owner, or a partner it is shared with. */
  org_id: number;
  owner_org_id: number;
  status: AdvStatus;
  adv_role: AdvRole;
  shared: boolean;
}

const ownerOrg = alias(orgs, 'owner_org');
const partnerOrg = alias(orgs, 'partner_org');

/**
 * Advertiser accounts the caller may reach, each with the role it has there. Four ways, all through
 * active centers the caller belongs to:
 *  - org admin of the owner center: every account, as role_admin;
 *  - standard user of the owner center: the accounts assigned in that center;
 *  - org admin of a partner center: the accounts shared with it, with the shared role;
 *  - standard user of a partner center: shared accounts assigned to them there (never above the share).
 */
export async function reachableAdvertisers(
  db: Executor,
  actor: Actor,
  filter: { orgId?: number; advId?: number } = {},
): Promise<ReachableAdvertiser[]> {
  const advFilter: SQL | undefined =
    filter.advId === undefined ? undefined : eq(advertisers.advId, filter.advId);
  const ownFilter = filter.orgId === undefined ? undefined : eq(advertisers.orgId, filter.orgId);
  const sharedFilter = filter.orgId === undefined ? undefined : eq(advShares.partnerOrgId, filter.orgId);
  const base = {
    adv_id: advertisers.advId,
    adv_name: advertisers.advName,
    owner_org_id: advertisers.orgId,
    status: advertisers.status,
  };

  const own = db
    .select({
      ...base,
      org_id: advertisers.orgId,
      org_role: orgMembers.orgRole,
      assigned: advMembers.advRole,
    })
    .from(advertisers)
    .innerJoin(ownerOrg, and(eq(ownerOrg.orgId, advertisers.orgId), eq(ownerOrg.orgStatus, 1)))
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, advertisers.orgId), eq(orgMembers.userId, actor.userId)))
    .leftJoin(
      advMembers,
      and(
        eq(advMembers.advId, advertisers.advId),
        eq(advMembers.userId, actor.userId),
        eq(advMembers.orgId, advertisers.orgId),
      ),
    )
    .where(and(advFilter, ownFilter));

  const shared = db
    .select({
      ...base,
      org_id: advShares.partnerOrgId,
      org_role: orgMembers.orgRole,
      assigned: advMembers.advRole,
      share_role: advShares.advRole,
    })
    .from(advShares)
    .innerJoin(advertisers, eq(advertisers.advId, advShares.advId))
    .innerJoin(ownerOrg, and(eq(ownerOrg.orgId, advertisers.orgId), eq(ownerOrg.orgStatus, 1)))
    .innerJoin(partnerOrg, and(eq(partnerOrg.orgId, advShares.partnerOrgId), eq(partnerOrg.orgStatus, 1)))
    .innerJoin(
      orgPartners,
      and(eq(orgPartners.orgId, advertisers.orgId), eq(orgPartners.partnerOrgId, advShares.partnerOrgId)),
    )
    .innerJoin(
      orgMembers,
      and(eq(orgMembers.orgId, advShares.partnerOrgId), eq(orgMembers.userId, actor.userId)),
    )
    .leftJoin(
      advMembers,
      and(
        eq(advMembers.advId, advertisers.advId),
        eq(advMembers.userId, actor.userId),
        eq(advMembers.orgId, advShares.partnerOrgId),
      ),
    )
    .where(and(advFilter, sharedFilter));

  const [ownRows, sharedRows] = await Promise.all([own, shared]);
  const out: ReachableAdvertiser[] = [];
  for (const r of ownRows) {
    const role = r.org_role === 'org_admin' ? 'role_admin' : r.assigned;
    if (role) out.push({ ...pick(r), org_id: r.org_id, adv_role: role as AdvRole, shared: false });
  }
  for (const r of sharedRows) {
    const role = r.org_role === 'org_admin' ? r.share_role : r.assigned && capRole(r.assigned, r.share_role);
    if (role) out.push({ ...pick(r), org_id: r.org_id, adv_role: role as AdvRole, shared: true });
  }
  return out.sort((a, b) => a.org_id - b.org_id || a.adv_id - b.adv_id);
}

const pick = (r: { adv_id: number; adv_name: string; owner_org_id: number; status: number }) => ({
  adv_id: r.adv_id,
  adv_name: r.adv_name,
  owner_org_id: r.owner_org_id,
  status: r.status as AdvStatus,
});

/** Account roles from most to least power. */
export const ADV_ROLE_RANK: Record<AdvRole, number> = {
  role_admin: 4,
  role_admin_client: 3,
  role_operator: 2,
  role_analyst: 1,
};

/** The lower of two roles: what a partner's member gets when assigned above the shared role. */
export function capRole(role: string, cap: string): AdvRole {
  return ADV_ROLE_RANK[role as AdvRole] <= ADV_ROLE_RANK[cap as AdvRole]
    ? (role as AdvRole)
    : (cap as AdvRole);
}

/**
 * The account as the caller reaches it in a center (404 when not reachable there), checked against an
 * account permission (403).
 */
export async function requireAdvAccess(options: {
  db: Executor;
  actor: Actor;
  advId: number;
  orgId: number | null;
  permission: AdvPermission;
}): Promise<ReachableAdvertiser> {
  if (options.orgId === null) throw new AppError('NOT_FOUND');
  const [adv] = await reachableAdvertisers(options.db, options.actor, {
    advId: options.advId,
    orgId: options.orgId,
  });
  if (!adv) throw new AppError('NOT_FOUND');
  if (!advCan({ advRole: adv.adv_role, advStatus: adv.status }, options.permission))
    throw new AppError('FORBIDDEN');
  return adv;
}
