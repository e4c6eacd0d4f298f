import {
  ERROR_CODES,
  type ErrorCode,
  echoAll,
  LIVE_EVENTS_LIMIT,
  TRACKING_PATHS,
  type TTrackingError,
  translate,
  ZApiEventsResult,
  ZCollectResult,
  ZLiveEvents,
  ZLiveEventsQuery,
  ZPostbackResult,
} from '@scaler/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { CROSS_ORIGIN_ROUTE } from '../../http/security';
import { liveEvents } from './live';
import { ingestPostback } from './postbacks';
import { trackingRateLimits } from './rate-limits';
import { PIXEL_SDK } from './sdk';
import type { RequestMeta, TrackingDeps } from './service';
import { recordTouch } from './touches';
import { TrackingRejection } from './values';
import { bearerToken, collectPixelEvents, ingestApiEvents } from './web-events';
import { WriterBusy } from './writer';

const tags = ['tracking'];
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};
/** A transparent 1x1 GIF, the answer of the impression URL. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const metaOf = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
  now: new Date(),
});

/**
 * Answers a refusal in the envelope, in the request's language: the reason, and for a 400 every invalid
 * event (`data.errors`, with the first one's `index` beside it). What the sender's values are quoted with
 * is cut to a few hundred characters (`echoAll`). Anything else goes to the error handler.
 */
function refuse(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  const language = req.ctx.language;
  if (error instanceof WriterBusy) {
    return reply
      .status(503)
      .header('retry-after', '1')
      .send({
        code: ERROR_CODES.UNAVAILABLE.code,
        msg: translate(language, 'tracking.busy'),
        data: { reason: 'busy' },
      });
  }
  if (!(error instanceof TrackingRejection)) throw error;
  const code = ERROR_CODES[STATUS_CODES[error.status] ?? 'VALIDATION'].code;
  const listed =
    error.errors.length > 0
      ? error.errors
      : [
          {
            index: (error.data?.index as number | undefined) ?? null,
            reason: error.reason,
            text: error.text,
          },
        ];
  const errors: TTrackingError[] = listed.map((e) => ({
    index: e.index,
    reason: e.reason,
    message: translate(language, e.text.key, echoAll(e.text.params)),
    ...('field' in e && e.field ? { field: e.field } : {}),
  }));
  return reply.status(error.status).send({
    code,
    msg: translate(language, error.text.key, echoAll(error.text.params)),
    data: echoAll({ reason: error.reason, ...error.data, ...(error.status === 400 ? { errors } : {}) }),
  });
}

const cors = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST, OPTIONS')
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-max-age', '86400');

/**
 * The public tracking endpoints (outside `/scaler`, no session) and the live panel's call. Their own
 * content-type parsers (form bodies of postbacks) stay inside this plugin. Their answers are a few hundred
 * bytes, so they skip the compression hooks (`compress: false`); the pixel script keeps them.
 */
