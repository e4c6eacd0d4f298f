import {
  ZAddPartnerRequest,
  ZIdParam,
  ZNull,
  ZPartnerRequest,
  ZPartnership,
  ZPartnersPage,
  ZShareAccountsRequest,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import {
  acceptPartnerRequest,
  cancelPartnerRequest,
  declinePartnerRequest,
  requestPartner,
} from './requests';
import { listPartners, removePartner, shareAccounts } from './service';

const tags = ['partners'];
const ZPartnerParams = z.object({ partner_org_id: ZIdParam });
const ZRequestParams = z.object({ id: ZIdParam });

export async function partnerRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req) => ({ db, actor: actorOf(req), orgId: req.ctx.orgId });

  r.get(
    '/scaler/v3/bc/partners',
    {
      schema: {
        tags,
        summary: 'Partners, shared accounts both ways, and pending partner requests',
        response: replies(ZPartnersPage),
      },
    },
    async (req) => ok(await listPartners(ctx(req))),
  );

  r.post(
    '/scaler/v3/bc/partners',
    {
      schema: {
        tags,
        summary: 'Ask a center (by its id) to become a partner; it takes effect when its admin accepts',
        body: ZAddPartnerRequest,
        response: replies(ZPartnerRequest),
      },
    },
    async (req) => ok(await requestPartner({ ...ctx(req), partnerOrgId: req.body.partner_org_id })),
  );

  r.post(
    '/scaler/v3/bc/partners/requests/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept a partner request made to this center',
        params: ZRequestParams,
        response: replies(ZPartnership),
      },
    },
    async (req) => ok(await acceptPartnerRequest({ ...ctx(req), requestId: req.params.id })),
  );

  r.post(
    '/scaler/v3/bc/partners/requests/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a partner request made to this center',
        params: ZRequestParams,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await declinePartnerRequest({ ...ctx(req), requestId: req.params.id });
      return ok(null);
    },
  );

  r.delete(
    '/scaler/v3/bc/partners/requests/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a partner request this center made',
        params: ZRequestParams,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await cancelPartnerRequest({ ...ctx(req), requestId: req.params.id });
      return ok(null);
    },
  );

  r.put(
    '/scaler/v3/bc/partners/:partner_org_id/shares',
    {
      schema: {
        tags,
        summary: 'Set the accounts shared with a partner',
        params: ZPartnerParams,
        body: ZShareAccountsRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await shareAccounts({ ...ctx(req), partnerOrgId: req.params.partner_org_id, advs: req.body.advs });
      return ok(null);
    },
  );

  r.delete(
    '/scaler/v3/bc/partners/:partner_org_id',
    {
      schema: { tags, summary: 'Remove a partner', params: ZPartnerParams, response: replies(ZNull) },
    },
    async (req) => {
      await removePartner({ ...ctx(req), partnerOrgId: req.params.partner_org_id });
      return ok(null);
    },
  );
}
