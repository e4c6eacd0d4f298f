import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public endpoint other websites and servers call: the tracking endpoints, loaded and called by
     * advertisers' own sites. Writes from any origin are accepted and its answers may be embedded
     * anywhere (`Cross-Origin-Resource-Policy: cross-origin`).
     */
    crossOrigin?: boolean;
  }
}

/** The route `config` of the public tracking endpoints: no session, called from any website. */
export const CROSS_ORIGIN_ROUTE = { auth: 'public', crossOrigin: true } as const;

/** Whether the route the request matched is a public cross-origin endpoint (never the raw URL). */
const isCrossOrigin = (request: FastifyRequest) => request.routeOptions.config?.crossOrigin === true;

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

/**
 * Security headers on every answer (@fastify/helmet): CSP, `X-Frame-Options: DENY`, `nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin` (a same-origin POST keeps its `Origin`, which the
 * origin check below reads), cross-origin isolation of the console's resources, and HSTS only behind TLS
 * (`COOKIE_SECURE` on, or the request came over https), `Cache-Control: no-store` on answers that carry
 * data. The public tracking endpoints stay loadable from any site (`Cross-Origin-Resource-Policy:
 * cross-origin`). Registered before anything that can refuse a request, so refusals carry the headers too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.cookieSecure) },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (config.cookieSecure || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isCrossOrigin(request)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  // Answers that carry data are never stored by a browser or a proxy: every JSON answer (the API's
  // envelopes, refusals included, the OpenAPI document) and anything answered to a session. A signed-in
  // answer kept in a shared cache, the disk cache or the back/forward cache would show one user's data
  // to whoever uses that browser or proxy next. Answers that set their own policy keep it: the console's
  // hashed files (a year, immutable), its page (`no-cache`), `/static/` and the docs, the pixel script,
  // downloads (`private, no-store`).
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('json') || request.actor) reply.header('cache-control', 'no-store');
  });
}

/**
 * The headers helmet sets with these options, worked out once: none depends on the request (no CSP
 * nonces). Running helmet's middleware on every request cost 8 % of the server's time under the ingestion
 * benchmark (`npm run bench`), more than anything else in a tracking request but the database.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
}

/** Methods a browser sends across sites without asking first; every other one may change state. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** The origin the request was addressed to (its Host, and the scheme it came over). */
const ownOrigin = (request: FastifyRequest) => originOf(`${request.protocol}://${request.host}`);

/**
 * Cross-site request forgery: any call but GET/HEAD/OPTIONS, whatever its path (a route, an unknown
 * path, a percent-encoded or odd spelling of one), whose `Origin` header is present and is not the
 * console's own (PUBLIC_URL's origin, the origin the request was addressed to, or one listed in
 * ALLOWED_ORIGINS) is refused with 403 before anything else looks at it. The only exception is decided
 * on the route the router matched, never on the raw URL: routes marked `config: { crossOrigin: true }`
 * (the public tracking endpoints). Calls without `Origin` (the CLI, scripts, server-to-server) pass;
 * browsers always send it on such calls.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config) {
  const allowed = new Set([originOf(config.publicUrl), ...config.allowedOrigins].filter(Boolean));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || isCrossOrigin(request)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (allowed.has(origin) || origin === ownOrigin(request)) return;
    throw new AppError('ORIGIN_REFUSED', { params: { origin } });
  });
}
