import {
  type PerfLevel,
  ROAS_METRICS,
  STATUS_FILTERS,
  statusesForFilter,
  type TList2Answer,
  type TList2Request,
} from '@scaler/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { adGroups, campaigns, STATS_LEVEL } from '../../db/schema';
import {
  fieldError,
  type PerfAccount,
  type PerfDeps,
  requireAds,
  statusContext,
} from '../account-scope/scope';
import { utcRange } from '../clock/clock';
import type { MoneyView } from '../money-view/schedule';
import { moneyViewOf } from '../money-view/view';
import { postgresStore as store } from '../statistics/store';
import {
  adGroupStatusSql,
  campaignStatusSql,
  creativeStatusSql,
  type StatusContext,
  statusCtes,
} from './state';

/**
 * `POST /scaler/v3/{campaign,adgroup,creative}/list2`: one page of a level's objects with their
 * settings, delivery status and metrics over a range of days of the request's time zone, filtered,
 * sorted, counted and totalled in one SQL statement. Metrics come from the statistics store: the
 * range's sums per object from the running totals and the hourly facts (`statistics/queries/range-sums.ts`);
 * conversions per event from `tracking_hourly` (by request or event time, the `report-type` header);
 * ROAS from `stats_cohort`. Ratios are computed after summing. Cost is shown with markup in the
 * Advertiser view (decisions 3) and `gmv_fee` only when the center shows commission, each account-local
 * day at the version in force that day (decisions 7, `modules/money-view`).
 */

const LEVEL = {
  campaign: { table: 'campaigns', key: 'campaign_id', alias: 'c' },
  adgroup: { table: 'ad_groups', key: 'adgroup_id', alias: 'g' },
  creative: { table: 'creatives', key: 'creative_id', alias: 'cr' },
} as const;

/** What a list sorts by besides the requested events' columns (ratios after summing, nulls last). */
const SORT_FIELDS = [
  'gmv',
  'gmv_fee',
  'impression',
  'clicks',
  'actives',
  'ctr',
  'cvr',
  'advertiser_revenue1',
  'advertiser_final_revenue',
  ...ROAS_METRICS,
  'created_time',
  'updated_time',
  'status',
  'bid_price',
  'campaign_budget',
  'ad_group_budget',
];

export interface List2Context {
  status: StatusContext;
  adv: PerfAccount;
  level: PerfLevel;
  req: TList2Request;
  /** Minutes east of UTC of the report's days. */
  offset: number;
  /** `tracking_hourly.basis`: 2 request (click) time, 1 event time. */
  basis: 1 | 2;
  /** Cost and `gmv_fee` as the caller sees them, per account-local day (`moneyViewOf`). */
  money: MoneyView;
}

/**
 * ROAS n: revenue of the cohort's days 0…n-1 over its cost, for install days (UTC) in the range; of
 * the objects of `scope` (a subquery of ids) when given.
 */
function cohortCte(ctx: List2Context, scope?: SQL): SQL {
  const key = sql.raw(LEVEL[ctx.level].key);
  return sql`co as (
    select ${key} as k,
      ${sql.join(
        ROAS_METRICS.map(
          (m) => sql`sum(revenue) filter (where day_n < ${Number(m.slice(4))}) as ${sql.raw(`${m}_rev`)}`,
        ),
        sql`, `,
      )}
    from stats_cohort where adv_id = ${ctx.adv.adv_id}
      and install_day >= ${ctx.req.start_date}::date and install_day <= ${ctx.req.end_date}::date
      ${scope ? sql`and ${key} in (${scope})` : sql``}
    group by 1)`;
}

/** Conversions of the requested events: total (`_pv`) and the sum of daily unique users (`_uv`). */
function eventsCte(ctx: List2Context, from: Date, to: Date): SQL | null {
  if (ctx.req.events.length === 0) return null;
  const key = sql.raw(LEVEL[ctx.level].key);
  const basis = ctx.basis;
  const cols = ctx.req.events.map(
    (e, i) =>
      sql`sum(count) filter (where event_id = ${e}) as ${sql.raw(`e${i}_pv`)}, sum(uv) filter (where event_id = ${e}) as ${sql.raw(`e${i}_uv`)}`,
  );
  return sql`ev as (
    select ${key} as k, ${sql.join(cols, sql`, `)}
    from tracking_hourly
    where adv_id = ${ctx.adv.adv_id} and kind = 3 and basis = ${basis} and ${key} <> ''
      and hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz
    group by 1)`;
}

