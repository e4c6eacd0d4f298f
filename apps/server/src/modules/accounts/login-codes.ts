import { LOGIN_CODE_TTL_MS, type TLoginCode, type TLoginCodePeek } from '@scaler/domain';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Db, Executor } from '../../db/client';
import { loginCodes } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findUserById } from './queries';
import { createSession } from './sessions';
import { hashToken, newToken } from './tokens';

/** `path` with `code` added to its query (the console takes it off the address bar at once). */
export function withCode(path: string, code: string): string {
  const url = new URL(path, 'http://console.invalid');
  url.searchParams.set('code', code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A single-use sign-in code for a user and the console link that spends it: what a login redirect
 * hands a browser instead of a session token. Only the code's hash is stored.
 */
export async function issueLoginCode(options: {
  db: Executor;
  userId: string;
  publicUrl: string;
  redirect?: string;
  ttlMs?: number;
}): Promise<TLoginCode> {
  const code = newToken();
  const expiresAt = new Date(Date.now() + (options.ttlMs ?? LOGIN_CODE_TTL_MS));
  await options.db
    .insert(loginCodes)
    .values({ codeHash: hashToken(code), userId: options.userId, expiresAt });
  return {
    code,
    expires_at: expiresAt.toISOString(),
    link: `${options.publicUrl}${withCode(options.redirect ?? '/', code)}`,
  };
}

/** The user of a code that can still be spent (not used, not expired, its user not disabled), or null. */
async function liveCodeUser(db: Executor, code: string) {
  const [row] = await db
    .select({ userId: loginCodes.userId })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.codeHash, hashToken(code)),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, new Date()),
      ),
    );
  const user = row && (await findUserById(db, row.userId));
  return user && !user.disabledAt ? user : null;
}

/**
 * Who a code signs in as, without spending it: the console shows it ("Sign in as …?") to a browser that is
 * signed out before it spends the code, so a link someone else made for their own account cannot sign a
 * visitor in unawares. Unknown, expired and used codes get the one answer `LOGIN_CODE_INVALID`.
 */
export async function peekLoginCode(options: {
  db: Executor;
  code: string;
  current: Actor | null;
}): Promise<TLoginCodePeek> {
  const user = await liveCodeUser(options.db, options.code);
  if (!user) throw new AppError('LOGIN_CODE_INVALID');
  const session = !options.current ? 'none' : options.current.userId === user.id ? 'same' : 'other';
  return { email: user.email, name: user.name, session };
}

/**
 * Spends a code, once, for a new session. A browser already signed in keeps its session: the same
 * user's is kept as it is (`kept`), another user's is never replaced (`SIGNED_IN_AS_OTHER`; the code
 * is spent all the same, so a refused link cannot be tried again later).
 */
export async function exchangeLoginCode(options: {
  db: Db;
  code: string;
  current: Actor | null;
  ip: string;
  userAgent: string | undefined;
}): Promise<{ user: { _id: string; email: string }; token: string | null }> {
  const { db } = options;
  const [spent] = await db
    .update(loginCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(loginCodes.codeHash, hashToken(options.code)),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: loginCodes.userId });
  const user = spent && (await findUserById(db, spent.userId));
  if (!user || user.disabledAt) throw new AppError('LOGIN_CODE_INVALID');
  const answer = { _id: user.id, email: user.email };
  if (options.current) {
    if (options.current.userId !== user.id) {
      throw new AppError('SIGNED_IN_AS_OTHER', { params: { email: options.current.email } });
    }
    return { user: answer, token: null };
  }
  const session = await createSession({ db, userId: user.id, ip: options.ip, userAgent: options.userAgent });
  return { user: answer, token: session.token };
}

/** Codes are useless a minute after they were made: drop spent and expired ones after a day. */
export async function pruneLoginCodes(db: Executor) {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await db.delete(loginCodes).where(or(lt(loginCodes.expiresAt, dayAgo), lt(loginCodes.usedAt, dayAgo)));
}
