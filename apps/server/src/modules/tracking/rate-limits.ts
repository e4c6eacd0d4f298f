import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit, TrackingRateLimits } from '../../config';
import { AppError } from '../../http/errors';
import { hashApiToken } from '../assets/tokens';
import type { AssetDirectory } from './directory';
import { bearerToken } from './web-events';

/**
 * How many keys (addresses, tokens) each endpoint's counters remember (each route has its own): beyond,
 * the least recently seen are dropped.
 */
const KEYS_KEPT = 100_000;

/** The address a request came from, as the trusted-proxy setting resolves it (IPv6: its /64). */
const addressOf = (req: FastifyRequest) => `ip:${normalizeIP(req.ip)}`;

/** Per-route options of `@fastify/rate-limit`, or false when the limit is off. */
export type RouteLimit = RateLimitOptions | false;

/**
 * Registers `@fastify/rate-limit` in the tracking endpoints' scope only (no other route is limited by it)
 * and answers the per-route options of each kind of endpoint:
 *  - `browser` (pixel script and collection, clicks, impressions): per client address;
 *  - `eventsApi`: per API source (its token), with a higher limit;
 *  - `postback`: per app (its postback URL's token).
 * A request whose token is unknown counts against its address's browser limit, so made-up tokens do not
 * each get a fresh allowance. Over the limit: 429 with `Retry-After` and `data.reason` `rate_limited`.
 */
export async function trackingRateLimits(
  scope: FastifyInstance,
  limits: TrackingRateLimits,
  directory: AssetDirectory,
): Promise<{ browser: RouteLimit; eventsApi: RouteLimit; postback: RouteLimit }> {
  await scope.register(fastifyRateLimit, {
    global: false,
    cache: KEYS_KEPT,
    errorResponseBuilder: (_req, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('TRACKING_RATE_LIMITED', {
        params: { seconds },
        data: { reason: 'rate_limited', retry_after: seconds },
      });
    },
  });

  const browser = limits.browser;
  /** A token's own limit when the token is known, else the address's browser limit. */
  const keyed = (
    own: RateLimit | null,
    keyOf: (req: FastifyRequest) => Promise<string | null>,
  ): RouteLimit => {
    if (!own && !browser) return false;
    const limitOf = (key: string) => (key.startsWith('ip:') ? browser : own);
    return {
      cache: KEYS_KEPT,
      keyGenerator: async (req) => (own ? await keyOf(req) : null) ?? addressOf(req),
      max: (_req, key) => limitOf(key)?.max ?? Number.MAX_SAFE_INTEGER,
      timeWindow: (_req, key) => limitOf(key)?.windowMs ?? 1000,
    };
  };

  return {
    browser: browser
      ? { cache: KEYS_KEPT, max: browser.max, timeWindow: browser.windowMs, keyGenerator: addressOf }
      : false,
    eventsApi: keyed(limits.eventsApi, async (req) => {
      const token = bearerToken(req.headers);
      const source = token ? await directory.apiSource(hashApiToken(token)) : null;
      return source ? `source:${source.id}` : null;
    }),
    postback: keyed(limits.postback, async (req) => {
      const token = (req.params as { token?: unknown }).token;
      const app =
        typeof token === 'string' && /^[0-9a-f]{16,64}$/.test(token)
          ? await directory.appByToken(token)
          : null;
      return app ? `app:${app.id}` : null;
    }),
  };
}
