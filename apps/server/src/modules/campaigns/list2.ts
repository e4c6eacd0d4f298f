import {
  type PerfLevel,
  ROAS_METRICS,
  statusesForFilter,
  type TList2Answer,
  type TList2Request,
} from '@scaler/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { advMarkups, orgMembers, orgs } from '../../db/schema';
import { orgShowsFee } from '../accounts/queries';
import { edgeHours, utcRange } from './clock';
import { fieldError, type PerfAccount, type PerfDeps, requireAds, statusContext } from './scope';
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
 * sorted and counted in one SQL statement (the totals row and the count are window sums over the
 * filtered rows). Metrics come from the statistics store: whole UTC days from `stats_daily_ad`, the
 * hours at the range's ends from `stats_hourly`; conversions per event from `tracking_hourly` (by
 * request or event time, the `report-type` header); ROAS from `stats_cohort`. Ratios are computed
 * after summing. Cost is shown with markup in the Advertiser view (decisions 3) and `gmv_fee` only
 * when the center shows commission.
 */

const LEVEL = {
  campaign: { table: 'campaigns', key: 'campaign_id', alias: 'c' },
  adgroup: { table: 'ad_groups', key: 'adgroup_id', alias: 'g' },
  creative: { table: 'creatives', key: 'creative_id', alias: 'cr' },
} as const;

/** Metric sort keys, as SQL over the page's row columns (ratios after summing, nulls last). */
const METRIC_SORT: Record<string, string> = {
  gmv: 'gmv',
  gmv_fee: 'gmv_fee',
  impression: 'impression',
  clicks: 'clicks',
  actives: 'actives',
  ctr: 'ctr',
  cvr: 'cvr',
  advertiser_revenue1: 'advertiser_revenue1',
  advertiser_final_revenue: 'advertiser_final_revenue',
  roas1: 'roas1',
  roas3: 'roas3',
  roas7: 'roas7',
  roas14: 'roas14',
  created_time: 'created_time',
  updated_time: 'updated_time',
  status: 'status',
  bid_price: 'bid_price',
  campaign_budget: 'campaign_budget',
  ad_group_budget: 'ad_group_budget',
};

export interface List2Context {
  status: StatusContext;
  adv: PerfAccount;
  level: PerfLevel;
  req: TList2Request;
  /** Minutes east of UTC of the report's days. */
  offset: number;
  /** `tracking_hourly.basis`: 2 request (click) time, 1 event time. */
  basis: 1 | 2;
  markup: { ratio: number; start: string; end: string | null } | null;
  commission: number | null;
}

/** The caller sees the Advertiser view (markup applied) unless an admin of the owner center asks for the Agent view. */
async function markupFor(db: Executor, deps: PerfDeps, adv: PerfAccount) {
  const [m] = await db.select().from(advMarkups).where(eq(advMarkups.advId, adv.adv_id));
  if (!m) return null;
  const [admin] = await db
    .select({ role: orgMembers.orgRole })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.orgId, adv.owner_org_id),
        eq(orgMembers.userId, deps.actor.userId),
        eq(orgMembers.orgRole, 'org_admin'),
      ),
    );
  if (admin && !deps.mark) return null;
  return {
    ratio: Number(m.ratio),
    start: String(m.startDate),
    end: m.endDate === null ? null : String(m.endDate),
  };
}

async function commissionFor(db: Executor, orgId: number | null): Promise<number | null> {
  if (orgId === null || !(await orgShowsFee(db, orgId))) return null;
  const [o] = await db.select({ rate: orgs.commissionRate }).from(orgs).where(eq(orgs.orgId, orgId));
  return o ? Number(o.rate) : null;
}

/** Cost with the markup of the window applied per row (the row's UTC day decides). */
function costExpr(ctx: List2Context, dayColumn: SQL): SQL {
  const m = ctx.markup;
  if (!m) return sql`cost`;
  const inWindow =
    m.end === null
      ? sql`${dayColumn} >= ${m.start}::date`
      : sql`${dayColumn} between ${m.start}::date and ${m.end}::date`;
  return sql`case when ${inWindow} then cost * ${String(1 + m.ratio)}::numeric else cost end`;
}

