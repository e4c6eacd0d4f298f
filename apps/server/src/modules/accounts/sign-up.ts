import {
  type Locale,
  normalizeLocale,
  passwordUserInputs,
  type TRegisterReply,
  type TRegisterRequest,
} from '@scaler/domain';
import type { Limits } from '../../config';
import type { Db, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordMailRequest } from '../mail/limits';
import type { Mailer } from '../mail/mailer';
import { ACCOUNT_EXISTS_TEMPLATE } from '../mail/templates';
import { queueEmailLink } from './email-links';
import { assertStrongPassword, hashPassword } from './passwords';
import { findUserByEmail } from './queries';
import { newUserId } from './tokens';

export interface MailingDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  limits: Limits;
}

/**
 * Queues a mail unless its recipient has had too many this hour. Anonymous calls use this: answering
 * "too many mails to that address" would tell the caller the address has an account.
 */
export async function unlessRecipientLimited(queue: () => Promise<number>): Promise<number | null> {
  try {
    return await queue();
  } catch (err) {
    if (err instanceof AppError && err.code === 'MAIL_LIMIT_RECIPIENT') return null;
    throw err;
  }
}

/** Tells the owner of an address that someone tried to sign up with it (no link, no secret). */
async function queueAccountExists(deps: MailingDeps & { db: Executor; email: string; language: string }) {
  const template = ACCOUNT_EXISTS_TEMPLATE[normalizeLocale(deps.language)];
  return deps.mailer.enqueue(deps.db, {
    to: deps.email,
    subject: template.subject,
    text: template.body(`${deps.publicUrl}/login`, `${deps.publicUrl}/login?tab=forgot`),
    kind: 'account_exists',
  });
}

/**
 * Sign-up. A new address gets an account and a verification link; an address that already has an
 * account gets a note to its owner instead, and the caller the very same answer, so the call cannot
 * tell which addresses are registered. Counted against the caller's address for the e-mail limit.
 */
export async function registerUser(
  deps: MailingDeps & { input: TRegisterRequest; language: Locale; ip: string },
): Promise<TRegisterReply> {
  const { input } = deps;
  await assertStrongPassword(input.password, passwordUserInputs(input.email, input.name));
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? deps.language;
  const mailId = await deps.db.transaction(async (tx) => {
    await recordMailRequest(tx, deps.ip, deps.limits.mailRequestsPerAddressPerHour);
    const id = newUserId();
    const inserted = await tx
      .insert(users)
      .values({ id, email: input.email, name: input.name ?? '', passwordHash, language })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length > 0) {
      return unlessRecipientLimited(() =>
        queueEmailLink({ ...deps, db: tx, purpose: 'verify', email: input.email, userId: id, language }),
      );
    }
    const owner = await findUserByEmail(tx, input.email);
    return unlessRecipientLimited(() =>
      queueAccountExists({ ...deps, db: tx, email: input.email, language: owner?.language ?? language }),
    );
  });
  if (mailId !== null) deps.mailer.later(() => deps.mailer.deliver([mailId]));
  return { email: input.email };
}
