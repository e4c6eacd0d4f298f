import {
  ADV_ROLES,
  ZAdvertiserDetail,
  ZAdvertiserListQuery,
  ZAdvertiserMarkupPage,
  ZAdvertiserPage,
  ZAdvertiserSaved,
  ZCreateAdvertiserRequest,
  ZIdParam,
  ZMarkupListQuery,
  ZMarkupRequest,
  ZNull,
  ZUpdateAdvertiserRequest,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { setAccountMembers } from '../members/service';
import {
  closeAdvertiser,
  createAdvertiser,
  getAdvertiser,
  listAdvertisers,
  listMarkups,
  setMarkup,
  updateAdvertiser,
} from './service';

const tags = ['advertisers'];
const ZAdvParams = z.object({ adv_id: ZIdParam });

export async function advertiserRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req) => ({ db, actor: actorOf(req), orgId: req.ctx.orgId });

  r.get(
    '/scaler/v3/advs',
    {
      schema: {
        tags,
        summary: 'Advertiser accounts of the center (own and shared), searched and paged',
        querystring: ZAdvertiserListQuery,
        response: replies(ZAdvertiserPage),
      },
    },
    async (req) => ok(await listAdvertisers({ ...ctx(req), query: req.query })),
  );

  r.post(
    '/scaler/v3/advs',
    {
      schema: {
        tags,
        summary: 'Create an advertiser account (agency centers)',
        body: ZCreateAdvertiserRequest,
        response: replies(ZAdvertiserSaved),
      },
    },
    async (req) => ok(await createAdvertiser({ ...ctx(req), input: req.body })),
  );

  r.get(
    '/scaler/v3/advs/markups',
    {
      schema: {
        tags,
        summary: 'Own accounts with their markup, searched and paged',
        querystring: ZMarkupListQuery,
        response: replies(ZAdvertiserMarkupPage),
      },
    },
    async (req) => ok(await listMarkups({ ...ctx(req), query: req.query })),
  );

  r.get(
    '/scaler/v3/advs/:adv_id',
    {
      schema: {
        tags,
        summary: 'One advertiser account',
        params: ZAdvParams,
        response: replies(ZAdvertiserDetail),
      },
    },
    async (req) => ok(await getAdvertiser({ ...ctx(req), advId: req.params.adv_id })),
  );

  r.put(
    '/scaler/v3/advs/:adv_id',
    {
      schema: {
        tags,
        summary: 'Edit an advertiser account',
        params: ZAdvParams,
        body: ZUpdateAdvertiserRequest,
        response: replies(ZAdvertiserSaved),
      },
    },
    async (req) => ok(await updateAdvertiser({ ...ctx(req), advId: req.params.adv_id, input: req.body })),
  );

  r.post(
    '/scaler/v3/advs/:adv_id/close',
    {
      schema: {
        tags,
        summary: 'Close an advertiser account for good',
        params: ZAdvParams,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await closeAdvertiser({ ...ctx(req), advId: req.params.adv_id });
      return ok(null);
    },
  );

  r.put(
    '/scaler/v3/advs/:adv_id/members',
    {
      schema: {
        tags,
        summary: 'Set which members hold an account, and with which role',
        params: ZAdvParams,
        body: z.object({
          members: z
            .array(z.object({ user_id: z.string().regex(/^[0-9a-f]{24}$/), adv_role: z.enum(ADV_ROLES) }))
            .max(500),
        }),
        response: replies(ZNull),
      },
    },
    async (req) => {
      await setAccountMembers({ ...ctx(req), advId: req.params.adv_id, members: req.body.members });
      return ok(null);
    },
  );

  r.put(
    '/scaler/v3/advs/:adv_id/markup',
    {
      schema: {
        tags,
        summary: 'Set the markup of an account',
        params: ZAdvParams,
        body: ZMarkupRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await setMarkup({ ...ctx(req), advId: req.params.adv_id, input: req.body });
      return ok(null);
    },
  );

  r.delete(
    '/scaler/v3/advs/:adv_id/markup',
    {
      schema: {
        tags,
        summary: 'Remove the markup of an account',
        params: ZAdvParams,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await setMarkup({ ...ctx(req), advId: req.params.adv_id, input: null });
      return ok(null);
    },
  );
}