export async function list2(
  deps: PerfDeps & { level: PerfLevel; req: TList2Request },
): Promise<TList2Answer> {
  const { db, level, req } = deps;
  const adv = await requireAds(deps, 'ads.view');
  const sortable = new Set([
    ...SORT_FIELDS,
    ...req.events.flatMap((e) => [`${e}_pv`, `${e}_pv_cpa`, `${e}_uv`, `${e}_uv_cpa`]),
  ]);
  if (!sortable.has(req.sort_field)) throw fieldError('sort_field', 'validation.invalid');
  if (req.status.some((s) => statusesForFilter(level, s).length === 0)) {
    throw fieldError('status', 'validation.not_allowed', { values: STATUS_FILTERS[level].join(', ') });
  }
  const money = moneyViewOf(adv, deps.mark);
  const ctx: List2Context = {
    status: statusContext(adv),
    adv,
    level,
    req,
    money,
    offset: deps.timezone,
    basis: deps.reportType === 'event' ? 1 : 2,
  };
  const result = await db.execute(list2Query(ctx));
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return { ...shape(level, req, rows, money.fee !== null), parents: await parentNames(db, adv, req) };
}

/**
 * The names of the parents a list is filtered by (`campaign_ids`, `adgroup_ids`, at most 100 each), for
 * its filter chips; ids of another account are left out.
 */
async function parentNames(
  db: Executor,
  adv: PerfAccount,
  req: TList2Request,
): Promise<TList2Answer['parents']> {
  const named = async (table: typeof campaigns | typeof adGroups, wanted: number[]) =>
    wanted.length === 0
      ? []
      : db
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(and(eq(table.advId, adv.adv_id), inArray(table.id, wanted)))
          .orderBy(asc(table.id));
  return {
    campaigns: await named(campaigns, req.campaign_ids),
    adgroups: await named(adGroups, req.adgroup_ids),
  };
}

/** The sort key of a request, as SQL over the level's objects (`c`, `g`, `cr`), `m`, `co`, `ev` and the status. */
function sortKey(ctx: List2Context, status: SQL, fee: SQL): SQL {
  const { level, req } = ctx;
  const f = req.sort_field;
  const metric = (c: string) => sql.raw(`coalesce(m.${c}, 0)`);
  const keys: Record<string, SQL> = {
    gmv: metric('gmv'),
    gmv_fee: fee,
    impression: metric('impression'),
    clicks: metric('clicks'),
    actives: metric('actives'),
    advertiser_revenue1: metric('advertiser_revenue1'),
    advertiser_final_revenue: metric('advertiser_final_revenue'),
    ctr: sql`case when coalesce(m.impression, 0) > 0 then m.clicks::numeric / m.impression end`,
    cvr: sql`case when coalesce(m.clicks, 0) > 0 then m.actives::numeric / m.clicks end`,
    created_time: sql.raw(`${LEVEL[level].alias}.created_at`),
    updated_time: sql.raw(`${LEVEL[level].alias}.updated_at`),
    status,
    bid_price: level === 'campaign' ? sql`null::numeric` : sql`g.bid_price`,
    campaign_budget: sql`c.budget`,
    ad_group_budget: level === 'campaign' ? sql`null::numeric` : sql`g.budget`,
  };
  for (const r of ROAS_METRICS) {
    keys[r] = sql`case when coalesce(m.gmv, 0) > 0 then coalesce(co.${sql.raw(`${r}_rev`)}, 0) / m.gmv end`;
  }
  req.events.forEach((e, i) => {
    const pv = sql.raw(`ev.e${i}_pv`);
    const uv = sql.raw(`ev.e${i}_uv`);
    keys[`${e}_pv`] = sql`coalesce(${pv}, 0)`;
    keys[`${e}_uv`] = sql`coalesce(${uv}, 0)`;
    keys[`${e}_pv_cpa`] = sql`case when coalesce(${pv}, 0) > 0 then coalesce(m.gmv, 0) / ${pv} end`;
    keys[`${e}_uv_cpa`] = sql`case when coalesce(${uv}, 0) > 0 then coalesce(m.gmv, 0) / ${uv} end`;
  });
  return keys[f];
}

