import { ZAddPartnerRequest, ZIdParam, ZShareAccountsRequest } from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { addPartner, listPartners, removePartner, shareAccounts } from './service';

const tags = ['partners'];
const ZPartnerParams = z.object({ partner_org_id: ZIdParam });

export async function partnerRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const preHandler = requireUser(db, deps.config);

  r.get(
    '/scaler/v3/bc/partners',
    { schema: { tags, summary: 'Partners and shared accounts' }, preHandler },
    async (req) => ok(await listPartners({ db, actor: actorOf(req), orgId: req.ctx.orgId })),
  );

  r.post(
    '/scaler/v3/bc/partners',
    { schema: { tags, summary: 'Add a partner center by its id', body: ZAddPartnerRequest }, preHandler },
    async (req) =>
      ok(
        await addPartner({
          db,
          actor: actorOf(req),
          orgId: req.ctx.orgId,
          partnerOrgId: req.body.partner_org_id,
        }),
      ),
  );

  r.put(
    '/scaler/v3/bc/partners/:partner_org_id/shares',
    {
      schema: {
        tags,
        summary: 'Set the accounts shared with a partner',
        params: ZPartnerParams,
        body: ZShareAccountsRequest,
      },
      preHandler,
    },
    async (req) => {
      await shareAccounts({
        db,
        actor: actorOf(req),
        orgId: req.ctx.orgId,
        partnerOrgId: req.params.partner_org_id,
        advs: req.body.advs,
      });
      return ok(null);
    },
  );

  r.delete(
    '/scaler/v3/bc/partners/:partner_org_id',
    { schema: { tags, summary: 'Remove a partner', params: ZPartnerParams }, preHandler },
    async (req) => {
      await removePartner({
        db,
        actor: actorOf(req),
        orgId: req.ctx.orgId,
        partnerOrgId: req.params.partner_org_id,
      });
      return ok(null);
    },
  );
}
