import { ZCommissionHistory, ZIdParam, ZMarkupHistory, ZMoneyHistoryQuery } from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { commissionHistory, markupHistory } from './history';

/** The history of the money settings, beside the calls that change them (decisions 7). */
export async function moneyViewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req) => ({ db, actor: actorOf(req), orgId: req.ctx.orgId });

  r.get(
    '/scaler/v3/advs/:adv_id/markup/history',
    {
      schema: {
        tags: ['advertisers'],
        summary: "Changes of an account's markup, newest first, with the day each applies from",
        params: z.object({ adv_id: ZIdParam }),
        querystring: ZMoneyHistoryQuery,
        response: replies(ZMarkupHistory),
      },
    },
    async (req) => ok(await markupHistory({ ...ctx(req), advId: req.params.adv_id, query: req.query })),
  );
  r.get(
    '/scaler/v3/bc/commission/history',
    {
      schema: {
        tags: ['business-centers'],
        summary: "Changes of the center's commission, newest first",
        querystring: ZMoneyHistoryQuery,
        response: replies(ZCommissionHistory),
      },
    },
    async (req) => ok(await commissionHistory({ ...ctx(req), query: req.query })),
  );
}