/**
 * The one statement of a list2 page (exported for `bench/list.mjs`, which times it without HTTP), in
 * three steps so that only what decides the page is computed for every object: `ids`, one narrow row
 * per object that passes the filters (ids, metric sums, the sort key, and the status when the filter
 * or the sort needs it); `tot`, the count and the totals row over them; `page`, the sorted page of
 * them. The settings, names, ratios, ROAS and (usually) the delivery status are then read for the
 * page's rows only (`statusCtes` scoped to them).
 */
export function list2Query(ctx: List2Context): SQL {
  const { adv, level, req, money } = ctx;
  const allowed = req.status.flatMap((s) => statusesForFilter(level, s));
  const range = utcRange(req.start_date, req.end_date, ctx.offset);
  const a = LEVEL[level].alias;
  const obj = sql.raw(a);
  const keyCol = sql.raw(`${a}.id`);
  const ev = eventsCte(ctx, range.from, range.to);
  const statusFirst = allowed.length > 0 || req.sort_field === 'status';
  const roasSort = (ROAS_METRICS as readonly string[]).includes(req.sort_field);

  const where: SQL[] = [sql`${obj}.adv_id = ${adv.adv_id}`];
  if (req.search !== '') {
    const like = containsPattern(req.search);
    where.push(
      /^\d+$/.test(req.search)
        ? sql`(${obj}.name ilike ${like} or ${keyCol} = ${Number(req.search) <= 2147483647 ? Number(req.search) : 0})`
        : sql`${obj}.name ilike ${like}`,
    );
  }
  const ids = (column: SQL, values: number[]) =>
    sql`${column} in (${sql.join(
      values.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  if (req.campaign_ids.length > 0) {
    where.push(ids(level === 'campaign' ? keyCol : sql`${obj}.campaign_id`, req.campaign_ids));
  }
  if (req.adgroup_ids.length > 0 && level !== 'campaign') {
    where.push(ids(level === 'adgroup' ? keyCol : sql`${obj}.adgroup_id`, req.adgroup_ids));
  }
  // Without a status filter, deleted objects (status 14: the object or a parent deleted) are left out;
  // the deleted filter (or "not delivering" and the like, which never include 14) decides otherwise.
  if (allowed.length === 0) {
    where.push(sql`${obj}.deleted_at is null`);
    if (level !== 'campaign') {
      where.push(
        sql`not exists (select 1 from campaigns dc where dc.id = ${obj}.campaign_id and dc.deleted_at is not null)`,
      );
    }
    if (level === 'creative') {
      where.push(
        sql`not exists (select 1 from ad_groups dg where dg.id = cr.adgroup_id and dg.deleted_at is not null)`,
      );
    }
  }

  // The level's objects with their parents' settings, and their delivery status (`cs`, `gs` joined).
  const parents =
    level === 'campaign'
      ? sql``
      : level === 'adgroup'
        ? sql`join campaigns c on c.id = g.campaign_id`
        : sql`join ad_groups g on g.id = cr.adgroup_id join campaigns c on c.id = cr.campaign_id`;
  const statusJoins =
    level === 'campaign'
      ? sql`join cst cs on cs.id = c.id`
      : sql`join gst gs on gs.id = ${obj}.${sql.raw(level === 'adgroup' ? 'id' : 'adgroup_id')} join cst cs on cs.id = ${obj}.campaign_id`;
  const statusSql =
    level === 'campaign' ? campaignStatusSql : level === 'adgroup' ? adGroupStatusSql : creativeStatusSql;
  const fee = money.fee === null ? sql`null::numeric` : sql`coalesce(m.gmv_fee, 0)`;
  const parentKeys =
    level === 'campaign'
      ? sql`c.id as campaign_id, null::int as adgroup_id`
      : level === 'adgroup'
        ? sql`g.campaign_id, g.id as adgroup_id`
        : sql`cr.campaign_id, cr.adgroup_id`;
  const sortNeedsParents = ['campaign_budget', 'bid_price', 'ad_group_budget'].includes(req.sort_field);
  const evCols = req.events.flatMap((_, i) => [
    sql.raw(`coalesce(ev.e${i}_pv, 0) as e${i}_pv`),
    sql.raw(`coalesce(ev.e${i}_uv, 0) as e${i}_uv`),
  ]);
  const objects = sql`
    select ${keyCol} as id, ${parentKeys},
      coalesce(m.impression, 0) as impression, coalesce(m.clicks, 0) as clicks, coalesce(m.gmv, 0) as gmv,
      ${fee} as gmv_fee, coalesce(m.actives, 0) as actives, coalesce(m.advertiser_revenue1, 0) as advertiser_revenue1,
      coalesce(m.advertiser_final_revenue, 0) as advertiser_final_revenue,
      ${evCols.length > 0 ? sql`${sql.join(evCols, sql`, `)},` : sql``}
      ${sortKey(ctx, statusSql, fee)} as sort_key
      ${statusFirst ? sql`, ${statusSql} as status` : sql``}
    from ${sql.raw(LEVEL[level].table)} ${obj} ${sortNeedsParents ? parents : sql``} ${statusFirst ? statusJoins : sql``}
    left join m on m.k = ${keyCol}
    ${roasSort ? sql`left join co on co.k = ${keyCol}` : sql``}
    ${ev ? sql`left join ev on ev.k = ${keyCol}::text` : sql``}
    where ${and(...where)}`;
  const idsCte =
    allowed.length > 0
      ? sql`ids as (select * from (${objects}) o where status in (${sql.join(
          allowed.map((s) => sql`${s}`),
          sql`, `,
        )}))`
      : sql`ids as (${objects})`;
  const totals = [
    ['impression', 'impression'],
    ['clicks', 'clicks'],
    ['gmv', 'gmv'],
    ['gmv_fee', 'gmv_fee'],
    ['actives', 'actives'],
    ['advertiser_revenue1', 'advertiser_revenue1'],
    ['advertiser_final_revenue', 'advertiser_final_revenue'],
    ...req.events.flatMap((e, i) => [
      [`e${i}_pv`, `${e}_pv`],
      [`e${i}_uv`, `${e}_uv`],
    ]),
  ];
  const dir = sql.raw(req.sort_order === 'asc' ? 'asc' : 'desc');
  const pageScope = sql`select id from page`;
  const ctes = [
    ...(statusFirst ? [statusCtes(ctx.status)] : []),
    store.metricsCte({
      advId: adv.adv_id,
      level,
      startDate: req.start_date,
      endDate: req.end_date,
      offset: ctx.offset,
      money,
    }),
    ...(roasSort ? [cohortCte(ctx)] : []),
    ...(ev ? [ev] : []),
    idsCte,
    // Materialised: the planner must not recompute it per row of the page.
    sql`tot as materialized (select count(*) as total_rows, ${sql.join(
      totals.map(([c, name]) => sql`sum(${sql.raw(c)}) as ${sql.identifier(`total_${name}`)}`),
      sql`, `,
    )} from ids)`,
    sql`page as (select * from ids order by sort_key ${dir} nulls last, id desc
      limit ${req.page_size} offset ${(req.page - 1) * req.page_size})`,
    ...(statusFirst
      ? []
      : [
          statusCtes(ctx.status, {
            campaigns: sql`select campaign_id from page`,
            // A campaign's status asks whether any of its ad groups delivers: all of theirs.
            adgroups:
              level === 'campaign'
                ? sql`select id from ad_groups where adv_id = ${adv.adv_id} and campaign_id in (select campaign_id from page)`
                : sql`select adgroup_id from page`,
          }),
        ]),
    ...(roasSort ? [] : [cohortCte(ctx, pageScope)]),
  ];

  const common = sql`
    p.impression, p.clicks, p.gmv, p.gmv_fee, p.actives, p.advertiser_revenue1, p.advertiser_final_revenue,
    case when p.impression > 0 then p.clicks::numeric / p.impression end as ctr,
    case when p.clicks > 0 then p.actives::numeric / p.clicks end as cvr,
    ${sql.join(
      ROAS_METRICS.map(
        (r) =>
          sql`case when p.gmv > 0 then coalesce(co.${sql.raw(`${r}_rev`)}, 0) / p.gmv end as ${sql.raw(r)}`,
      ),
      sql`, `,
    )}
    ${sql.join(
      req.events.flatMap((e, i) => {
        const pv = sql.raw(`p.e${i}_pv`);
        const uv = sql.raw(`p.e${i}_uv`);
        return [
          sql`, ${pv} as ${sql.identifier(`${e}_pv`)}, ${uv} as ${sql.identifier(`${e}_uv`)}`,
          sql`, case when ${pv} > 0 then p.gmv / ${pv} end as ${sql.identifier(`${e}_pv_cpa`)}`,
          sql`, case when ${uv} > 0 then p.gmv / ${uv} end as ${sql.identifier(`${e}_uv_cpa`)}`,
        ];
      }),
      sql``,
    )},
    tot.*`;
  const status = statusFirst ? sql`p.status` : statusSql;
  // Whether the object ever had an impression (its lifetime running total), for "waiting for traffic".
  const delivered = sql`coalesce((select l.impressions > 0 from stats_lifetime l where l.adv_id = ${adv.adv_id}
    and l.level = ${STATS_LEVEL[level]} and l.object_id = ${keyCol}), false) as delivered`;
  let select: SQL;
  if (level === 'campaign') {
    select = sql`select c.id as campaign_id, c.name as campaign_name, c.name, c.promote_goal, null::int as term_type,
        null::numeric as bid_price, c.budget as campaign_budget, null::numeric as ad_group_budget, c.budget_type,
        c.enabled, c.created_at as created_time, c.updated_at as updated_time, c.campaign_type, c.os, c.link_type,
        ${status} as status, ${delivered}, ${common}`;
  } else if (level === 'adgroup') {
    select = sql`select g.id as adgroup_id, g.name as adgroup_name, g.name, c.id as campaign_id, c.name as campaign_name,
        c.promote_goal, g.bidding_type as term_type, g.billing_type, g.bid_price, c.budget as campaign_budget,
        g.budget as ad_group_budget, g.budget_type, g.enabled, g.created_at as created_time, g.updated_at as updated_time,
        ${status} as status, ${delivered}, ${common}`;
  } else {
    select = sql`select cr.id as creative_id, cr.name as creative_name, cr.name, g.id as adgroup_id, g.name as adgroup_name,
        c.id as campaign_id, c.name as campaign_name, c.promote_goal, g.bidding_type as term_type, g.bid_price,
        c.budget as campaign_budget, g.budget as ad_group_budget, cr.enabled, cr.created_at as created_time,
        cr.updated_at as updated_time, cr.creative_type, cr.review_status, cr.reject_code, cr.reject_reason,
        ${status} as status, ${delivered}, ${common}`;
  }
  // From `tot`: a page past the last one is one row of nulls that still carries the count and totals.
  return sql`with ${sql.join(ctes, sql`, `)}
    ${select}
    from tot left join (page p
      join ${sql.raw(LEVEL[level].table)} ${obj} on ${keyCol} = p.id ${parents} ${statusFirst ? sql`` : statusJoins}
      left join co on co.k = p.id) on true
    order by p.sort_key ${dir} nulls last, p.id desc`;
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const money = (v: unknown): number => Math.round(n(v) * 1e6) / 1e6;
/** Ratios as computed, like the custom report's (the console rounds what it shows). */
const ratio = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

function shape(
  level: PerfLevel,
  req: TList2Request,
  rows: Record<string, unknown>[],
  fee: boolean,
): Omit<TList2Answer, 'parents'> {
  // A page past the last one: the row of `tot` alone, without an object.
  const list = rows
    .filter((r) => r.campaign_id !== null)
    .map((r) => {
      const out: Record<string, unknown> = {
        campaign_id: n(r.campaign_id),
        campaign_name: String(r.campaign_name),
        opt_status: r.enabled ? 1 : 0,
        status: n(r.status),
        delivered: r.delivered === true,
        promote_goal: r.promote_goal,
        term_type: r.term_type === null ? null : n(r.term_type),
        bid_price: r.bid_price === null || r.bid_price === undefined ? null : n(r.bid_price),
        campaign_budget: r.campaign_budget === null ? null : n(r.campaign_budget),
        ad_group_budget:
          r.ad_group_budget === null || r.ad_group_budget === undefined ? null : n(r.ad_group_budget),
        budget_type: r.budget_type === null || r.budget_type === undefined ? null : n(r.budget_type),
        created_time: new Date(r.created_time as string).toISOString(),
        updated_time: new Date(r.updated_time as string).toISOString(),
        gmv: money(r.gmv),
        impression: n(r.impression),
        clicks: n(r.clicks),
        ctr: ratio(r.ctr),
        cvr: ratio(r.cvr),
        actives: n(r.actives),
        advertiser_revenue1: money(r.advertiser_revenue1),
        advertiser_final_revenue: money(r.advertiser_final_revenue),
        roas1: ratio(r.roas1),
        roas3: ratio(r.roas3),
        roas7: ratio(r.roas7),
        roas14: ratio(r.roas14),
      };
      if (fee) out.gmv_fee = money(r.gmv_fee);
      if (level !== 'campaign') {
        out.adgroup_id = n(r.adgroup_id);
        out.adgroup_name = String(r.adgroup_name);
      }
      if (level === 'adgroup') out.billing_type = n(r.billing_type);
      if (level === 'campaign') {
        out.campaign_type = r.campaign_type;
        out.os = n(r.os);
        out.link_type = n(r.link_type);
      }
      if (level === 'creative') {
        out.creative_id = n(r.creative_id);
        out.creative_name = String(r.creative_name);
        out.creative_type = r.creative_type;
        out.review_status = n(r.review_status);
        out.reject_code = r.reject_code === null ? null : n(r.reject_code);
        out.reject_reason = r.reject_reason ?? null;
      }
      for (const e of req.events) {
        out[`${e}_pv`] = n(r[`${e}_pv`]);
        out[`${e}_uv`] = n(r[`${e}_uv`]);
        out[`${e}_pv_cpa`] = money(r[`${e}_pv_cpa`]);
        out[`${e}_uv_cpa`] = money(r[`${e}_uv_cpa`]);
      }
      return out as TList2Answer['list'][number];
    });
  const first = rows[0];
  const totals: Record<string, number> = {};
  if (first) {
    const t = (c: string) => n(first[`total_${c}`]);
    totals.impression = t('impression');
    totals.clicks = t('clicks');
    totals.gmv = money(first.total_gmv);
    if (fee) totals.gmv_fee = money(first.total_gmv_fee);
    totals.actives = t('actives');
    totals.advertiser_revenue1 = money(first.total_advertiser_revenue1);
    totals.advertiser_final_revenue = money(first.total_advertiser_final_revenue);
    totals.ctr = totals.impression > 0 ? ratio(totals.clicks / totals.impression) : 0;
    totals.cvr = totals.clicks > 0 ? ratio(totals.actives / totals.clicks) : 0;
    for (const e of req.events) {
      totals[`${e}_pv`] = t(`${e}_pv`);
      totals[`${e}_uv`] = t(`${e}_uv`);
      totals[`${e}_pv_cpa`] = totals[`${e}_pv`] > 0 ? money(totals.gmv / totals[`${e}_pv`]) : 0;
      totals[`${e}_uv_cpa`] = totals[`${e}_uv`] > 0 ? money(totals.gmv / totals[`${e}_uv`]) : 0;
    }
  }
  return { list, total: first ? n(first.total_rows) : 0, totals };
}
