import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { sendError } from './error-handler';
import { AppError } from './errors';

/** Where Vite puts the console's hashed files (`build.assetsDir` in apps/web/vite.config.ts). */
export const CONSOLE_ASSETS_PREFIX = '/_app/';

/** Paths that belong to the server; anything else is a console route (history fallback). */
const SERVER_PREFIXES = [
  '/scaler/',
  '/scaler',
  '/static/',
  '/docs/',
  '/healthz',
  '/t/',
  CONSOLE_ASSETS_PREFIX,
];

/** A path whose last segment has a file extension (`/assets/nope.js`) asks for a file, never a page. */
const FILE_PATH = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/** The page itself is checked on every visit; the files it names change name when they change. */
const NO_CACHE = 'no-cache';

/**
 * Serves the built console at `/` with history fallback, the user docs at `/docs/{en,zh}/`, default
 * and uploaded files at the static host path `/static/`, and JSON 404s for unknown API paths.
 *
 * The console's hashed files (`/_app/...`) are sent precompressed (brotli or gzip, whichever the
 * browser accepts, written at build time) and cached for a year as immutable; `index.html` is
 * revalidated on every visit (`no-cache`). A missing file answers 404, never the console's page.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  mkdirSync(path.join(config.dataDir, 'public'), { recursive: true });
  await app.register(fastifyStatic, {
    root: [config.staticDir, path.join(config.dataDir, 'public')],
    prefix: '/static/',
    decorateReply: false,
    index: false,
  });
  await app.register(fastifyStatic, { root: config.docsDir, prefix: '/docs/', decorateReply: false });
  app.get('/docs', (_req, reply) => reply.redirect('/docs/en/'));

  const hasConsole = existsSync(path.join(config.webDist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: path.join(config.webDist, CONSOLE_ASSETS_PREFIX),
      prefix: CONSOLE_ASSETS_PREFIX,
      index: false,
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
      // One route per built file, listed once at start (the files are hashed and never change while the
      // server runs). The wildcard route instead lists the whole directory on every request to check
      // the path's spelling: with ~900 files that cost ~3 ms of the one thread per file, and a cold load of
      // a page fetches 60–130 of them.
      wildcard: false,
      // Not logged per request: a page's load is dozens of them, and each log line is a synchronous write.
      logLevel: 'warn',
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (isServerPath || FILE_PATH.test(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, new AppError('NOT_FOUND'));
    }
    if (!hasConsole) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The console is not built. Run `npm run build` (or `npm start`) first.');
    }
    // Console route: index.html, whose own router shows the not-found page for unknown paths.
    return reply
      .header('cache-control', NO_CACHE)
      .sendFile('index.html', config.webDist, { cacheControl: false });
  });
}
