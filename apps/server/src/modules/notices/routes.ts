import { ZClearNoticesRequest, ZNoticeList, ZNull } from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { clearNotices, listNotices } from './service';

const tags = ['notices'];

export async function noticeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/scaler/v3/info/msg',
    {
      schema: { tags, summary: 'Unread notices, in the request language', response: replies(ZNoticeList) },
    },
    async (req) => ok(await listNotices({ db, actor: actorOf(req), language: req.ctx.language })),
  );

  r.post(
    '/scaler/v3/info/msg/clear',
    {
      schema: { tags, summary: 'Mark notices read', body: ZClearNoticesRequest, response: replies(ZNull) },
    },
    async (req) => {
      await clearNotices({ db, actor: actorOf(req), ids: req.body?.ids });
      return ok(null);
    },
  );
}
