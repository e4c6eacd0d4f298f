import {
  type AdvPermission,
  type AdvRole,
  type AdvStatus,
  advForbiddenCause,
  type OrgAccess,
  type OrgPermission,
  type OrgRole,
  type OrgStatus,
  type OrgType,
  orgForbiddenCause,
} from '@scaler/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preparedPer } from '../db/prepared';
import { advertisers, orgMembers, orgs } from '../db/schema';
import { AppError, forbiddenBecause } from '../http/errors';
import type { Actor } from './actor';
import { type AdvReach, accountReach } from './adv-reach';

export { ADV_ROLE_RANK, accountReach, advReach, capRole } from './adv-reach';

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
  const cause = orgForbiddenCause(membership, options.permission);
  if (cause) throw forbiddenBecause(cause);
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

/** The columns of a `ReachableAdvertiser`, from `advReach` joined with `advertisers`. */
export const reachableColumns = (reach: AdvReach) => ({
  adv_id: reach.advId,
  adv_name: advertisers.advName,
  org_id: reach.orgId,
  owner_org_id: advertisers.orgId,
  status: sql<AdvStatus>`${advertisers.status}`,
  adv_role: reach.advRole,
  shared: reach.shared,
});

/** One account as the caller reaches it in a center, or null: one prepared statement (`accountReach`). */
export async function findReachableAdvertiser(
  db: Executor,
  actor: Actor,
  where: { advId: number; orgId: number },
): Promise<ReachableAdvertiser | null> {
  const [row] = await reachableAdvertiser(db).execute({
    userId: actor.userId,
    orgId: where.orgId,
    advId: where.advId,
  });
  return row ?? null;
}

const reachableAdvertiser = preparedPer((db) => {
  const reach = accountReach(db, {
    userId: sql.placeholder('userId'),
    orgId: sql.placeholder('orgId'),
    advId: sql.placeholder('advId'),
  });
  return db
    .select(reachableColumns(reach))
    .from(reach)
    .innerJoin(advertisers, eq(advertisers.advId, reach.advId))
    .prepare('reachable_advertiser');
});

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
  const adv = await findReachableAdvertiser(options.db, options.actor, {
    advId: options.advId,
    orgId: options.orgId,
  });
  if (!adv) throw new AppError('NOT_FOUND');
  const cause = advForbiddenCause({ advRole: adv.adv_role, advStatus: adv.status }, options.permission);
  if (cause) throw forbiddenBecause(cause);
  return adv;
}
