import { ORG_STATUS } from '@scaler/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orgMembers, orgs, users } from '../db/schema';
import { issueLoginCode } from '../modules/accounts/login-codes';
import { hashPassword } from '../modules/accounts/passwords';
import { findUserByEmail } from '../modules/accounts/queries';
import { newUserId } from '../modules/accounts/tokens';
import { createNotices } from '../modules/notices/service';

export async function createUser(options: {
  db: Db;
  email: string;
  password: string;
  name?: string;
  operator?: boolean;
}) {
  const id = newUserId();
  const [row] = await options.db
    .insert(users)
    .values({
      id,
      email: options.email,
      name: options.name ?? '',
      passwordHash: await hashPassword(options.password),
      emailVerifiedAt: new Date(),
      isOperator: options.operator ?? false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error(`a user with e-mail ${options.email} already exists`);
  return row;
}

/** How long the CLI's sign-in link lives by default: long enough to start the server and open it. */
export const LOGIN_LINK_TTL_MINUTES = 10;

/**
 * A one-time sign-in link for a user (`user login-link`): the operator of a self-hosted instance opens
 * it in a browser to be signed in as that user, once, within `ttlMinutes`.
 */
export async function createLoginLink(options: {
  db: Db;
  email: string;
  publicUrl: string;
  redirect?: string;
  ttlMinutes?: number;
}) {
  const user = await findUserByEmail(options.db, options.email);
  if (!user) throw new Error(`no user with e-mail ${options.email}`);
  if (user.disabledAt) throw new Error(`the user ${options.email} is disabled`);
  return issueLoginCode({
    db: options.db,
    userId: user.id,
    publicUrl: options.publicUrl,
    redirect: options.redirect,
    ttlMs: (options.ttlMinutes ?? LOGIN_LINK_TTL_MINUTES) * 60_000,
  });
}

/** Approves a center and tells its admins, in one transaction. */
export async function approveCenter(options: { db: Db; orgId: number }) {
  return options.db.transaction(async (tx) => {
    const [center] = await tx
      .update(orgs)
      .set({ orgStatus: ORG_STATUS.active, updatedAt: new Date() })
      .where(eq(orgs.orgId, options.orgId))
      .returning();
    if (!center) throw new Error(`no business center with id ${options.orgId}`);
    const admins = await tx
      .select({ userId: orgMembers.userId })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, options.orgId), eq(orgMembers.orgRole, 'org_admin')));
    await createNotices(
      tx,
      admins.map((a) => ({
        userId: a.userId,
        orgId: center.orgId,
        type: 'verification',
        code: ORG_STATUS.active,
        msg: `Business center "${center.orgName}" (${center.orgId}) was approved and is now active.`,
      })),
    );
    return center;
  });
}

export const listCenters = (options: { db: Db }) => options.db.select().from(orgs).orderBy(asc(orgs.orgId));
