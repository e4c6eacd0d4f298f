import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
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

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (q: string | undefined) => (q ? `%${escapeLike(q)}%` : undefined);

export interface PageOf {
  page: number;
  pageSize: number;
}

/**
 * One page of a center's members, longest-standing first, filtered by name or e-mail and role, with the
 * total of the filter: both in SQL, through the membership's (org_id, created_at) index.
 */
export async function memberPage(
  db: Executor,
  orgId: number,
  filter: PageOf & { q?: string; orgRole?: string },
) {
  const q = contains(filter.q);
  const where = and(
    eq(orgMembers.orgId, orgId),
    filter.orgRole ? eq(orgMembers.orgRole, filter.orgRole) : undefined,
    q ? or(ilike(users.name, q), ilike(users.email, q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
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
      .where(where)
      .orderBy(asc(orgMembers.createdAt), asc(users.email))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(orgMembers).innerJoin(users, eq(users.id, orgMembers.userId)).where(where),
  ]);
  return { rows, total: Number(total.n) };
}

/** Assignments made in this center (its own accounts, or accounts shared with it) of some members. */
export async function assignmentsOf(db: Executor, orgId: number, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      user_id: advMembers.userId,
      adv_id: advMembers.advId,
      adv_name: advertisers.advName,
      adv_role: advMembers.advRole,
    })
    .from(advMembers)
    .innerJoin(advertisers, eq(advertisers.advId, advMembers.advId))
    .where(and(eq(advMembers.orgId, orgId), inArray(advMembers.userId, userIds)))
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

/** One page of a center's pending invitations, oldest first, with the total. */
export async function invitationPage(db: Executor, orgId: number, filter: PageOf & { q?: string }) {
  const q = contains(filter.q);
  const where = and(
    eq(invitations.orgId, orgId),
    eq(invitations.status, 'pending'),
    q ? ilike(invitations.email, q) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ invitation: invitations, invitedBy: users.email })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(where)
      .orderBy(asc(invitations.createdAt), asc(invitations.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(invitations).where(where),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Replaces a member's assignments of some accounts in one center with the given roles; the member's
 * assignments of the same accounts through other centers are not touched.
 */
export async function putAssignments(
  db: Executor,
  orgId: number,
  userId: string,
  advs: { adv_id: number; adv_role: string }[],
) {
  if (advs.length === 0) return;
  await db
    .insert(advMembers)
    .values(advs.map((a) => ({ advId: a.adv_id, userId, advRole: a.adv_role, orgId })))
    .onConflictDoUpdate({
      target: [advMembers.advId, advMembers.userId, advMembers.orgId],
      set: { advRole: sql`excluded.adv_role` },
    });
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
