import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  advertisers,
  advMembers,
  advShares,
  emailTokens,
  invitations,
  orgMembers,
  orgs,
  users,
} from '../../db/schema';

/** Locks the center's row until the transaction ends: membership changes of one center run in turn. */
export const lockOrg = (db: Executor, orgId: number) =>
  db.select({ orgId: orgs.orgId }).from(orgs).where(eq(orgs.orgId, orgId)).for('update');

export async function countMembers(db: Executor, orgId: number) {
  const [row] = await db
    .select({
      members: count(),
      admins: sql<number>`count(*) filter (where ${orgMembers.orgRole} = 'org_admin')`,
    })
    .from(orgMembers)
    .where(eq(orgMembers.orgId, orgId));
  return { members: Number(row.members), admins: Number(row.admins) };
}

export const findMember = async (db: Executor, orgId: number, userId: string) =>
  (
    await db
      .select()
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)))
  )[0] ?? null;

export async function listMemberRows(db: Executor, orgId: number) {
  return db
    .select({
      _id: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
      org_role: orgMembers.orgRole,
      joined_at: orgMembers.createdAt,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(eq(orgMembers.orgId, orgId))
    .orderBy(asc(orgMembers.createdAt));
}

/** Assignments made in this center (its own accounts, or accounts shared with it). */
export async function listAssignments(db: Executor, orgId: number) {
  return db
    .select({
      user_id: advMembers.userId,
      adv_id: advMembers.advId,
      adv_name: advertisers.advName,
      adv_role: advMembers.advRole,
    })
    .from(advMembers)
    .innerJoin(advertisers, eq(advertisers.advId, advMembers.advId))
    .where(eq(advMembers.orgId, orgId))
    .orderBy(asc(advMembers.advId));
}

/**
 * Accounts a center can hand to its members, with the highest role it may grant: its own accounts
 * (any role) and accounts partners share with it (at most the shared role).
 */
export async function assignableAccounts(db: Executor, orgId: number, advIds: number[]) {
  if (advIds.length === 0) return new Map<number, string>();
  const own = await db
    .select({ advId: advertisers.advId })
    .from(advertisers)
    .where(and(eq(advertisers.orgId, orgId), inArray(advertisers.advId, advIds)));
  const shared = await db
    .select({ advId: advShares.advId, role: advShares.advRole })
    .from(advShares)
    .where(and(eq(advShares.partnerOrgId, orgId), inArray(advShares.advId, advIds)));
  const out = new Map<number, string>();
  for (const s of shared) out.set(s.advId, s.role);
  for (const o of own) out.set(o.advId, 'role_admin');
  return out;
}

export async function listInvitationRows(db: Executor, orgId: number) {
  return db
    .select({ invitation: invitations, invitedBy: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending')))
    .orderBy(asc(invitations.createdAt));
}

/** Spends every unused link of an invitation (on resend, cancel or acceptance). */
export const spendInvitationTokens = (db: Executor, invitationId: number) =>
  db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.purpose, 'invite'),
        sql`${emailTokens.usedAt} is null`,
        sql`(${emailTokens.payload}->>'invitation_id')::bigint = ${invitationId}`,
      ),
    );
