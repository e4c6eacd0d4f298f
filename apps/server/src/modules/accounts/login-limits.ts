import { and, count, eq, gt, min, type SQL, sql } from 'drizzle-orm';
import type { Limits } from '../../config';
import type { Executor } from '../../db/client';
import { loginFailures, sessions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { minutesUntilFree } from '../mail/limits';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** An address the owner signed in from within this time is the owner's own for the account ceiling. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

async function failures(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({ n: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.createdAt, new Date(Date.now() - LOGIN_WINDOW_MS))));
  return { n: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** Whether the account's owner has signed in from this address lately (any session, ended or not). */
export async function isKnownAddress(db: Executor, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(users.email, email),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, new Date(Date.now() - KNOWN_ADDRESS_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The guess limits of a password check (sign-in, or the current password of a change), in 15 minutes:
 * - per account **and** client address (`LOGIN_MAX_FAILURES`, 5): a typing owner or one guesser;
 * - per client address over any accounts (`LOGIN_MAX_FAILURES_ADDRESS`, 30): one guesser, many accounts;
 * - per account over every address (`LOGIN_MAX_FAILURES_ACCOUNT`, 100): distributed guessing. This one
 *   stops only addresses the owner has not signed in from in the last 30 days, so the owner still
 *   gets in from home; a reset through the e-mailed link clears it.
 * Guesses from elsewhere therefore never lock the owner out. Past a limit: 429 with the wait.
 */
export async function assertLoginAllowed(options: {
  db: Executor;
  email: string;
  ip: string;
  limits: Limits;
}) {
  const { db, email, ip, limits } = options;
  const [pair, address, account] = await Promise.all([
    failures(db, and(eq(loginFailures.email, email), eq(loginFailures.ip, ip))),
    failures(db, eq(loginFailures.ip, ip)),
    failures(db, eq(loginFailures.email, email)),
  ]);
  const refuse = (oldest: Date | null) =>
    new AppError('RATE_LIMITED', { params: { minutes: minutesUntilFree(oldest, LOGIN_WINDOW_MS) } });
  if (pair.n >= limits.loginFailuresPerPair) throw refuse(pair.oldest);
  if (address.n >= limits.loginFailuresPerAddress) throw refuse(address.oldest);
  if (account.n >= limits.loginFailuresPerAccount && !(await isKnownAddress(db, email, ip))) {
    throw refuse(account.oldest);
  }
}

export async function recordLoginFailure(db: Executor, email: string, ip: string) {
  await db.insert(loginFailures).values({ email, ip });
}

/** After a right password: the failures of this account from this address are forgiven. */
export async function clearLoginFailures(db: Executor, email: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/** After a reset through the e-mailed link (the owner proved the address): every failure of the account. */
export async function clearAccountFailures(db: Executor, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
