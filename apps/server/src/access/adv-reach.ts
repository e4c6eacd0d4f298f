import { type AdvRole, ORG_STATUS } from '@scaler/domain';
import { and, eq, isNotNull, or, type SQLWrapper, sql } from 'drizzle-orm';
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

export interface ReachFilter {
  /** Only accounts reached through this center. */
  orgId?: number;
  /** Only this account. */
  advId?: number;
}

const ownerOrg = alias(orgs, 'reach_owner_org');
const partnerOrg = alias(orgs, 'reach_partner_org');

/**
 * The advertiser accounts the actor may reach, as one SQL relation `reach(reach_adv_id, reach_org_id,
 * reach_adv_role, reach_shared)` (names no table shares, as drizzle refers to them unqualified) that queries join (documenso's `buildTeamWhereQuery`), so paging, filtering, sorting and
 * counting stay in the database. `org_id` is the center through which the account is reached; an account
 * appears once per such center. Four ways, all through active centers the actor belongs to:
 *  - org admin of the owner center: every account, as role_admin;
 *  - standard user of the owner center: the accounts assigned to them in that center;
 *  - org admin of a partner center: the accounts shared with it, at the shared role;
 *  - standard user of a partner center: shared accounts assigned to them there, never above the share.
 * Assignments are matched by the center they were made in (`adv_members.org_id`).
 */
export function advReach(db: Executor, actor: Actor, filter: ReachFilter = {}) {
  const isAdmin = eq(orgMembers.orgRole, 'org_admin');
  const own = db
    .select({
      advId: sql<number>`${advertisers.advId}`.as('reach_adv_id'),
      orgId: sql<number>`${advertisers.orgId}`.as('reach_org_id'),
      advRole: sql<AdvRole>`(case when ${isAdmin} then 'role_admin' else ${advMembers.advRole} end)`.as(
        'reach_adv_role',
      ),
      shared: sql<boolean>`false`.as('reach_shared'),
    })
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
      and(
        or(isAdmin, isNotNull(advMembers.advRole)),
        filter.orgId === undefined ? undefined : eq(advertisers.orgId, filter.orgId),
        filter.advId === undefined ? undefined : eq(advertisers.advId, filter.advId),
      ),
    );

  const shared = db
    .select({
      advId: sql<number>`${advShares.advId}`.as('reach_adv_id'),
      orgId: sql<number>`${advShares.partnerOrgId}`.as('reach_org_id'),
      advRole: sql<AdvRole>`(case
        when ${isAdmin} then ${advShares.advRole}
        when ${rankOf(advMembers.advRole)} <= ${rankOf(advShares.advRole)} then ${advMembers.advRole}
        else ${advShares.advRole} end)`.as('reach_adv_role'),
      shared: sql<boolean>`true`.as('reach_shared'),
    })
    .from(advShares)
    .innerJoin(advertisers, eq(advertisers.advId, advShares.advId))
    .innerJoin(
      ownerOrg,
      and(eq(ownerOrg.orgId, advertisers.orgId), eq(ownerOrg.orgStatus, ORG_STATUS.active)),
    )
    .innerJoin(
      partnerOrg,
      and(eq(partnerOrg.orgId, advShares.partnerOrgId), eq(partnerOrg.orgStatus, ORG_STATUS.active)),
    )
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
        eq(advMembers.advId, advShares.advId),
        eq(advMembers.userId, actor.userId),
        eq(advMembers.orgId, advShares.partnerOrgId),
      ),
    )
    .where(
      and(
        or(isAdmin, isNotNull(advMembers.advRole)),
        filter.orgId === undefined ? undefined : eq(advShares.partnerOrgId, filter.orgId),
        filter.advId === undefined ? undefined : eq(advShares.advId, filter.advId),
      ),
    );

  return own.unionAll(shared).as('reach');
}

export type AdvReach = ReturnType<typeof advReach>;
