import {
  AUDIENCE_UPLOAD_MAX_CHARS,
  ZAdGroupAudienceStatus,
  ZAudience,
  ZAudienceIdRequest,
  ZAudienceInput,
  ZAudienceList,
  ZAudienceListQuery,
  ZAudienceSaved,
  ZCheckAudienceAnswer,
  ZCheckAudienceRequest,
  ZIdParam,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AudienceBuilder } from './build';
import {
  type AudienceDeps,
  adGroupAudiences,
  checkAudience,
  deleteAudience,
  listAudiences,
  refreshAudience,
  saveAudience,
} from './service';

const tags = ['audiences'];

/** Audiences of the account and the ad group form's audience calls (spec 7). */
export async function audienceRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const builder = new AudienceBuilder(db, app.log);
  // Builds asked for before the server stops finish before the database closes.
  app.addHook('onClose', async () => builder.idle());
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req): AudienceDeps => ({
    db,
    actor: actorOf(req),
    orgId: req.ctx.orgId,
    advId: req.ctx.advId,
    locale: req.ctx.language,
    timezone: req.ctx.timezone,
    reportType: req.ctx.reportType,
    mark: req.ctx.mark,
    builder,
  });

  r.get(
    '/scaler/v3/audiences',
    {
      schema: {
        tags,
        summary: "A page of the account's audiences with status and size, newest first",
        description: 'Events audiences built more than a day ago are built again (status 1 meanwhile).',
        querystring: ZAudienceListQuery,
        response: replies(ZAudienceList),
      },
    },
    async (req) => ok(await listAudiences({ ...ctx(req), query: req.query })),
  );

  r.put(
    '/scaler/v3/audience',
    {
      schema: {
        tags,
        summary: 'Create (no audience_id) or edit an audience from events or from uploaded device ids',
        description:
          'An events audience answers with status 1 and is built after the answer; uploaded IDFA/GAID are ' +
          'stored only as SHA-256 hashes of the upper-cased id.',
        body: ZAudienceInput,
        response: replies(ZAudienceSaved),
      },
      // A list of up to 200,000 device ids: the account is checked before the body is read.
      bodyLimit: AUDIENCE_UPLOAD_MAX_CHARS + 64 * 1024,
      config: { account: 'ads.edit' },
    },
    async (req) => ok(await saveAudience({ ...ctx(req), input: req.body })),
  );

  r.delete(
    '/scaler/v3/audience',
    {
      schema: {
        tags,
        summary: 'Delete an audience (409 while an ad group that is not deleted uses it)',
        body: ZAudienceIdRequest,
        response: replies(z.null()),
      },
    },
    async (req) => ok(await deleteAudience({ ...ctx(req), audienceId: req.body.audience_id })),
  );

  r.post(
    '/scaler/v3/audience/refresh',
    {
      schema: {
        tags,
        summary: 'Build an events audience again now',
        body: ZAudienceIdRequest,
        response: replies(ZAudience),
      },
    },
    async (req) => ok(await refreshAudience({ ...ctx(req), audienceId: req.body.audience_id })),
  );

  r.post(
    '/scaler/v3/adgroup/check/audience',
    {
      schema: {
        tags,
        summary: 'Estimated reach of included audiences minus excluded ones',
        body: ZCheckAudienceRequest,
        response: replies(ZCheckAudienceAnswer),
      },
    },
    async (req) => ok(await checkAudience({ ...ctx(req), input: req.body })),
  );

  r.get(
    '/scaler/v3/adgroup/audience/status',
    {
      schema: {
        tags,
        summary: "Status and size of an ad group's audiences, and of its audience targeting",
        querystring: z.object({ adgroup_id: ZIdParam }),
        response: replies(ZAdGroupAudienceStatus),
      },
    },
    async (req) => ok(await adGroupAudiences({ ...ctx(req), adgroupId: req.query.adgroup_id })),
  );
}
