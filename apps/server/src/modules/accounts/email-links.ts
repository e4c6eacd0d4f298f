import { type EmailTokenPurpose, type Locale, normalizeLocale } from '@scaler/domain';
import type { Executor } from '../../db/client';
import { emailTokens } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { MAIL_TEMPLATES } from '../mail/templates';
import { hashToken, newToken } from './tokens';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

/**
 * Creates a one-time token and queues the e-mail that links to `/email` with it, inside the caller's
 * transaction. Returns the outbox id to deliver after commit. Every e-mail link goes through here and
 * the mailer's `enqueue`, which refuses a recipient past the hourly limit (`MAIL_LIMIT_RECIPIENT`, 429):
 * an admin inviting fifty people is not held back, resending to one address is.
 */
export async function queueEmailLink(options: {
  db: Executor;
  mailer: Mailer;
  publicUrl: string;
  purpose: EmailTokenPurpose;
  email: string;
  userId: string | null;
  language: Locale | string;
  payload?: Record<string, unknown>;
}): Promise<number> {
  const token = newToken();
  await options.db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    purpose: options.purpose,
    email: options.email,
    userId: options.userId,
    payload: options.payload ?? {},
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[options.purpose]),
  });
  const link = `${options.publicUrl}/email?type=${options.purpose}&token=${encodeURIComponent(token)}`;
  const template = MAIL_TEMPLATES[normalizeLocale(options.language)][options.purpose];
  return options.mailer.enqueue(options.db, {
    to: options.email,
    subject: template.subject,
    text: template.body(link),
    link,
    kind: options.purpose,
  });
}
