import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox, mailRequests } from '../../db/schema';
import { AppError } from '../../http/errors';

export const MAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * Serialises the checks of one key (a recipient, a client address) until the caller's transaction
 * ends, so two concurrent calls cannot both see the last free slot. PGlite runs one transaction at a
 * time anyway; on PostgreSQL this holds across server processes.
 */
export async function lockKey(db: Executor, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Whole minutes (at least 1) until the oldest counted entry leaves the window. */
export function minutesUntilFree(oldest: Date | null, windowMs = MAIL_WINDOW_MS): number {
  const freeAt = (oldest?.getTime() ?? Date.now()) + windowMs;
  return Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
}

/**
 * At most `perHour` e-mails to one address in any hour, whoever asks: a resent invitation, repeated
 * sign-ups or reset requests. Call inside the transaction that queues the mail.
 */
export async function assertRecipientAllowed(db: Executor, email: string, perHour: number) {
  await lockKey(db, `mail-to:${email}`);
  const [row] = await db
    .select({ n: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.toEmail, email), gt(mailOutbox.createdAt, new Date(Date.now() - MAIL_WINDOW_MS))),
    );
  if (Number(row.n) >= perHour) {
    throw new AppError('MAIL_LIMIT_RECIPIENT', {
      params: { email, minutes: minutesUntilFree(row.oldest ? new Date(row.oldest) : null) },
    });
  }
}

/**
 * Counts an anonymous call that may send an e-mail (sign-up, repwd, the login of an unverified
 * account) against its client address: past `perHour` in the last hour it answers 429 with the wait.
 * Counted whether or not a mail goes out, so the answer tells nothing about the address asked for.
 */
export async function recordMailRequest(db: Executor, ip: string, perHour: number) {
  await lockKey(db, `mail-from:${ip}`);
  const [row] = await db
    .select({ n: count(), oldest: min(mailRequests.createdAt) })
    .from(mailRequests)
    .where(and(eq(mailRequests.ip, ip), gt(mailRequests.createdAt, new Date(Date.now() - MAIL_WINDOW_MS))));
  if (Number(row.n) >= perHour) {
    throw new AppError('MAIL_LIMIT_ADDRESS', {
      params: { minutes: minutesUntilFree(row.oldest ? new Date(row.oldest) : null) },
    });
  }
  await db.insert(mailRequests).values({ ip });
}
