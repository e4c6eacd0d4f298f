import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { advertisers, advMarkups, emailTokens, orgMembers, orgs, sessions, users } from '../../db/schema';

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0] ?? null;

export const findUserById = async (db: Executor, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)))[0] ?? null;

/** The session of a token (by its hash) with its user: every authenticated call runs it first. */
const sessionByTokenHash = preparedPer((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token_hash'),
);

export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await sessionByTokenHash(db).execute({ tokenHash });
  return row ?? null;
}

export const revokeSession = (db: Executor, sessionId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

export const revokeAllSessions = (db: Executor, userId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** Marks a token used and returns it, only if it was unused: one winner under concurrent use. */
export async function consumeEmailToken(db: Executor, tokenHash: string, purpose: string) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export const findEmailToken = async (db: Executor, tokenHash: string) =>
  (await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)))[0] ?? null;

/** The centers the user belongs to, any status, with the user's role. */
export async function listMemberships(db: Executor, userId: string) {
  return db
    .select({
      org_id: orgs.orgId,
      org_name: orgs.orgName,
      avatar: orgs.avatar,
      org_status: orgs.orgStatus,
      org_role: orgMembers.orgRole,
      org_type: orgs.orgType,
    })
    .from(orgMembers)
    .innerJoin(orgs, eq(orgs.orgId, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId))
    .orderBy(orgs.orgId);
}

/**
 * A center that shows commission (`gmv_fee`) now: `show_commission` on and its effective time reached
 * (none = from the moment it was saved). Decisions 3, `status_fee`.
 */
export const orgShowsFeeWhere = and(
  eq(orgs.showCommission, true),
  sql`(${orgs.commissionEffectiveAt} is null or ${orgs.commissionEffectiveAt} <= now())`,
);

/** Whether the center shows commission now (`orgShowsFeeWhere`). */
export async function orgShowsFee(db: Executor, orgId: number) {
  const rows = await db
    .select({ one: sql`1` })
    .from(orgs)
    .where(and(eq(orgs.orgId, orgId), orgShowsFeeWhere));
  return rows.length > 0;
}

/** Whether some account of the center has markup set (the `mark` flag for its admins). */
export async function orgHasMarkup(db: Executor, orgId: number) {
  const rows = await db
    .select({ one: sql`1` })
    .from(advMarkups)
    .innerJoin(advertisers, eq(advertisers.advId, advMarkups.advId))
    .where(
      and(
        eq(advertisers.orgId, orgId),
        sql`(${advMarkups.endDate} is null or ${advMarkups.endDate} >= current_date)`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
