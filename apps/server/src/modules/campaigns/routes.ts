import {
  CODE_TABLE_NAMES,
  CODE_TABLES,
  type CodeTableName,
  LOG_ACTIONS,
  LOG_OBJECT,
  PERF_LEVELS,
  TARGET_OS_VERSIONS,
  type TList2Request,
  translate,
  ZAddBundlesRequest,
  ZAdGroupBundleList,
  ZAdGroupDetail,
  ZAdGroupInput,
  ZBatchAdGroupUpdate,
  ZBulkPatchRequest,
  ZBulkResult,
  ZCampaignDetail,
  ZCampaignInput,
  ZChangeLogPage,
  ZCheckLinkAnswer,
  ZCheckLinkRequest,
  ZId,
  ZIdParam,
  ZList2Answer,
  ZList2Request,
  ZPromotedAsset,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { rangeDays } from '../../http/heavy-calls';
import { type PerfDeps, requireAds } from '../account-scope/scope';
import { checkLink, promotedAsset } from './links';
import { list2 } from './list2';
import {
  addBundlesToAdGroups,
  adGroupBundleLists,
  adGroupOptions,
  batchUpdateAdGroups,
  campaignAdGroups,
  campaignOptions,
  changeHistory,
  getAdGroup,
  getAdGroups,
  getCampaign,
  patchObjects,
  saveAdGroup,
  saveCampaign,
} from './service';

countries.registerLocale(en);
countries.registerLocale(zh);

const tags = ['campaigns'];

const ZAdGroupSummary = z.object({
  adgroup_id: z.number().int(),
  name: z.string(),
  opt_status: z.union([z.literal(0), z.literal(1)]),
  status: z.number().int(),
});
const ZOption = z.object({ id: z.number().int(), name: z.string() });
const ZCountry = z.object({ code: z.string(), name: z.string() });
const ZLogTypes = z.object({
  objects: z.array(z.object({ value: z.number().int(), label: z.string() })),
  actions: z.array(z.object({ value: z.string(), label: z.string() })),
});

/** Campaigns and ad groups, the bulk switch/delete of the three levels, the change history and utils. */
export async function campaignRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req): PerfDeps => ({
    db,
    actor: actorOf(req),
    orgId: req.ctx.orgId,
    advId: req.ctx.advId,
    locale: req.ctx.language,
    timezone: req.ctx.timezone,
    reportType: req.ctx.reportType,
    mark: req.ctx.mark,
  });

  for (const level of PERF_LEVELS) {
    r.post(
      `/scaler/v3/${level}/list2`,
      {
        schema: {
          tags,
          summary: `A page of the account's ${level === 'adgroup' ? 'ad groups' : `${level}s`} with status and metrics`,
          description:
            'Dates are days of the `timezone` header; conversion columns count by request or event time (`report-type`). ' +
            'Filtered, sorted, paged and totalled in one SQL statement; cost with markup in the Advertiser view.',
          body: ZList2Request,
          response: replies(ZList2Answer),
        },
        // Sums over any range are two lookups each (running totals); event columns and long ranges are heavy.
        config: { heavy: (req) => rangeDays(req.body) > 31 || (req.body as TList2Request).events.length > 0 },
      },
      async (req) => ok(await list2({ ...ctx(req), level, req: req.body })),
    );
  }

  r.get(
    '/scaler/v3/campaign',
    {
      schema: {
        tags,
        summary: 'One campaign of the account',
        querystring: z.object({ campaign_id: ZIdParam }),
        response: replies(ZCampaignDetail),
      },
    },
    async (req) => ok(await getCampaign({ ...ctx(req), campaignId: req.query.campaign_id })),
  );

  r.put(
    '/scaler/v3/campaign',
    {
      schema: {
        tags,
        summary: 'Create (no campaign_id) or edit a campaign',
        body: ZCampaignInput,
        response: replies(ZCampaignDetail),
      },
    },
    async (req) => ok(await saveCampaign({ ...ctx(req), input: req.body })),
  );

  r.get(
    '/scaler/v3/adgroup/info',
    {
      schema: {
        tags,
        summary: 'One ad group of the account',
        querystring: z.object({ adgroup_id: ZIdParam }),
        response: replies(ZAdGroupDetail),
      },
    },
    async (req) => ok(await getAdGroup({ ...ctx(req), adgroupId: req.query.adgroup_id })),
  );

  r.put(
    '/scaler/v3/adgroup',
    {
      schema: {
        tags,
        summary: 'Create (no adgroup_id) or edit an ad group',
        body: ZAdGroupInput,
        response: replies(ZAdGroupDetail),
      },
    },
    async (req) => ok(await saveAdGroup({ ...ctx(req), input: req.body })),
  );

  r.get(
    '/scaler/v3/adgroup/app/info',
    {
      schema: {
        tags,
        summary: "The campaign's app or pixel with its events (what its ad groups can optimise for)",
        querystring: z.object({ campaign_id: ZIdParam }),
        response: replies(ZPromotedAsset),
      },
    },
    async (req) => ok(await promotedAsset({ ...ctx(req), campaignId: req.query.campaign_id })),
  );

  r.post(
    '/scaler/v3/check/link',
    {
      schema: {
        tags,
        summary: 'Checks a download link (for one of the account apps when app_id is given)',
        body: ZCheckLinkRequest,
        response: replies(ZCheckLinkAnswer),
      },
    },
    async (req) => ok(await checkLink({ ...ctx(req), url: req.body.url, appId: req.body.app_id })),
  );

  r.post(
    '/scaler/v3/adgroups/infos',
    {
      schema: {
        tags,
        summary: 'Several ad groups of the account',
        body: z.object({ adgroup_ids: z.array(ZId).max(500) }),
        response: replies(z.array(ZAdGroupDetail)),
      },
    },
    async (req) => ok(await getAdGroups({ ...ctx(req), adgroupIds: req.body.adgroup_ids })),
  );

  r.get(
    '/scaler/v3/campaign/adgroups',
    {
      schema: {
        tags,
        summary: 'The ad groups of a campaign',
        querystring: z.object({ campaign_id: ZIdParam }),
        response: replies(z.array(ZAdGroupSummary)),
      },
    },
    async (req) => ok(await campaignAdGroups({ ...ctx(req), campaignId: req.query.campaign_id })),
  );

  r.post(
    '/scaler/v3/adgroups/batch/update',
    {
      schema: {
        tags,
        summary: 'Change bids (and then budgets) of several ad groups',
        body: ZBatchAdGroupUpdate,
        response: replies(ZBulkResult),
      },
    },
    async (req) => ok(await batchUpdateAdGroups({ ...ctx(req), input: req.body })),
  );

  r.post(
    '/scaler/v3/adgroups/bundles',
    {
      schema: {
        tags,
        summary: 'Add publishers to the allow or block list of several ad groups (the bundle report)',
        body: ZAddBundlesRequest,
        response: replies(z.object({ updated: z.number().int(), added: z.number().int() })),
      },
    },
    async (req) => ok(await addBundlesToAdGroups({ ...ctx(req), input: req.body })),
  );

  r.patch(
    '/scaler/v3/:level',
    {
      schema: {
        tags,
        summary: 'Switch on/off or delete several campaigns, ad groups or creatives',
        params: z.object({ level: z.enum(PERF_LEVELS) }),
        body: ZBulkPatchRequest,
        response: replies(ZBulkResult),
      },
    },
    async (req) => ok(await patchObjects({ ...ctx(req), level: req.params.level, input: req.body })),
  );

  r.get(
    '/scaler/v3/log/list',
    {
      schema: {
        tags,
        summary: 'Change history of a campaign, ad group or creative',
        querystring: z.object({
          object_type: z.coerce.number().int().min(1).max(3),
          object_id: ZIdParam,
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: replies(ZChangeLogPage),
      },
    },
    async (req) =>
      ok(
        await changeHistory({
          ...ctx(req),
          objectType: req.query.object_type as 1 | 2 | 3,
          objectId: req.query.object_id,
          page: req.query.page,
          pageSize: req.query.page_size,
        }),
      ),
  );

  // Utils (spec 7): pickers of the campaign forms and filters.

  r.get(
    '/scaler/v3/utils/campaign_list',
    {
      schema: {
        tags,
        summary: 'Campaigns of the account (id and name, at most 1,000)',
        response: replies(z.array(ZOption)),
      },
    },
    async (req) => ok(await campaignOptions(ctx(req))),
  );

  r.get(
    '/scaler/v3/adgroups/bundle_lists',
    {
      schema: {
        tags,
        summary: "Each live ad group's own allow or block list of publishers (kind and size), at most 1,000",
        response: replies(z.array(ZAdGroupBundleList)),
      },
    },
    async (req) => ok(await adGroupBundleLists(ctx(req))),
  );

  r.get(
    '/scaler/v3/utils/adgroup_list',
    {
      schema: {
        tags,
        summary:
          'Ad groups of the account or of one campaign (id and name, at most 1,000); another campaign: 404',
        querystring: z.object({ campaign_id: z.optional(ZIdParam) }),
        response: replies(z.array(ZOption)),
      },
    },
    async (req) => ok(await adGroupOptions({ ...ctx(req), campaignId: req.query.campaign_id })),
  );

  r.get(
    '/scaler/v3/utils/country',
    {
      schema: {
        tags,
        summary: 'Countries (ISO 3166-1 alpha-2) named in the request language',
        response: replies(z.array(ZCountry)),
      },
    },
    async (req) => {
      const lang = req.ctx.language === 'zh-CN' ? 'zh' : 'en';
      const names = countries.getNames(lang, { select: 'official' });
      const list = Object.keys(countries.getAlpha2Codes())
        .map((code) => ({ code, name: names[code] ?? code }))
        .sort((a, b) => a.name.localeCompare(b.name, req.ctx.language));
      return ok(list);
    },
  );

  r.get(
    '/scaler/v3/utils/target_os_version',
    {
      schema: {
        tags,
        summary: 'OS versions an ad group can target (lowest version)',
        querystring: z.object({ os: z.coerce.number().int().min(1).max(2) }),
        response: replies(z.array(z.string())),
      },
    },
    async (req) => ok([...TARGET_OS_VERSIONS[req.query.os as 1 | 2]]),
  );

  r.get(
    '/scaler/v3/utils/log_type',
    {
      schema: {
        tags,
        summary: 'Object types and actions of the change history',
        response: replies(ZLogTypes),
      },
    },
    async (req) => {
      const lang = req.ctx.language;
      return ok({
        objects: Object.entries(LOG_OBJECT).map(([key, value]) => ({
          value,
          label: translate(lang, `perf.object.${key}`),
        })),
        actions: LOG_ACTIONS.map((a) => ({
          value: a,
          label: translate(lang, `perf.action.${a}`),
        })),
      });
    },
  );

  r.get(
    '/scaler/v3/utils/:name',
    {
      schema: {
        tags,
        summary:
          'A code table (campaign types, goals, bidding, billing, creative types, statuses, ...) in the request language',
        description: `Tables: ${CODE_TABLE_NAMES.join(', ')}. Any other name: 404.`,
        params: z.object({ name: z.string().max(64) }),
        response: replies(z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() }))),
      },
    },
    async (req) => {
      await requireAds(ctx(req), 'ads.view');
      const name = req.params.name as CodeTableName;
      if (!Object.hasOwn(CODE_TABLES, name)) throw new AppError('NOT_FOUND');
      return ok(
        CODE_TABLES[name].map((row) => ({ value: row.value, label: translate(req.ctx.language, row.key) })),
      );
    },
  );
}
