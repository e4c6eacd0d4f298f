import {
  ERROR_CODES,
  translate,
  ZLoginRequest,
  ZProfileRequest,
  ZRegisterRequest,
  ZRepwdRequest,
  ZResetPasswordRequest,
  ZSessionRoutes,
  ZUserInfo,
  ZVerifyEmailRequest,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, clearSessionCookie, requireUser, setSessionCookie } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { VIEWER_ROUTE } from '../../http/viewer';
import {
  buildUserInfo,
  describeEmailToken,
  login,
  logout,
  registerUser,
  requestPasswordReset,
  resetPassword,
  sessionRoutes,
  updateProfile,
  verifyEmail,
} from './service';
import { authenticate } from './sessions';

const tags = ['account'];

export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const signedIn = requireUser(db, deps.config);
  const mailDeps = { db, mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  r.post(
    '/scaler/account/user',
    { schema: { tags, summary: 'Register a user', body: ZRegisterRequest } },
    async (req) => ok(await registerUser({ ...mailDeps, input: req.body, language: req.ctx.language })),
  );

  r.get(
    '/scaler/account/email/token',
    {
      schema: {
        tags,
        summary: 'Describe an e-mail link',
        querystring: z.object({ token: z.string().min(16).max(128) }),
      },
    },
    async (req) => ok(await describeEmailToken({ db, token: req.query.token })),
  );

  r.post(
    '/scaler/account/email/verify',
    { schema: { tags, summary: 'Verify an e-mail address', body: ZVerifyEmailRequest } },
    async (req) => ok(await verifyEmail({ db, token: req.body.token })),
  );

  r.post(
    '/scaler/account/login',
    { schema: { tags, summary: 'Sign in', body: ZLoginRequest } },
    async (req, reply) => {
      const session = await login({
        ...mailDeps,
        input: req.body,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setSessionCookie(reply, session.token, deps.config.cookieSecure);
      const actor = await authenticate({ db, token: session.token });
      return ok({ token: session.token, user: await buildUserInfo({ db, actor, orgId: null }) });
    },
  );

  r.post(
    '/scaler/account/logout',
    { schema: { tags, summary: 'Sign out' }, config: VIEWER_ROUTE, preHandler: signedIn },
    async (req, reply) => {
      await logout({ db, actor: actorOf(req) });
      clearSessionCookie(reply);
      return ok(null);
    },
  );

  r.get(
    '/scaler/account/user_info',
    {
      schema: { tags, summary: 'The signed-in user', response: replies(ZUserInfo) },
      config: VIEWER_ROUTE,
      preHandler: signedIn,
    },
    async (req) =>
      ok(await buildUserInfo({ db, actor: actorOf(req), orgId: req.ctx.orgId, advId: req.ctx.advId })),
  );

  // The session route answers code -1 (HTTP 200) instead of 401 when nobody is signed in; that answer
  // is not the success schema's, so it goes out with a plain serializer as business errors do.
  r.get(
    '/scaler/account/routes',
    {
      schema: {
        tags,
        summary: 'Menus of the center and the accounts the router guard needs',
        response: replies(ZSessionRoutes),
      },
      config: VIEWER_ROUTE,
    },
    async (req, reply) => {
      try {
        await signedIn(req, reply);
      } catch (err) {
        if (err instanceof AppError && (err.code === 'UNAUTHENTICATED' || err.code === 'SESSION_EXPIRED')) {
          return reply
            .type('application/json; charset=utf-8')
            .serializer((payload: unknown) => JSON.stringify(payload))
            .send({
              code: ERROR_CODES.NOT_LOGGED_IN_ROUTES.code,
              msg: translate(req.ctx.language, ERROR_CODES[err.code].message),
              data: null,
            });
        }
        throw err;
      }
      return ok(await sessionRoutes({ db, actor: actorOf(req), orgId: req.ctx.orgId, advId: req.ctx.advId }));
    },
  );

  r.put(
    '/scaler/account/profile',
    {
      schema: { tags, summary: 'Edit your own name, avatar and language', body: ZProfileRequest },
      config: VIEWER_ROUTE,
      preHandler: signedIn,
    },
    async (req) => {
      await updateProfile({ db, actor: actorOf(req), input: req.body });
      return ok(null);
    },
  );

  r.post(
    '/scaler/account/repwd',
    { schema: { tags, summary: 'E-mail a password-reset link', body: ZRepwdRequest } },
    async (req) => {
      await requestPasswordReset({ ...mailDeps, email: req.body.email });
      return ok(null);
    },
  );

  r.put(
    '/scaler/account/reset/pwd',
    {
      schema: {
        tags,
        summary: 'Set a new password (signed in, or with the e-mail token)',
        body: ZResetPasswordRequest,
      },
      config: VIEWER_ROUTE,
    },
    async (req, reply) => {
      const actor = req.body.token ? null : await authenticate({ db, token: req.ctx.token });
      await resetPassword({ db, actor, input: req.body });
      clearSessionCookie(reply);
      return ok(null);
    },
  );
}