function metricsCte(ctx: List2Context): SQL {
  const r = utcRange(ctx.req.start_date, ctx.req.end_date, ctx.offset);
  const key = sql.raw(LEVEL[ctx.level].key);
  const parts: SQL[] = [];
  if (r.dayFrom !== r.dayTo) {
    parts.push(sql`select ${key} as k, impressions, clicks, ${costExpr(ctx, sql`day`)} as cost, installs, revenue, revenue_final
      from stats_daily_ad where adv_id = ${ctx.adv.adv_id} and day >= ${r.dayFrom}::date and day < ${r.dayTo}::date`);
  }
  for (const e of edgeHours(r)) {
    parts.push(sql`select ${key} as k, impressions, clicks, ${costExpr(ctx, sql`(hour at time zone 'UTC')::date`)} as cost, installs, revenue, revenue_final
      from stats_hourly where adv_id = ${ctx.adv.adv_id} and hour >= ${e.from.toISOString()}::timestamptz and hour < ${e.to.toISOString()}::timestamptz`);
  }
  if (parts.length === 0)
    parts.push(
      sql`select 0 as k, 0 as impressions, 0 as clicks, 0::numeric as cost, 0 as installs, 0::numeric as revenue, 0::numeric as revenue_final where false`,
    );
  return sql`m as (
    select k, sum(impressions) as impression, sum(clicks) as clicks, sum(cost) as gmv, sum(installs) as actives,
      sum(revenue) as advertiser_revenue1, sum(revenue_final) as advertiser_final_revenue
    from (${sql.join(parts, sql` union all `)}) f group by k)`;
}

/** ROAS n: revenue of the cohort's days 0…n-1 over its cost, for install days (UTC) in the range. */
function cohortCte(ctx: List2Context): SQL {
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
    ...Object.keys(METRIC_SORT),
    ...req.events.flatMap((e) => [`${e}_pv`, `${e}_pv_cpa`, `${e}_uv`, `${e}_uv_cpa`]),
  ]);
  if (!sortable.has(req.sort_field)) throw fieldError('sort_field', 'validation.invalid');
  if (req.status.length > 0 && req.status.flatMap((s) => statusesForFilter(level, s)).length === 0) {
    throw fieldError('status', 'validation.invalid');
  }
  const [markup, commission] = await Promise.all([markupFor(db, deps, adv), commissionFor(db, deps.orgId)]);
  const ctx: List2Context = {
    status: await statusContext(db, adv),
    adv,
    level,
    req,
    markup,
    commission,
    offset: deps.timezone,
    basis: deps.reportType === 'event' ? 1 : 2,
  };
  const result = await db.execute(list2Query(ctx));
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return shape(level, req, rows, commission !== null);
}

