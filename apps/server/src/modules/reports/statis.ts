import { type TReportRequest, type TStatis, ZReportRequest } from '@scaler/domain';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adGroups, campaigns, creatives } from '../../db/schema';
import { type PerfAccount, type PerfDeps, requireAds, statusContext } from '../account-scope/scope';
import { statusesOf } from '../campaigns/service';
import { accountLimitSql } from '../campaigns/state';
import { addDays } from '../clock/clock';
import { customReport } from './custom';

/**
 * `GET /scaler/v3/statis` (spec 7; the home page): the range's totals beside the same number of days
 * before it, the days of the range, the top five campaigns and publishers by cost, and what needs
 * attention (rejected creatives; campaigns and ad groups whose budget is reached). Every figure is a
 * custom report over the statistics store; the budget alerts read the delivery status of the objects
 * that have a budget only.
 */
export async function statis(deps: PerfDeps & { start: string; end: string }): Promise<TStatis> {
  const adv = await requireAds(deps, 'ads.view');
  const days = (Date.parse(deps.end) - Date.parse(deps.start)) / 86_400_000 + 1;
  const previous = { start_date: addDays(deps.start, -days), end_date: addDays(deps.start, -1) };
  // Every filter empty (the schema's defaults).
  const base: TReportRequest = ZReportRequest.parse({
    start_date: deps.start,
    end_date: deps.end,
    dimensions: ['date'],
    sort_field: 'date',
    sort_order: 'asc',
    page_size: 400,
  });
  const run = (req: Partial<TReportRequest>) => customReport({ ...deps, req: { ...base, ...req } });
  // One at a time: on PGlite every statement waits for the one before anyway.
  const current = await run({});
  const before = await run({ ...previous, page_size: 1 });
  const topCampaigns = await run({
    dimensions: ['campaign'],
    sort_field: 'gmv',
    sort_order: 'desc',
    page_size: 5,
  });
  const topBundles = await run({
    dimensions: ['bundle'],
    sort_field: 'gmv',
    sort_order: 'desc',
    page_size: 5,
  });

  const [{ rejected }] = await deps.db
    .select({ rejected: count() })
    .from(creatives)
    .where(and(eq(creatives.advId, adv.adv_id), eq(creatives.reviewStatus, 2), isNull(creatives.deletedAt)));
  const budgeted = async (level: 'campaign' | 'adgroup') => {
    const table = level === 'campaign' ? campaigns : adGroups;
    const rows = await deps.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.advId, adv.adv_id), isNull(table.deletedAt), isNotNull(table.budgetType)))
      .limit(10_000);
    const statuses = await statusesOf(
      deps.db,
      adv,
      level,
      rows.map((r) => r.id),
    );
    return [...statuses.values()].filter((s) => s >= 21 && s <= 24).length;
  };
  return {
    current: current.totals,
    previous: before.totals,
    previous_range: previous,
    days: current.list.map((r) => ({ ...r, date: String(r.date) })),
    top_campaigns: topCampaigns.list.map((r) => ({
      ...r,
      campaign_id: Number(r.campaign_id),
      campaign_name: String(r.campaign_name ?? ''),
    })),
    top_bundles: topBundles.list.map((r) => ({ ...r, bundle: String(r.bundle ?? '') })),
    alerts: {
      // The account has run out of money or reached its daily cap (status 20, finance).
      account_limit_reached: await accountLimited(deps.db, adv),
      rejected_creatives: rejected,
      campaigns_budget_reached: await budgeted('campaign'),
      adgroups_budget_reached: await budgeted('adgroup'),
    },
  };
}

/** Whether the account limit (status 20) stops the account now: the rule the lists use. */
async function accountLimited(db: Executor, adv: PerfAccount): Promise<boolean> {
  const ctx = statusContext(adv);
  const result = await db.execute(sql`select reason from (${accountLimitSql(ctx.advId, ctx.clock)}) x`);
  return (result as unknown as { rows: { reason: number | null }[] }).rows[0]?.reason === 20;
}
