import {
  ADV_STATUSES,
  type AdvStatus,
  VERIFICATION_STATUSES,
  ZAccountReview,
  ZAdvReviewRequest,
  ZCenterReview,
  ZCenterReviewRequest,
  ZIdParam,
  ZNull,
  ZReviewLogEntry,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { listAccountReviews, listCenterReviews, listReviewLog, reviewAccount, reviewCenter } from './service';

const tags = ['operator'];

export async function reviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/scaler/sa/centers',
    {
      schema: {
        tags,
        summary: 'Center verification queue',
        querystring: z.object({ status: z.enum(VERIFICATION_STATUSES).default('pending') }),
        response: replies(z.array(ZCenterReview)),
      },
    },
    async (req) => ok(await listCenterReviews({ db, actor: actorOf(req), status: req.query.status })),
  );

  r.post(
    '/scaler/sa/centers/:org_id/review',
    {
      schema: {
        tags,
        summary: 'Approve or reject a center verification',
        params: z.object({ org_id: ZIdParam }),
        body: ZCenterReviewRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await reviewCenter({ db, actor: actorOf(req), orgId: req.params.org_id, ...req.body });
      return ok(null);
    },
  );

  r.get(
    '/scaler/sa/advs',
    {
      schema: {
        tags,
        summary: 'Advertiser account queue',
        querystring: z.object({
          status: z.coerce
            .number()
            .int()
            .refine((s) => (ADV_STATUSES as readonly number[]).includes(s))
            .default(0),
        }),
        response: replies(z.array(ZAccountReview)),
      },
    },
    async (req) =>
      ok(await listAccountReviews({ db, actor: actorOf(req), status: req.query.status as AdvStatus })),
  );

  r.post(
    '/scaler/sa/advs/:adv_id/status',
    {
      schema: {
        tags,
        summary: 'Approve (1), reject (2), stop (3) or disable (4) an account',
        params: z.object({ adv_id: ZIdParam }),
        body: ZAdvReviewRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await reviewAccount({
        db,
        actor: actorOf(req),
        advId: req.params.adv_id,
        status: req.body.status,
        reason: req.body.reason,
      });
      return ok(null);
    },
  );

  r.get(
    '/scaler/sa/log',
    {
      schema: {
        tags,
        summary: 'Operator decisions',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: replies(z.array(ZReviewLogEntry)),
      },
    },
    async (req) =>
      ok(
        await listReviewLog({ db, actor: actorOf(req), page: req.query.page, pageSize: req.query.page_size }),
      ),
  );
}
