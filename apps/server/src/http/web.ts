import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { sendError } from './error-handler';
import { AppError } from './errors';

/** Paths that belong to the server; anything else is a console route (history fallback). */
const SERVER_PREFIXES = ['/scaler/', '/scaler', '/static/', '/docs/', '/healthz', '/t/'];

/**
 * Serves the built console at `/` with history fallback, the user docs at `/docs/{en,zh}/`, default
 * and uploaded files at the static host path `/static/`, and JSON 404s for unknown API paths.
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
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (isServerPath || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, new AppError('NOT_FOUND'));
    }
    if (!hasConsole) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The console is not built. Run `npm run build` (or `npm start`) first.');
    }
    // Console route: index.html, whose own router shows the not-found page for unknown paths.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
  });
}
