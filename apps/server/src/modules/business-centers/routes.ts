import {
  ZActivityPage,
  ZActivityQuery,
  ZBusinessCenterInfo,
  ZCommissionRequest,
  ZCreateBusinessCenterRequest,
  ZOrgSummary,
  ZOverview,
  ZSubmitVerificationRequest,
  ZUpdateBusinessInfoRequest,
  ZVerification,
  ZVerificationPage,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { createBusinessCenter, listBusinessCenters } from './service';
import {
  getActivity,
  getBusinessInfo,
  getOverview,
  getVerification,
  submitVerification,
  updateBusinessInfo,
  updateCommission,
} from './settings';

const tags = ['business-centers'];

export async function businessCenterRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/scaler/v3/bc/list',
    {
      schema: { tags, summary: "The caller's business centers", response: replies(z.array(ZOrgSummary)) },
    },
    async (req) => ok(await listBusinessCenters({ db, actor: actorOf(req) })),
  );

  r.post(
    '/scaler/v3/bc',
    {
      schema: {
        tags,
        summary: 'Create a business center',
        body: ZCreateBusinessCenterRequest,
        response: replies(ZOrgSummary),
      },
    },
    async (req) => ok(await createBusinessCenter({ db, actor: actorOf(req), input: req.body })),
  );

  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req) => ({ db, actor: actorOf(req), orgId: req.ctx.orgId });

  r.get(
    '/scaler/v3/bc/info',
    {
      schema: { tags, summary: 'Business info and settings', response: replies(ZBusinessCenterInfo) },
    },
    async (req) => ok(await getBusinessInfo(ctx(req))),
  );
  r.put(
    '/scaler/v3/bc/info',
    {
      schema: {
        tags,
        summary: 'Edit business info',
        body: ZUpdateBusinessInfoRequest,
        response: replies(ZBusinessCenterInfo),
      },
    },
    async (req) => ok(await updateBusinessInfo({ ...ctx(req), input: req.body })),
  );
  r.put(
    '/scaler/v3/bc/commission',
    {
      schema: {
        tags,
        summary: 'Commission settings',
        body: ZCommissionRequest,
        response: replies(ZBusinessCenterInfo),
      },
    },
    async (req) => ok(await updateCommission({ ...ctx(req), input: req.body })),
  );
  r.get(
    '/scaler/v3/bc/overview',
    { schema: { tags, summary: 'The center at a glance', response: replies(ZOverview) } },
    async (req) => ok(await getOverview(ctx(req))),
  );
  r.get(
    '/scaler/v3/bc/activity',
    {
      schema: {
        tags,
        summary: 'Activity log: who did what to which object, when, before and after',
        querystring: ZActivityQuery,
        response: replies(ZActivityPage),
      },
    },
    async (req) =>
      ok(
        await getActivity({
          ...ctx(req),
          objectType: req.query.object_type,
          page: req.query.page,
          pageSize: req.query.page_size,
        }),
      ),
  );
  r.get(
    '/scaler/v3/bc/verification',
    {
      schema: { tags, summary: 'Verification status and history', response: replies(ZVerificationPage) },
    },
    async (req) => ok(await getVerification(ctx(req))),
  );
  r.post(
    '/scaler/v3/bc/verification',
    {
      schema: {
        tags,
        summary: 'Submit the center for verification',
        body: ZSubmitVerificationRequest,
        response: replies(ZVerification),
      },
    },
    async (req) =>
      ok(
        await submitVerification({ ...ctx(req), licenseFiles: req.body.license_files, note: req.body.note }),
      ),
  );
}
