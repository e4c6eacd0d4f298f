import { type AdvPermission, SESSION_TTL_MS } from '@scaler/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Actor } from '../access/actor';
import { requireAdvAccess } from '../access/org-access';
import type { Db } from '../db/client';
import { authenticate } from '../modules/accounts/sessions';
import { AppError } from './errors';
import { viewerMayCall } from './viewer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'public'`: the route needs no session (sign-in, sign-up, e-mail links, tracking); its handler
     * decides what a session changes. Every other route of the API needs one, checked before the body
     * is read (`registerRouteAuth`).
     */
    auth?: 'public';
    /**
     * The account of the `adv-id` header must be reachable with this permission, checked with the
     * session before the body is read: calls whose bodies are large (uploads, device-id lists), so a
     * caller without the account gets 404 (403 for a role without the permission) and its body is
     * never parsed.
     */
    account?: AdvPermission;
  }
}

/** The route `config` of a call anyone may make (no session needed). */
export const PUBLIC_ROUTE = { auth: 'public' } as const;

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
 * Resolves the session into `request.actor` (401/402 otherwise) and applies the viewer rule (403). It
 * never sets the cookie: only a sign-in (the login form, a sign-in code's exchange, an invitation's
 * sign-up) does.
 */
export async function requireSession(db: Db, request: FastifyRequest): Promise<Actor> {
  request.actor = await authenticate({ db, token: request.ctx.token });
  if (!viewerMayCall(request.actor, request)) throw new AppError('FORBIDDEN');
  return request.actor;
}

/** The account of the `adv-id` header, reachable in the `org-id` center with `permission` (404/403). */
async function requireHeaderAccount(
  db: Db,
  request: FastifyRequest,
  actor: Actor,
  permission: AdvPermission,
) {
  const { advId, orgId } = request.ctx;
  if (advId === null) {
    throw new AppError('VALIDATION', {
      data: { fields: [{ path: 'adv-id', message: 'validation.required' }] },
    });
  }
  await requireAdvAccess({ db, actor, advId, orgId, permission });
}

const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The one route rule of the API: every route registered in `scope` needs a session unless its `config`
 * says `auth: 'public'`. The session is checked in `onRequest`, before the body is read, so every call
 * answers in the same order: session (401/402, the viewer's 403) → body (400) → scope (404/403, in the
 * service) → service. A route that names an `account` permission has that checked in `onRequest` too.
 * A route forgets nothing by omission: without a word it is closed.
 */
export function registerRouteAuth(scope: FastifyInstance, db: Db) {
  scope.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (config.auth === 'public') return;
    const permission = config.account;
    const check: onRequestHookHandler = async (request) => {
      const actor = await requireSession(db, request);
      if (permission) await requireHeaderAccount(db, request, actor, permission);
    };
    route.onRequest = [...hooksOf(route.onRequest), check];
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
