import type { TLoginRequest } from '@scaler/domain';
import { AppError } from '../../http/errors';
import { createKeyedMutex } from '../../lib/keyed-mutex';
import { recordMailRequest } from '../mail/limits';
import { queueEmailLink } from './email-links';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-limits';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { findUserByEmail } from './queries';
import { createSession } from './sessions';
import type { MailingDeps } from './sign-up';

/**
 * Password checks of one account run one at a time in this process, so the failure counts read before
 * a check are exact under concurrent guesses. (With several server processes on one PostgreSQL the
 * limits are exact per process.)
 */
export const withAccountLock = createKeyedMutex();

type LoginDeps = MailingDeps & { input: TLoginRequest; ip: string; userAgent: string | undefined };

/** Signs in: a wrong password counts a failure (see `assertLoginAllowed`), a right one forgives them. */
export function login(deps: LoginDeps): Promise<{ token: string; expiresAt: Date; userId: string }> {
  return withAccountLock(deps.input.email, () => attemptLogin(deps));
}

async function attemptLogin(deps: LoginDeps): Promise<{ token: string; expiresAt: Date; userId: string }> {
  const { db, input, ip } = deps;
  await assertLoginAllowed({ db, email: input.email, ip, limits: deps.limits });
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordLoginFailure(db, input.email, ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (user.disabledAt) throw new AppError('USER_DISABLED');
  if (!user.emailVerifiedAt) {
    // The right password of an unverified account sends a new link: limited like the other mails.
    const mailId = await db.transaction(async (tx) => {
      await recordMailRequest(tx, ip, deps.limits.mailRequestsPerAddressPerHour);
      return queueEmailLink({
        ...deps,
        db: tx,
        purpose: 'verify',
        email: user.email,
        userId: user.id,
        language: user.language,
      });
    });
    deps.mailer.later(() => deps.mailer.deliver([mailId]));
    throw new AppError('EMAIL_NOT_VERIFIED');
  }
  await clearLoginFailures(db, input.email, ip);
  const session = await createSession({ db, userId: user.id, ip, userAgent: deps.userAgent });
  return { ...session, userId: user.id };
}
