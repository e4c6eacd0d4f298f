import { passwordUserInputs, type TResetPasswordRequest } from '@scaler/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Limits } from '../../config';
import type { Db, Executor } from '../../db/client';
import { emailTokens, sessions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordMailRequest } from '../mail/limits';
import { queueEmailLink } from './email-links';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from './login-limits';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import { consumeEmailToken, findUserByEmail, findUserById, revokeAllSessions } from './queries';
import { emailTokenError } from './service';
import { withAccountLock } from './sign-in';
import { type MailingDeps, unlessRecipientLimited } from './sign-up';
import { hashToken } from './tokens';

/** Spends every unused reset link of a user: a newer link, or a new password, voids the older ones. */
const voidResetLinks = (db: Executor, userId: string) =>
  db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));

/**
 * POST /scaler/account/repwd. Counts the call against the caller's address, then answers at once:
 * finding the account and e-mailing the link happen after the answer, so the answer and its timing
 * are the same whether the address has an account or not.
 */
export async function requestPasswordReset(deps: MailingDeps & { email: string; ip: string }): Promise<void> {
  await deps.db.transaction((tx) =>
    recordMailRequest(tx, deps.ip, deps.limits.mailRequestsPerAddressPerHour),
  );
  deps.mailer.later(() => sendResetLink(deps));
}

async function sendResetLink(deps: MailingDeps & { email: string }) {
  const user = await findUserByEmail(deps.db, deps.email);
  if (!user || user.disabledAt) return;
  const mailId = await deps.db.transaction(async (tx) => {
    await voidResetLinks(tx, user.id);
    return unlessRecipientLimited(() =>
      queueEmailLink({
        ...deps,
        db: tx,
        purpose: 'reset',
        email: user.email,
        userId: user.id,
        language: user.language,
      }),
    );
  });
  if (mailId !== null) await deps.mailer.deliver([mailId]);
}

/**
 * PUT /scaler/account/reset/pwd with the e-mailed token: a new password, the address verified, every
 * session ended, other reset links void, and the account's failed sign-ins forgiven (the owner proved
 * the address, so a distributed guesser's count no longer stands in the way).
 */
export async function resetPasswordWithToken(deps: {
  db: Db;
  token: string;
  password: string;
}): Promise<void> {
  const passwordHash = await hashPassword(deps.password);
  await deps.db.transaction(async (tx) => {
    const token = await consumeEmailToken(tx, hashToken(deps.token), 'reset');
    const user = token?.userId ? await findUserById(tx, token.userId) : null;
    if (!user) throw await emailTokenError(tx, deps.token);
    await assertStrongPassword(deps.password, passwordUserInputs(user.email, user.name));
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
    await voidResetLinks(tx, user.id);
    await clearAccountFailures(tx, user.email);
  });
}

/**
 * The signed-in change: the current password is checked like a sign-in (a wrong one counts for the
 * guess limit and answers a field error); the other sessions end, this one stays; reset links void.
 */
export function changePassword(deps: {
  db: Db;
  actor: Actor;
  currentPassword: string;
  password: string;
  ip: string;
  limits: Limits;
}): Promise<void> {
  return withAccountLock(deps.actor.email, async () => {
    const { db, actor } = deps;
    await assertLoginAllowed({ db, email: actor.email, ip: deps.ip, limits: deps.limits });
    const user = await findUserById(db, actor.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!(await verifyPassword(deps.currentPassword, user.passwordHash))) {
      await recordLoginFailure(db, actor.email, deps.ip);
      throw new AppError('VALIDATION', {
        data: { fields: [{ path: 'body.current_password', message: 'validation.current_password_wrong' }] },
      });
    }
    await assertStrongPassword(deps.password, passwordUserInputs(user.email, user.name));
    const passwordHash = await hashPassword(deps.password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.userId, user.id), ne(sessions.id, actor.sessionId), isNull(sessions.revokedAt)),
        );
      await voidResetLinks(tx, user.id);
    });
  });
}

/** The route's two ways, by what the body carries. */
export async function setPassword(deps: {
  db: Db;
  actor: Actor | null;
  input: TResetPasswordRequest;
  ip: string;
  limits: Limits;
}): Promise<void> {
  const { input } = deps;
  if (input.token)
    return resetPasswordWithToken({ db: deps.db, token: input.token, password: input.password });
  if (!deps.actor) throw new AppError('UNAUTHENTICATED');
  return changePassword({
    db: deps.db,
    actor: deps.actor,
    currentPassword: input.current_password ?? '',
    password: input.password,
    ip: deps.ip,
    limits: deps.limits,
  });
}
