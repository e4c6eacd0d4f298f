import { SESSION_TTL_MS } from '@scaler/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import { authenticate } from '../modules/accounts/sessions';
import { AppError } from './errors';
import { viewerMayCall } from './viewer';

export const TOKEN_COOKIE = 'token';

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(TOKEN_COOKIE, { path: '/' });
}

/**
 * Resolves the session into `request.actor` (401/402 otherwise). It never sets the cookie: only a
 * sign-in (the login form, a sign-in code's exchange, an invitation's sign-up) does.
 */
export function requireUser(db: Db, _options?: { cookieSecure: boolean }) {
  return async (request: FastifyRequest, _reply?: FastifyReply) => {
    request.actor = await authenticate({ db, token: request.ctx.token });
    if (!viewerMayCall(request.actor, request)) throw new AppError('FORBIDDEN');
  };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
