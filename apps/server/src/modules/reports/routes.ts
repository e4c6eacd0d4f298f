import { ZReportAnswer, ZReportRequest } from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, requireUser } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { customReport } from './custom';

const tags = ['reports'];

/** Reports of an advertiser account (issue 10), read from the statistics store. */
export async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const preHandler = requireUser(db, deps.config);

  r.post(
    '/scaler/v3/report/custom',
    {
      schema: {
        tags,
        summary:
          'The custom report: any dimensions, filters, sort and page, with the count and the totals row',
        description:
          'Days and hours of the `timezone` header; conversions by the `report-type` header; cost with the ' +
          "Advertiser view's markup; `gmv_fee` only when the center shows commission. Ratios from the sums.",
        body: ZReportRequest,
        response: replies(ZReportAnswer),
      },
      preValidation: preHandler,
    },
    async (req) =>
      ok(
        await customReport({
          db,
          actor: actorOf(req),
          orgId: req.ctx.orgId,
          advId: req.ctx.advId,
          locale: req.ctx.language,
          timezone: req.ctx.timezone,
          reportType: req.ctx.reportType,
          mark: req.ctx.mark,
          req: req.body,
        }),
      ),
  );
}
