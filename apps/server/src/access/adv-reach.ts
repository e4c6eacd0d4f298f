import { type AdvRole, ORG_STATUS, type OrgRole, type OrgStatus } from '@scaler/domain';
import { and, eq, isNotNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { advertisers, advMembers, advShares, orgMembers, orgPartners, orgs } from '../db/schema';
import type { Actor } from './actor';

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

/** `ADV_ROLE_RANK` in SQL. */
const rankOf = (role: SQLWrapper) =>
  sql`(case ${role} ${sql.raw(
    Object.entries(ADV_ROLE_RANK)
      .map(([r, n]) => `when '${r}' then ${n}`)
      .join(' '),
  )} else 0 end)`;

/** `capRole` in SQL: the assigned role, never above the shared one. */
const cappedRole = (assigned: SQLWrapper, shared: SQLWrapper) =>
  sql`(case when ${rankOf(assigned)} <= ${rankOf(shared)} then ${assigned} else ${shared} end)`;

/** The caller's membership in one center, when the query is about that center (`findOrgMembership`). */
export interface ReachMembership {
  orgId: number;
  orgRole: OrgRole;
  orgStatus: OrgStatus;
}

export interface ReachFilter {
  /** Only accounts reached through this center. */
  orgId?: number;
  /** Only this account. */
  advId?: number;
  /**
   * The caller's membership in the center of `orgId`, already read: the relation is then built for that
   * role alone (fewer joins to plan and run, which PGlite feels on every call).
   */
  membership?: ReachMembership;
}

const ownerOrg = alias(orgs, 'reach_owner_org');
const partnerOrg = alias(orgs, 'reach_partner_org');

/** The relation's columns, under names no table has (drizzle refers to a subquery's columns unqualified). */
const columns = (advId: SQLWrapper, orgId: SQLWrapper, advRole: SQL, shared: boolean) => ({
  advId: sql<number>`${advId}`.as('reach_adv_id'),
  orgId: sql<number>`${orgId}`.as('reach_org_id'),
  advRole: sql<AdvRole>`${advRole}`.as('reach_adv_role'),
  shared: sql<boolean>`${sql.raw(String(shared))}`.as('reach_shared'),
});

/** An account shared by an active owner center that is (still) a partner of the receiving center. */
const liveShare = () =>
  [
    eq(advertisers.advId, advShares.advId),
    and(eq(ownerOrg.orgId, advertisers.orgId), eq(ownerOrg.orgStatus, ORG_STATUS.active)),
    and(eq(orgPartners.orgId, advertisers.orgId), eq(orgPartners.partnerOrgId, advShares.partnerOrgId)),
  ] as const;

/**
 * The advertiser accounts the actor may reach, as one SQL relation `reach(reach_adv_id, reach_org_id,
 * reach_adv_role, reach_shared)` that queries join (documenso's `buildTeamWhereQuery`), so paging,
 * filtering, sorting and counting stay in the database. `reach_org_id` is the center through which the
 * account is reached; an account appears once per such center. Four ways, all through active centers
 * the actor belongs to:
 *  - org admin of the owner center: every account, as role_admin;
 *  - standard user of the owner center: the accounts assigned to them in that center;
 *  - org admin of a partner center: the accounts shared with it, at the shared role;
 *  - standard user of a partner center: shared accounts assigned to them there, never above the share.
 * Assignments count only in the center they were made in (`adv_members.org_id`).
 */
export function advReach(db: Executor, actor: Actor, filter: ReachFilter = {}) {
  if (filter.membership) return memberReach(db, actor, filter.membership, filter.advId);
  const isAdmin = eq(orgMembers.orgRole, 'org_admin');
  const byOrg = (col: SQLWrapper) => (filter.orgId === undefined ? undefined : sql`${col} = ${filter.orgId}`);
  const byAdv = (col: SQLWrapper) => (filter.advId === undefined ? undefined : sql`${col} = ${filter.advId}`);

  const own = db
    .select(
      columns(
        advertisers.advId,
        advertisers.orgId,
        sql`(case when ${isAdmin} then 'role_admin' else ${advMembers.advRole} end)`,
        false,
      ),
    )
    .from(advertisers)
    .innerJoin(
      ownerOrg,
      and(eq(ownerOrg.orgId, advertisers.orgId), eq(ownerOrg.orgStatus, ORG_STATUS.active)),
    )
    .innerJoin(orgMembers, and(eq(orgMembers.orgId, advertisers.orgId), eq(orgMembers.userId, actor.userId)))
    .leftJoin(
      advMembers,
      and(
        eq(advMembers.advId, advertisers.advId),
        eq(advMembers.userId, actor.userId),
        eq(advMembers.orgId, advertisers.orgId),
      ),
    )
    .where(
      and(or(isAdmin, isNotNull(advMembers.advRole)), byOrg(advertisers.orgId), byAdv(advertisers.advId)),
    );

  const [shareAdv, shareOwner, sharePartnership] = liveShare();
  const shared = db
    .select(
      columns(
        advShares.advId,
        advShares.partnerOrgId,
        sql`(case when ${isAdmin} then ${advShares.advRole}
          else ${cappedRole(advMembers.advRole, advShares.advRole)} end)`,
        true,
      ),
    )
    .from(advShares)
    .innerJoin(advertisers, shareAdv)
    .innerJoin(ownerOrg, shareOwner)
    .innerJoin(orgPartners, sharePartnership)
    .innerJoin(
      partnerOrg,
      and(eq(partnerOrg.orgId, advShares.partnerOrgId), eq(partnerOrg.orgStatus, ORG_STATUS.active)),
    )
    .innerJoin(
      orgMembers,
      and(eq(orgMembers.orgId, advShares.partnerOrgId), eq(orgMembers.userId, actor.userId)),
    )
    .leftJoin(
      advMembers,
      and(
        eq(advMembers.advId, advShares.advId),
        eq(advMembers.userId, actor.userId),
        eq(advMembers.orgId, advShares.partnerOrgId),
      ),
    )
    .where(
      and(or(isAdmin, isNotNull(advMembers.advRole)), byOrg(advShares.partnerOrgId), byAdv(advShares.advId)),
    );

  return own.unionAll(shared).as('reach');
}

/** `advReach` in one center whose membership is known: the branches of that role only. */
function memberReach(db: Executor, actor: Actor, m: ReachMembership, advId: number | undefined) {
  const byAdv = (col: SQLWrapper) => (advId === undefined ? undefined : sql`${col} = ${advId}`);
  // A center that is not active reaches nothing.
  const activeCenter = m.orgStatus === ORG_STATUS.active ? undefined : sql`false`;
  const [shareAdv, shareOwner, sharePartnership] = liveShare();

  if (m.orgRole === 'org_admin') {
    const own = db
      .select(columns(advertisers.advId, advertisers.orgId, sql`'role_admin'`, false))
      .from(advertisers)
      .where(and(eq(advertisers.orgId, m.orgId), byAdv(advertisers.advId), activeCenter));
    const shared = db
      .select(columns(advShares.advId, advShares.partnerOrgId, sql`${advShares.advRole}`, true))
      .from(advShares)
      .innerJoin(advertisers, shareAdv)
      .innerJoin(ownerOrg, shareOwner)
      .innerJoin(orgPartners, sharePartnership)
      .where(and(eq(advShares.partnerOrgId, m.orgId), byAdv(advShares.advId), activeCenter));
    return own.unionAll(shared).as('reach');
  }

  const mine = and(eq(advMembers.userId, actor.userId), eq(advMembers.orgId, m.orgId));
  const own = db
    .select(columns(advMembers.advId, advMembers.orgId, sql`${advMembers.advRole}`, false))
    .from(advMembers)
    .innerJoin(
      advertisers,
      and(eq(advertisers.advId, advMembers.advId), eq(advertisers.orgId, advMembers.orgId)),
    )
    .where(and(mine, byAdv(advMembers.advId), activeCenter));
  const shared = db
    .select(
      columns(advMembers.advId, advMembers.orgId, cappedRole(advMembers.advRole, advShares.advRole), true),
    )
    .from(advMembers)
    .innerJoin(
      advShares,
      and(eq(advShares.advId, advMembers.advId), eq(advShares.partnerOrgId, advMembers.orgId)),
    )
    .innerJoin(advertisers, shareAdv)
    .innerJoin(ownerOrg, shareOwner)
    .innerJoin(orgPartners, sharePartnership)
    .where(and(mine, byAdv(advMembers.advId), activeCenter));
  return own.unionAll(shared).as('reach');
}

/** The caller, the center and the account of `accountReach`: values, or placeholders of a prepared statement. */
export interface AccountReachKey {
  userId: string | SQLWrapper;
  orgId: number | SQLWrapper;
  advId: number | SQLWrapper;
}

const member = alias(orgMembers, 'reach_member');
const memberOrg = alias(orgs, 'reach_member_org');

/**
 * `advReach` of one account in one center (at most one row), with the caller's membership read in the
 * same statement: `memberReach` for whichever role the membership turns out to have, both branches
 * guarded by it in SQL. The account checks run on every call of an account's pages (`requireAdvAccess`,
 * `requireAds`); reading the membership first cost a statement of its own, and the general `advReach`
 * (the membership joined into each of its four ways) took the planner three times as long.
 */
export function accountReach(db: Executor, key: AccountReachKey) {
  const isAdmin = eq(member.orgRole, 'org_admin');
  const [shareAdv, shareOwner, sharePartnership] = liveShare();
  // The account's own center: org admins reach it as role_admin, standard users where assigned there.
  const own = db
    .select(
      columns(
        advertisers.advId,
        advertisers.orgId,
        sql`(case when ${isAdmin} then 'role_admin' else ${advMembers.advRole} end)`,
        false,
      ),
    )
    .from(advertisers)
    .leftJoin(
      advMembers,
      and(
        eq(advMembers.advId, advertisers.advId),
        eq(advMembers.userId, member.userId),
        eq(advMembers.orgId, advertisers.orgId),
      ),
    )
    .where(
      and(
        eq(advertisers.advId, key.advId),
        eq(advertisers.orgId, member.orgId),
        or(isAdmin, isNotNull(advMembers.advRole)),
      ),
    );
  // A partner center: admins at the shared role, standard users where assigned there, capped at it.
  const shared = db
    .select(
      columns(
        advShares.advId,
        advShares.partnerOrgId,
        sql`(case when ${isAdmin} then ${advShares.advRole}
          else ${cappedRole(advMembers.advRole, advShares.advRole)} end)`,
        true,
      ),
    )
    .from(advShares)
    .innerJoin(advertisers, shareAdv)
    .innerJoin(ownerOrg, shareOwner)
    .innerJoin(orgPartners, sharePartnership)
    .leftJoin(
      advMembers,
      and(
        eq(advMembers.advId, advShares.advId),
        eq(advMembers.userId, member.userId),
        eq(advMembers.orgId, advShares.partnerOrgId),
      ),
    )
    .where(
      and(
        eq(advShares.advId, key.advId),
        eq(advShares.partnerOrgId, member.orgId),
        or(isAdmin, isNotNull(advMembers.advRole)),
      ),
    );
  const one = own.unionAll(shared).limit(1).as('reach_one');
  return db
    .select({ advId: one.advId, orgId: one.orgId, advRole: one.advRole, shared: one.shared })
    .from(member)
    .innerJoin(memberOrg, and(eq(memberOrg.orgId, member.orgId), eq(memberOrg.orgStatus, ORG_STATUS.active)))
    .innerJoinLateral(one, sql`true`)
    .where(and(eq(member.userId, key.userId), eq(member.orgId, key.orgId)))
    .as('reach');
}

export type AdvReach = ReturnType<typeof advReach> | ReturnType<typeof accountReach>;
