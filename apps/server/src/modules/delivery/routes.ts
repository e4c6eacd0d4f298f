import { RTB_PATHS } from '@scaler/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WriterBusy } from '../tracking/writer';
import type { Bidder } from './bidder';
import type { NoticeKind } from './notices';

/** Most a bid request may weigh; more is malformed (400), not a reason to read on. */
export const MAX_BID_REQUEST_BYTES = 64 * 1024;

/**
 * The bidder's public endpoints (OpenRTB on the wire, no envelope, no session): `POST /rtb/bid/{id}`
 * with the exchange's token, and the win, billing and loss notices. Registered in a scope of their own,
 * whose error handler answers anything the framework refuses (a body too large, not JSON) with 400, so
 * no input ever gets a 5xx.
 */
export async function bidderRoutes(app: FastifyInstance, bidder: Bidder) {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: { statusCode?: number; message?: string }, _req, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
      if (status === 500) scope.log.error({ err: error }, 'bidder route failed');
      return reply
        .status(status)
        .send({ error: status === 400 ? (error.message ?? 'bad request') : 'internal' });
    });

    const tokenOf = (req: FastifyRequest) => {
      const auth = req.headers.authorization;
      if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
      const header = req.headers['x-openrtb-token'];
      if (typeof header === 'string') return header;
      const query = (req.query as Record<string, unknown>)?.token;
      return typeof query === 'string' ? query : undefined;
    };

    scope.post<{ Params: { id: string } }>(
      `${RTB_PATHS.bid}/:id`,
      // Not compressed: a bid answer is small and an exchange waits for it (gzip cost 10 % of the CPU).
      {
        bodyLimit: MAX_BID_REQUEST_BYTES,
        schema: { hide: true },
        config: { auth: 'public' },
        compress: false,
      },
      async (req, reply) => {
        const receivedAt = Date.now() - reply.elapsedTime;
        reply.header('x-openrtb-version', '2.6');
        const id = Number(req.params.id);
        const exchange = Number.isInteger(id) ? bidder.exchangeOf(id, tokenOf(req)) : null;
        if (!exchange) return reply.status(404).send({ error: 'unknown exchange' });
        if ('status' in exchange)
          return reply.status(exchange.status).send({ error: 'message' in exchange ? exchange.message : '' });
        const outcome = bidder.bid(exchange, req.body, receivedAt);
        if (outcome.status === 200) return reply.status(200).send(outcome.body);
        if (outcome.status === 204)
          return reply.status(204).header('x-openrtb-nbr', String(outcome.nbr)).send();
        return reply.status(outcome.status).send({ error: outcome.message });
      },
    );

    const notice = (kind: NoticeKind) => async (req: FastifyRequest, reply: FastifyReply) => {
      let outcome: Awaited<ReturnType<Bidder['notice']>>;
      try {
        outcome = await bidder.notice(kind, (req.query ?? {}) as Record<string, unknown>, {
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? ''),
        });
      } catch (error) {
        // The writer is full: the exchange retries the notice, which is then stored once.
        if (error instanceof WriterBusy)
          return reply.status(503).header('retry-after', '1').send({ error: 'busy' });
        throw error;
      }
      if (outcome.status === 200) return reply.status(200).header('cache-control', 'no-store').send('');
      return reply.status(outcome.status).send({ error: outcome.reason });
    };
    for (const [kind, path] of [
      ['win', RTB_PATHS.win],
      ['bill', RTB_PATHS.bill],
      ['loss', RTB_PATHS.loss],
    ] as const) {
      scope.get(path, { schema: { hide: true }, config: { auth: 'public' } }, notice(kind));
      scope.post(path, { schema: { hide: true }, config: { auth: 'public' } }, notice(kind));
    }
  });
}