/** The one statement of a list2 page (exported for `bench/list.mjs`, which times it without HTTP). */
export function list2Query(ctx: List2Context): SQL {
  const { adv, level, req, commission } = ctx;
  const allowed = req.status.flatMap((s) => statusesForFilter(level, s));
  const range = utcRange(req.start_date, req.end_date, ctx.offset);

  const a = LEVEL[level].alias;
  const obj = sql.raw(a);
  const keyCol = sql.raw(`${a}.id`);
  const ev = eventsCte(ctx, range.from, range.to);
  const evKey = sql.raw(`${a}.id::text`);
  const where: SQL[] = [sql`${obj}.adv_id = ${adv.adv_id}`];
  if (req.search !== '') {
    const like = containsPattern(req.search);
    where.push(
      /^\d+$/.test(req.search)
        ? sql`(${obj}.name ilike ${like} or ${keyCol} = ${Number(req.search) <= 2147483647 ? Number(req.search) : 0})`
        : sql`${obj}.name ilike ${like}`,
    );
  }
  if (req.campaign_ids.length > 0 && level !== 'campaign') {
    where.push(
      sql`${obj}.campaign_id in (${sql.join(
        req.campaign_ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (req.campaign_ids.length > 0 && level === 'campaign') {
    where.push(
      sql`${keyCol} in (${sql.join(
        req.campaign_ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (req.adgroup_ids.length > 0 && level === 'creative') {
    where.push(
      sql`${obj}.adgroup_id in (${sql.join(
        req.adgroup_ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (req.adgroup_ids.length > 0 && level === 'adgroup') {
    where.push(
      sql`${keyCol} in (${sql.join(
        req.adgroup_ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }

  const fee =
    commission === null ? sql`null::numeric` : sql`coalesce(m.gmv, 0) * ${String(1 + commission)}::numeric`;
  const evCols = req.events.flatMap((e, i) => [
    sql`coalesce(ev.${sql.raw(`e${i}_pv`)}, 0) as ${sql.identifier(`${e}_pv`)}`,
    sql`coalesce(ev.${sql.raw(`e${i}_uv`)}, 0) as ${sql.identifier(`${e}_uv`)}`,
    sql`case when coalesce(ev.${sql.raw(`e${i}_pv`)}, 0) > 0 then coalesce(m.gmv, 0) / ev.${sql.raw(`e${i}_pv`)} end as ${sql.identifier(`${e}_pv_cpa`)}`,
    sql`case when coalesce(ev.${sql.raw(`e${i}_uv`)}, 0) > 0 then coalesce(m.gmv, 0) / ev.${sql.raw(`e${i}_uv`)} end as ${sql.identifier(`${e}_uv_cpa`)}`,
  ]);
  const common = sql`
    coalesce(m.impression, 0) as impression, coalesce(m.clicks, 0) as clicks, coalesce(m.gmv, 0) as gmv,
    ${fee} as gmv_fee, coalesce(m.actives, 0) as actives,
    coalesce(m.advertiser_revenue1, 0) as advertiser_revenue1,
    coalesce(m.advertiser_final_revenue, 0) as advertiser_final_revenue,
    case when coalesce(m.impression, 0) > 0 then m.clicks::numeric / m.impression end as ctr,
    case when coalesce(m.clicks, 0) > 0 then m.actives::numeric / m.clicks end as cvr,
    ${sql.join(
      ROAS_METRICS.map(
        (r) =>
          sql`case when coalesce(m.gmv, 0) > 0 then coalesce(co.${sql.raw(`${r}_rev`)}, 0) / m.gmv end as ${sql.raw(r)}`,
      ),
      sql`, `,
    )}
    ${evCols.length > 0 ? sql`, ${sql.join(evCols, sql`, `)}` : sql``}`;

  let select: SQL;
  if (level === 'campaign') {
    select = sql`select c.id as campaign_id, c.name as campaign_name, c.name, c.promote_goal, null::int as term_type,
        null::numeric as bid_price, c.budget as campaign_budget, null::numeric as ad_group_budget, c.budget_type,
        c.enabled, c.created_at as created_time, c.updated_at as updated_time, c.campaign_type, c.os, c.link_type,
        ${campaignStatusSql} as status, ${common}
      from campaigns c join cst cs on cs.id = c.id`;
  } else if (level === 'adgroup') {
    select = sql`select g.id as adgroup_id, g.name as adgroup_name, g.name, c.id as campaign_id, c.name as campaign_name,
        c.promote_goal, g.bidding_type as term_type, g.billing_type, g.bid_price, c.budget as campaign_budget,
        g.budget as ad_group_budget, g.budget_type, g.enabled, g.created_at as created_time, g.updated_at as updated_time,
        ${adGroupStatusSql} as status, ${common}
      from ad_groups g join campaigns c on c.id = g.campaign_id join gst gs on gs.id = g.id join cst cs on cs.id = c.id`;
  } else {
    select = sql`select cr.id as creative_id, cr.name as creative_name, cr.name, g.id as adgroup_id, g.name as adgroup_name,
        c.id as campaign_id, c.name as campaign_name, c.promote_goal, g.bidding_type as term_type, g.bid_price,
        c.budget as campaign_budget, g.budget as ad_group_budget, cr.enabled, cr.created_at as created_time,
        cr.updated_at as updated_time, cr.creative_type, cr.review_status, cr.reject_code, cr.reject_reason,
        ${creativeStatusSql} as status, ${common}
      from creatives cr join ad_groups g on g.id = cr.adgroup_id join campaigns c on c.id = cr.campaign_id
      join gst gs on gs.id = g.id join cst cs on cs.id = c.id`;
  }
  const joins = sql`left join m on m.k = ${keyCol} left join co on co.k = ${keyCol}
    ${ev ? sql`left join ev on ev.k = ${evKey}` : sql``}`;
  const ctes = [statusCtes(ctx.status), metricsCte(ctx), cohortCte(ctx)];
  if (ev) ctes.push(ev);
  const order = sql.identifier(req.sort_field);
  const dir = sql.raw(req.sort_order === 'asc' ? 'asc' : 'desc');
  const totalsCols = [
    'impression',
    'clicks',
    'gmv',
    'gmv_fee',
    'actives',
    'advertiser_revenue1',
    'advertiser_final_revenue',
    ...req.events.flatMap((e) => [`${e}_pv`, `${e}_uv`]),
  ];
  const query = sql`with ${sql.join(ctes, sql`, `)},
    rows as (${select} ${joins} where ${and(...where)}),
    filtered as (select * from rows ${
      allowed.length > 0
        ? sql`where status in (${sql.join(
            allowed.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql``
    })
    select *, count(*) over () as total_rows,
      ${sql.join(
        totalsCols.map((c) => sql`sum(${sql.identifier(c)}) over () as ${sql.identifier(`total_${c}`)}`),
        sql`, `,
      )}
    from filtered
    order by ${order} ${dir} nulls last, ${sql.raw(`${LEVEL[level].key}`)} desc
    limit ${req.page_size} offset ${(req.page - 1) * req.page_size}`;
  return query;
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const money = (v: unknown): number => Math.round(n(v) * 1e6) / 1e6;
const ratio = (v: unknown): number => (v === null || v === undefined ? 0 : Math.round(Number(v) * 1e6) / 1e6);

function shape(
  level: PerfLevel,
  req: TList2Request,
  rows: Record<string, unknown>[],
  fee: boolean,
): TList2Answer {
  const list = rows.map((r) => {
    const out: Record<string, unknown> = {
      campaign_id: n(r.campaign_id),
      campaign_name: String(r.campaign_name),
      opt_status: r.enabled ? 1 : 0,
      status: n(r.status),
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
