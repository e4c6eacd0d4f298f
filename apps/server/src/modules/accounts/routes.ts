import {
  ERROR_CODES,
  loadPasswordChecker,
  translate,
  ZEmailTokenInfo,
  ZLoginCode,
  ZLoginCodePeek,
  ZLoginCodePeekRequest,
  ZLoginCodeRequest,
  ZLoginExchangeReply,
  ZLoginExchangeRequest,
  ZLoginReply,
  ZLoginRequest,
  ZNull,
  ZProfileRequest,
  ZRegisterReply,
  ZRegisterRequest,
  ZRepwdRequest,
  ZResetPasswordRequest,
  ZSessionRoutes,
  ZUserInfo,
  ZVerifyEmailReply,
  ZVerifyEmailRequest,
} from '@scaler/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, clearSessionCookie, PUBLIC_ROUTE, requireSession, setSessionCookie } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { VIEWER_ROUTE } from '../../http/viewer';
import { exchangeLoginCode, issueLoginCode, peekLoginCode } from './login-codes';
import { requestPasswordReset, setPassword } from './password-reset';
import { pruneAccounts } from './prune';
import {
  buildUserInfo,
  describeEmailToken,
  logout,
  sessionRoutes,
  updateProfile,
  verifyEmail,
} from './service';
import { authenticate } from './sessions';
import { login } from './sign-in';
import { registerUser } from './sign-up';

const tags = ['account'];

export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { limits } = deps.config;
  const mailDeps = { db, mailer: deps.mailer, publicUrl: deps.config.publicUrl, limits };
  /** The browser's (or API client's) current session, if it is a valid one. */
  const currentActor = (req: FastifyRequest) =>
    req.ctx.token
      ? authenticate({ db, token: req.ctx.token }).catch((err) => {
          if (err instanceof AppError) return null;
          throw err;
        })
      : Promise.resolve(null);

  r.post(
    '/scaler/account/user',
    {
      schema: { tags, summary: 'Register a user', body: ZRegisterRequest, response: replies(ZRegisterReply) },
      config: PUBLIC_ROUTE,
    },
    async (req) =>
      ok(await registerUser({ ...mailDeps, input: req.body, language: req.ctx.language, ip: req.ip })),
  );

  r.get(
    '/scaler/account/email/token',
    {
      schema: {
        tags,
        summary: 'Describe an e-mail link',
        querystring: z.object({ token: z.string().min(16).max(128) }),
        response: replies(ZEmailTokenInfo),
      },
      config: PUBLIC_ROUTE,
    },
    async (req) => ok(await describeEmailToken({ db, token: req.query.token })),
  );

  r.post(
    '/scaler/account/email/verify',
    {
      schema: {
        tags,
        summary: 'Verify an e-mail address',
        body: ZVerifyEmailRequest,
        response: replies(ZVerifyEmailReply),
      },
      config: PUBLIC_ROUTE,
    },
    async (req) => ok(await verifyEmail({ db, token: req.body.token })),
  );

  r.post(
    '/scaler/account/login',
    {
      schema: { tags, summary: 'Sign in', body: ZLoginRequest, response: replies(ZLoginReply) },
      config: PUBLIC_ROUTE,
    },
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
    {
      schema: { tags, summary: 'Sign out', response: replies(ZNull) },
      config: VIEWER_ROUTE,
    },
    async (req, reply) => {
      await logout({ db, actor: actorOf(req) });
      clearSessionCookie(reply);
      return ok(null);
    },
  );

  r.post(
    '/scaler/account/login/code',
    {
      schema: {
        tags,
        summary: 'A single-use sign-in code (60 s) to hand this session over to a browser',
        body: ZLoginCodeRequest,
        response: replies(ZLoginCode),
      },
    },
    async (req) =>
      ok(
        await issueLoginCode({
          db,
          userId: actorOf(req).userId,
          publicUrl: deps.config.publicUrl,
          redirect: req.body.redirect,
        }),
      ),
  );

  r.post(
    '/scaler/account/login/code/peek',
    {
      schema: {
        tags,
        summary: 'Who a sign-in code signs in as, and this browser’s session, without spending the code',
        description:
          'The console asks before spending a code in a signed-out browser (“Sign in as …?”). Unknown, expired ' +
          'and used codes: LOGIN_CODE_INVALID (10007).',
        body: ZLoginCodePeekRequest,
        response: replies(ZLoginCodePeek),
      },
      config: PUBLIC_ROUTE,
    },
    async (req) => ok(await peekLoginCode({ db, code: req.body.code, current: await currentActor(req) })),
  );

  r.post(
    '/scaler/account/login/exchange',
    {
      schema: {
        tags,
        summary: 'Spend a sign-in code for a session cookie (never replaces another user’s session)',
        body: ZLoginExchangeRequest,
        response: replies(ZLoginExchangeReply),
      },
      config: PUBLIC_ROUTE,
    },
    async (req, reply) => {
      const { user, token } = await exchangeLoginCode({
        db,
        code: req.body.code,
        current: await currentActor(req),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      if (token) setSessionCookie(reply, token, deps.config.cookieSecure);
      return ok({ ...user, kept: token === null });
    },
  );

  r.get(
    '/scaler/account/user_info',
    {
      schema: { tags, summary: 'The signed-in user', response: replies(ZUserInfo) },
      config: VIEWER_ROUTE,
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
      config: { ...PUBLIC_ROUTE, ...VIEWER_ROUTE },
    },
    async (req, reply) => {
      try {
        await requireSession(db, req);
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
      schema: {
        tags,
        summary: 'Edit your own name, avatar and language',
        body: ZProfileRequest,
        response: replies(ZNull),
      },
      config: VIEWER_ROUTE,
    },
    async (req) => {
      await updateProfile({ db, actor: actorOf(req), input: req.body });
      return ok(null);
    },
  );

  r.post(
    '/scaler/account/repwd',
    {
      schema: {
        tags,
        summary: 'E-mail a password-reset link (same answer, same time, known address or not)',
        body: ZRepwdRequest,
        response: replies(ZNull),
      },
      config: PUBLIC_ROUTE,
    },
    async (req) => {
      await requestPasswordReset({ ...mailDeps, email: req.body.email, ip: req.ip });
      return ok(null);
    },
  );

  r.put(
    '/scaler/account/reset/pwd',
    {
      schema: {
        tags,
        summary: 'Set a new password: with the e-mail token, or signed in with the current password',
        body: ZResetPasswordRequest,
        response: replies(ZNull),
      },
      // With the e-mailed token no session is needed; without it, the handler asks for one.
      config: { ...PUBLIC_ROUTE, ...VIEWER_ROUTE },
    },
    async (req) => {
      const actor = req.body.token ? null : await authenticate({ db, token: req.ctx.token });
      await setPassword({ db, actor, input: req.body, ip: req.ip, limits });
      return ok(null);
    },
  );

  void loadPasswordChecker();
  const prune = setInterval(
    () => void pruneAccounts(db).catch((err) => app.log.warn({ err }, 'accounts prune failed')),
    60 * 60_000,
  );
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
}
