import { SESSION_TTL_MS } from '@scaler/domain';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findSessionByTokenHash } from './queries';
import { hashToken, newToken } from './tokens';

export async function createSession(options: {
  db: Executor;
  userId: string;
  ip: string;
  userAgent: string | undefined;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await options.db.insert(sessions).values({
    userId: options.userId,
    tokenHash: hashToken(token),
    expiresAt,
    ip: options.ip,
    userAgent: options.userAgent?.slice(0, 512),
  });
  return { token, expiresAt };
}

/** A missing, unknown or revoked session answers 401; an expired one 402 (decisions 2). */
export async function authenticate(options: { db: Executor; token: string | null }): Promise<Actor> {
  if (!options.token || options.token.length > 256) throw new AppError('UNAUTHENTICATED');
  const found = await findSessionByTokenHash(options.db, hashToken(options.token));
  if (!found || found.session.revokedAt || found.user.disabledAt) throw new AppError('UNAUTHENTICATED');
  if (found.session.expiresAt.getTime() <= Date.now()) throw new AppError('SESSION_EXPIRED');
  return {
    userId: found.user.id,
    email: found.user.email,
    name: found.user.name,
    isOperator: found.user.isOperator,
    v: found.user.v,
    sessionId: found.session.id,
  };
}
