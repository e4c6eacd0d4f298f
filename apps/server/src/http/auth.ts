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
 * Resolves the session into `request.actor` (401/402 otherwise). A token that came from the header or a
 * login redirect's query parameter is turned into the cookie, so the console can drop it from the URL.
 */
export function requireUser(db: Db, options: { cookieSecure: boolean }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.actor = await authenticate({ db, token: request.ctx.token });
    if (!viewerMayCall(request.actor, request)) throw new AppError('FORBIDDEN');
    if (request.ctx.token && request.cookies.token !== request.ctx.token) {
      setSessionCookie(reply, request.ctx.token, options.cookieSecure);
    }
  };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