export async function trackingRoutes(app: FastifyInstance, deps: AppDeps & { tracking: TrackingDeps }) {
  const { tracking } = deps;
  await app.register(async (scope) => {
    const limits = await trackingRateLimits(scope, deps.config.trackingRateLimits, tracking.directory);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    for (const path of [TRACKING_PATHS.pixelScript, TRACKING_PATHS.pixelScriptSpecial]) {
      r.get(
        path,
        {
          schema: { tags, summary: 'The pixel script the snippets load' },
          config: { ...CROSS_ORIGIN_ROUTE, rateLimit: limits.browser },
        },
        async (_req, reply) =>
          reply
            .header('content-type', 'application/javascript; charset=utf-8')
            .header('cache-control', 'public, max-age=3600')
            .header('access-control-allow-origin', '*')
            .send(PIXEL_SDK),
      );
    }

    r.options(
      TRACKING_PATHS.collect,
      { schema: { hide: true }, config: CROSS_ORIGIN_ROUTE },
      async (_req, reply) => cors(reply).status(204).send(),
    );
    r.post(
      TRACKING_PATHS.collect,
      {
        schema: {
          tags,
          summary: 'Pixel events of one pixel (text/plain or JSON; one event or { events })',
          response: replies(ZCollectResult),
        },
        compress: false,
        config: { ...CROSS_ORIGIN_ROUTE, rateLimit: limits.browser },
      },
      async (req, reply) => {
        cors(reply);
        try {
          const result = await collectPixelEvents(tracking, req.body, metaOf(req));
          return ok({ accepted: result.accepted, duplicate: result.duplicate });
        } catch (error) {
          return refuse(req, reply, error);
        }
      },
    );

    r.post(
      TRACKING_PATHS.eventsApi,
      {
        schema: {
          tags,
          summary: 'Server-to-server events of an API source (Bearer token)',
          response: replies(ZApiEventsResult),
        },
        bodyLimit: 4 * 1024 * 1024,
        compress: false,
        config: { ...CROSS_ORIGIN_ROUTE, rateLimit: limits.eventsApi },
      },
      async (req, reply) => {
        try {
          return ok(await ingestApiEvents(tracking, bearerToken(req.headers), req.body, metaOf(req)));
        } catch (error) {
          return refuse(req, reply, error);
        }
      },
    );

    const postback = async (
      req: FastifyRequest<{ Params: { partner: string; token: string } }>,
      reply: FastifyReply,
    ) => {
      try {
        const { partner, token } = req.params;
        return ok(
          await ingestPostback(
            tracking,
            partner,
            token,
            req.query as Record<string, unknown>,
            req.body,
            metaOf(req),
          ),
        );
      } catch (error) {
        return refuse(req, reply, error);
      }
    };
    const postbackOptions = {
      schema: {
        tags,
        summary: "An attribution partner's install or event postback",
        params: z.object({ partner: z.string(), token: z.string() }),
        response: replies(ZPostbackResult),
      },
      compress: false as const,
      config: { ...CROSS_ORIGIN_ROUTE, rateLimit: limits.postback },
    };
    r.get(`${TRACKING_PATHS.postback}/:partner/:token`, postbackOptions, postback);
    r.post(`${TRACKING_PATHS.postback}/:partner/:token`, postbackOptions, postback);

    r.get(
      TRACKING_PATHS.click,
      {
        schema: { tags, summary: 'Records a click and redirects to the partner link or landing page' },
        compress: false,
        config: { ...CROSS_ORIGIN_ROUTE, rateLimit: limits.browser },
      },
      async (req, reply) => {
        try {
          const { location } = await recordTouch(
            tracking,
            'click',
            req.query as Record<string, unknown>,
            metaOf(req),
          );
          return reply.header('cache-control', 'no-store').redirect(location ?? '/', 302);
        } catch (error) {
          return refuse(req, reply, error);
        }
      },
    );
    r.get(
      TRACKING_PATHS.impression,
      {
        schema: { tags, summary: 'Records an impression; answers a 1x1 GIF' },
        compress: false,
        config: { ...CROSS_ORIGIN_ROUTE, rateLimit: limits.browser },
      },
      async (req, reply) => {
        try {
          await recordTouch(tracking, 'impression', req.query as Record<string, unknown>, metaOf(req));
          return reply
            .header('content-type', 'image/gif')
            .header('cache-control', 'no-store')
            .header('access-control-allow-origin', '*')
            .send(PIXEL_GIF);
        } catch (error) {
          return refuse(req, reply, error);
        }
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/scaler/v3/tracking/live',
    {
      schema: {
        tags: ['assets'],
        summary: `The live test-events panel of an app or pixel: the newest ${LIVE_EVENTS_LIMIT} attempts`,
        querystring: ZLiveEventsQuery,
        response: replies(ZLiveEvents),
      },
    },
    async (req) =>
      ok(
        await liveEvents(
          {
            db: deps.db,
            actor: actorOf(req),
            orgId: req.ctx.orgId,
            advId: req.ctx.advId,
            locale: req.ctx.language,
          },
          req.query,
        ),
      ),
  );
}
