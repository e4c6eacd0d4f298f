import {
  REPORT_TEMPLATE_PAGES,
  ZApplyBundleListRequest,
  ZBundleListDetail,
  ZBundleListInput,
  ZBundleListPage,
  ZIdParam,
  ZNull,
  ZReportAnswer,
  ZReportEvent,
  ZReportEventsQuery,
  ZReportRequest,
  ZReportTemplate,
  ZReportTemplateInput,
  ZStatis,
  ZStatisQuery,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { HEAVY_CALL } from '../../http/heavy-calls';
import {
  applyBundleList,
  deleteBundleList,
  getBundleList,
  listBundleLists,
  saveBundleList,
} from './bundle-lists';
import { customReport } from './custom';
import { reportEvents } from './events';
import { statis } from './statis';
import { deleteTemplate, listTemplates, saveTemplate } from './templates';

const tags = ['reports'];

/** Reports of an advertiser account (issue 10), read from the statistics store. */
export async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req) => ({
    db,
    actor: actorOf(req),
    orgId: req.ctx.orgId,
    advId: req.ctx.advId,
    locale: req.ctx.language,
    timezone: req.ctx.timezone,
    reportType: req.ctx.reportType,
    mark: req.ctx.mark,
  });

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
      config: HEAVY_CALL,
    },
    async (req) => ok(await customReport({ ...ctx(req), req: req.body })),
  );

  r.get(
    '/scaler/v3/report/events',
    {
      schema: {
        tags,
        summary: "The account's custom events whose id or name contains `q`, or those of `ids` (at most 50)",
        querystring: ZReportEventsQuery,
        response: replies(z.array(ZReportEvent)),
      },
    },
    async (req) =>
      ok(
        await reportEvents({
          ...ctx(req),
          q: req.query.q,
          ids: req.query.ids
            .split(',')
            .map((s) => s.trim())
            .filter((s) => /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(s)),
        }),
      ),
  );

  r.get(
    '/scaler/v3/report/templates',
    {
      schema: {
        tags,
        summary: "The caller's report templates, newest first (of one report page when `page` is given)",
        querystring: z.object({ page: z.enum(REPORT_TEMPLATE_PAGES).optional() }),
        response: replies(z.array(ZReportTemplate)),
      },
    },
    async (req) => ok(await listTemplates(db, actorOf(req).userId, req.query.page)),
  );

  r.post(
    '/scaler/v3/report/templates',
    {
      schema: {
        tags,
        summary: 'Save a report template (at most 50 per user)',
        body: ZReportTemplateInput,
        response: replies(ZReportTemplate),
      },
    },
    async (req) => ok(await saveTemplate(db, actorOf(req).userId, req.body)),
  );

  r.delete(
    '/scaler/v3/report/templates/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's report templates",
        params: z.object({ id: ZIdParam }),
        response: replies(ZNull),
      },
    },
    async (req) => {
      await deleteTemplate(db, actorOf(req).userId, req.params.id);
      return ok(null);
    },
  );

  r.get(
    '/scaler/v3/statis',
    {
      schema: {
        tags,
        summary:
          "Where the account stands: the range's totals against the days before it, by day, top campaigns and publishers, alerts",
        querystring: ZStatisQuery,
        response: replies(ZStatis),
      },
      config: HEAVY_CALL,
    },
    async (req) => ok(await statis({ ...ctx(req), start: req.query.start_date, end: req.query.end_date })),
  );

  r.get(
    '/scaler/v3/bundle/lists',
    {
      schema: {
        tags,
        summary:
          "The account's named publisher lists, newest change first, with the ad groups they were applied to",
        querystring: z.object({
          q: z.string().max(100).default(''),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: replies(ZBundleListPage),
      },
    },
    async (req) =>
      ok(
        await listBundleLists({
          ...ctx(req),
          q: req.query.q.trim(),
          page: req.query.page,
          pageSize: req.query.page_size,
        }),
      ),
  );

  r.get(
    '/scaler/v3/bundle/list',
    {
      schema: {
        tags,
        summary: 'One publisher list with its ids',
        querystring: z.object({ list_id: ZIdParam }),
        response: replies(ZBundleListDetail),
      },
    },
    async (req) => ok(await getBundleList({ ...ctx(req), id: req.query.list_id })),
  );

  r.put(
    '/scaler/v3/bundle/list',
    {
      schema: {
        tags,
        summary: 'Create (no list_id) or edit a publisher list',
        body: ZBundleListInput,
        response: replies(ZBundleListDetail),
      },
    },
    async (req) => ok(await saveBundleList({ ...ctx(req), input: req.body })),
  );

  r.delete(
    '/scaler/v3/bundle/list',
    {
      schema: {
        tags,
        summary: 'Delete a publisher list (the ad groups keep the ids they were given)',
        body: z.object({ list_id: ZIdParam }),
        response: replies(ZNull),
      },
    },
    async (req) => {
      await deleteBundleList({ ...ctx(req), id: req.body.list_id });
      return ok(null);
    },
  );

  r.post(
    '/scaler/v3/bundle/list/apply',
    {
      schema: {
        tags,
        summary: "Add a list's publishers to the allow or block list of ad groups",
        body: ZApplyBundleListRequest,
        response: replies(z.object({ updated: z.number().int(), added: z.number().int() })),
      },
    },
    async (req) => ok(await applyBundleList({ ...ctx(req), input: req.body })),
  );
}
