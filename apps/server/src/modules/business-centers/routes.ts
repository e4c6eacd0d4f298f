import { ZCreateBusinessCenterRequest } from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { createBusinessCenter, listBusinessCenters } from './service';

const tags = ['business-centers'];

export async function businessCenterRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const preHandler = requireUser(db, deps.config);

  r.get(
    '/scaler/v3/bc/list',
    { schema: { tags, summary: "The caller's business centers" }, preHandler },
    async (req) => ok(await listBusinessCenters({ db, actor: actorOf(req) })),
  );

  r.post(
    '/scaler/v3/bc',
    { schema: { tags, summary: 'Create a business center', body: ZCreateBusinessCenterRequest }, preHandler },
    async (req) => ok(await createBusinessCenter({ db, actor: actorOf(req), input: req.body })),
  );
}
