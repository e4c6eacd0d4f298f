import { passwordUserInputs, type TAdvAssignment } from '@scaler/domain';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { invitations, orgMembers, orgs, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertStrongPassword, hashPassword } from '../accounts/passwords';
import { consumeEmailToken, findEmailToken, findUserByEmail } from '../accounts/queries';
import { emailTokenError } from '../accounts/service';
import { createSession } from '../accounts/sessions';
import { hashToken, newUserId } from '../accounts/tokens';
import { recordActivity } from '../activity/service';
import { notifyUsers } from '../notices/notify';
import { putAssignments } from './queries';
import { describeInvitation, resolveAssignments } from './service';

/** What the /email page shows for an invitation link. */
export async function invitationForToken(db: Db, token: string) {
  const row = await findEmailToken(db, hashToken(token));
  const invitationId = Number(row?.payload.invitation_id);
  if (row?.purpose !== 'invite' || !invitationId) throw new AppError('TOKEN_INVALID');
  const info = await describeInvitation(db, invitationId, row.email);
  if (row.usedAt && info.status === 'pending') return { ...info, status: 'cancelled' as const };
  return info;
}

/**
 * Accepts an invitation: signed in as the invited address, or, for an address with no account yet, by
 * choosing a password (the link proves the address, so the new account is verified). The link is spent
 * once; the inviter is notified.
 */
export async function acceptInvitation(options: {
  db: Db;
  actor: Actor | null;
  token: string;
  password?: string;
  name?: string;
  ip: string;
  userAgent: string | undefined;
}): Promise<{ org_id: number; token: string | null }> {
  const passwordHash = options.password ? await hashPassword(options.password) : null;
  const result = await options.db.transaction(async (tx) => {
    const token = await consumeEmailToken(tx, hashToken(options.token), 'invite');
    if (!token) throw await emailTokenError(tx, options.token);
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, Number(token.payload.invitation_id)), eq(invitations.status, 'pending')));
    if (!invitation) throw new AppError('TOKEN_INVALID');
    if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');

    let userId: string;
    let created = false;
    let email = invitation.email;
    if (options.actor) {
      if (options.actor.email !== invitation.email) throw new AppError('INVITE_EMAIL_MISMATCH');
      userId = options.actor.userId;
    } else {
      if (await findUserByEmail(tx, invitation.email)) throw new AppError('UNAUTHENTICATED');
      if (options.password)
        await assertStrongPassword(options.password, passwordUserInputs(invitation.email, options.name));
      if (!passwordHash) {
        throw new AppError('VALIDATION', {
          data: { fields: [{ path: 'body.password', message: 'validation.password_required' }] },
        });
      }
      userId = newUserId();
      await tx.insert(users).values({
        id: userId,
        email: invitation.email,
        name: options.name ?? '',
        passwordHash,
        emailVerifiedAt: new Date(),
      });
      created = true;
      email = invitation.email;
    }

    await tx
      .insert(orgMembers)
      .values({ orgId: invitation.orgId, userId, orgRole: invitation.orgRole })
      .onConflictDoNothing();
    // Accounts closed or unshared since the invitation are left out rather than failing the acceptance.
    // They are assigned in the inviting center only: what the user holds elsewhere stays as it is.
    const assigned: TAdvAssignment[] = [];
    if (invitation.orgRole === 'org_user') {
      for (const a of invitation.advs) {
        const [resolved] = await resolveAssignments(tx, invitation.orgId, [a]).catch(() => []);
        if (resolved) assigned.push(resolved);
      }
      await putAssignments(tx, invitation.orgId, userId, assigned);
    }
    await tx
      .update(invitations)
      .set({ status: 'accepted', acceptedBy: userId, updatedAt: new Date() })
      .where(eq(invitations.id, invitation.id));
    const [org] = await tx
      .select({ orgName: orgs.orgName })
      .from(orgs)
      .where(eq(orgs.orgId, invitation.orgId));
    if (invitation.invitedBy) {
      await notifyUsers(tx, [invitation.invitedBy], {
        type: 'invitation',
        code: 1,
        message: 'notices.invitation_accepted',
        params: { email, org: org.orgName },
        orgId: invitation.orgId,
        creatId: userId,
      });
    }
    await recordActivity(tx, {
      orgId: invitation.orgId,
      actor: { userId, email },
      action: 'member.join',
      objectType: 'member',
      objectId: userId,
      after: { org_role: invitation.orgRole, invitation_id: invitation.id, advs: assigned },
    });
    return { orgId: invitation.orgId, userId, created };
  });
  const session = result.created
    ? await createSession({
        db: options.db,
        userId: result.userId,
        ip: options.ip,
        userAgent: options.userAgent,
      })
    : null;
  return { org_id: result.orgId, token: session?.token ?? null };
}
