import {
  ZExchange,
  ZExchangeCreate,
  ZExchanges,
  ZExchangeUpdate,
  ZExchangeWithToken,
  ZIdParam,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { createExchange, listExchanges, replaceToken, updateExchange } from './exchanges';

/** Platform operators register the exchanges the bidder answers (`/sa/tool`, Exchanges). */
export async function exchangeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const publicUrl = deps.config.publicUrl;
  const tags = ['operator'];

  r.get(
    '/scaler/sa/exchanges',
    {
      schema: {
        tags,
        summary: 'The exchanges the bidder answers, with today’s delivery (platform operators)',
        response: replies(ZExchanges),
      },
    },
    async (req) => ok(await listExchanges(db, actorOf(req), publicUrl)),
  );
  r.post(
    '/scaler/sa/exchanges',
    {
      schema: {
        tags,
        summary: 'Registers an exchange; its token is in this answer only (platform operators)',
        body: ZExchangeCreate,
        response: replies(ZExchangeWithToken),
      },
    },
    async (req) => ok(await createExchange(db, actorOf(req), publicUrl, req.body)),
  );
  r.patch(
    '/scaler/sa/exchanges/:id',
    {
      schema: {
        tags,
        summary: 'Renames, re-prices or switches an exchange on or off (platform operators)',
        params: z.object({ id: ZIdParam }),
        body: ZExchangeUpdate,
        response: replies(ZExchange),
      },
    },
    async (req) => ok(await updateExchange(db, actorOf(req), publicUrl, req.params.id, req.body)),
  );
  r.post(
    '/scaler/sa/exchanges/:id/token',
    {
      schema: {
        tags,
        summary: 'Replaces an exchange’s token; the old one stops working (platform operators)',
        params: z.object({ id: ZIdParam }),
        response: replies(ZExchangeWithToken),
      },
    },
    async (req) => ok(await replaceToken(db, actorOf(req), publicUrl, req.params.id)),
  );
}
