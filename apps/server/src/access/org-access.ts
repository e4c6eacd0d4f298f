import {
  type AdvRole,
  type AdvStatus,
  type OrgAccess,
  type OrgPermission,
  type OrgRole,
  type OrgStatus,
  type OrgType,
  orgCan,
} from '@scaler/domain';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { advertisers, advMembers, orgMembers, orgs } from '../db/schema';
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
  org_id: number;
  status: AdvStatus;
  adv_role: AdvRole;
}

/**
 * Advertiser accounts the caller may reach: every account of an active center where the caller is
 * org admin (as role_admin), and the accounts assigned to the caller in centers where a standard user.
 */
export async function reachableAdvertisers(
  db: Executor,
  actor: Actor,
  filter: { orgId?: number; advId?: number } = {},
): Promise<ReachableAdvertiser[]> {
  const rows = await db
    .select({
      adv_id: advertisers.advId,
      adv_name: advertisers.advName,
      org_id: advertisers.orgId,
      status: advertisers.status,
      adv_role: sql<string>`case when ${orgMembers.orgRole} = 'org_admin' then 'role_admin' else ${advMembers.advRole} end`,
    })
    .from(advertisers)
    .innerJoin(orgs, and(eq(orgs.orgId, advertisers.orgId), eq(orgs.orgStatus, 1)))
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, advertisers.orgId), eq(orgMembers.userId, actor.userId)))
    .leftJoin(advMembers, and(eq(advMembers.advId, advertisers.advId), eq(advMembers.userId, actor.userId)))
    .where(
      and(
        or(eq(orgMembers.orgRole, 'org_admin'), isNotNull(advMembers.advRole)),
        filter.orgId === undefined ? undefined : eq(advertisers.orgId, filter.orgId),
        filter.advId === undefined ? undefined : eq(advertisers.advId, filter.advId),
      ),
    )
    .orderBy(asc(advertisers.orgId), asc(advertisers.advId));
  return rows.map((r) => ({ ...r, status: r.status as AdvStatus, adv_role: r.adv_role as AdvRole }));
}
