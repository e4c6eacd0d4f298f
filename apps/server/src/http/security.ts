import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/** The public tracking endpoints: loaded and called by advertisers' own websites and servers. */
const PUBLIC_PREFIXES = ['/px/', '/t/', '/open/'];

/** One year, as browsers' preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What the console, the user docs and the OpenAPI document need, and nothing more: scripts and styles
 * from this origin (antd writes its styles at run time, so inline styles are allowed, inline scripts are
 * not), images also as `data:`/`blob:` and from https hosts (avatars may be absolute URLs), no plugins,
 * no framing by other sites, forms only to this origin.
 */
function cspDirectives(secure: boolean) {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    // Creative videos, and the file a user picks, read in the browser before it is uploaded.
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'worker-src': ["'self'", 'blob:'],
    // Only behind TLS: on plain http it would send the page's own requests to an https that is not there.
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const isPublic = (url: string) => PUBLIC_PREFIXES.some((p) => url.startsWith(p));

/**
 * Security headers on every answer (@fastify/helmet): CSP, `X-Frame-Options: DENY`, `nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin` (a same-origin POST keeps its `Origin`, which the
 * origin check below reads), cross-origin isolation of the console's resources, and HSTS only behind TLS
 * (`COOKIE_SECURE` on, or the request came over https). The public tracking endpoints stay loadable from
 * any site (`Cross-Origin-Resource-Policy: cross-origin`). Registered before anything that can refuse a
 * request, so refusals carry the headers too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.cookieSecure) },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (config.cookieSecure || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isPublic(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** The origin the request was addressed to (its Host, and the scheme it came over). */
const ownOrigin = (request: FastifyRequest) => originOf(`${request.protocol}://${request.host}`);

/**
 * Cross-site request forgery: a state-changing call under `/scaler/` whose `Origin` header is present and
 * is not the console's own (PUBLIC_URL's origin, the origin the request was addressed to, or one listed
 * in ALLOWED_ORIGINS) is refused with 403. Calls without `Origin` (the CLI, scripts, server-to-server)
 * pass; browsers always send it on such calls.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const allowed = new Set([originOf(config.publicUrl), ...config.allowedOrigins].filter(Boolean));
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/scaler/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (allowed.has(origin) || origin === ownOrigin(request)) return;
    throw new AppError('ORIGIN_REFUSED', { params: { origin: origin.slice(0, 200) } });
  });
}
