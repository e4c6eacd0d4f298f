import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/**
 * What the store says an account spent, for finance (decisions 7: spend is charged from the store's cost
 * by billing type, so the finance pages and the reports agree to the cent) and the bidder's pacing: read
 * from the per-creative hours (`stats_hourly_ad`, kept for good), exact decimals as text.
 */

export interface HourlyCharge {
  /** The UTC hour (ISO). */
  hour: string;
  campaignId: number;
  adgroupId: number;
  /** Decimal string, six places. */
  cost: string;
}

/** Cost per UTC hour and ad group in [from, to) (hours), hours without cost left out, in hour order. */
export async function hourlyCharges(
  db: Executor,
  advId: number,
  from: Date,
  to: Date,
): Promise<HourlyCharge[]> {
  const result = (await db.execute(sql`
    select hour, campaign_id, adgroup_id, sum(cost)::text as cost
    from stats_hourly_ad
    where adv_id = ${advId} and hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz
    group by 1, 2, 3 having sum(cost) <> 0
    order by 1, 2, 3`)) as unknown as {
    rows: { hour: string | Date; campaign_id: number; adgroup_id: number; cost: string }[];
  };
  return result.rows.map((r) => ({
    hour: new Date(r.hour).toISOString(),
    campaignId: Number(r.campaign_id),
    adgroupId: Number(r.adgroup_id),
    cost: r.cost,
  }));
}

/** Spend since the hour of `since`: the account's, and per campaign and ad group. */
export async function spendSince(
  db: Executor,
  advId: number,
  since: Date,
): Promise<{ total: string; campaigns: Map<number, string>; adgroups: Map<number, string> }> {
  const result = (await db.execute(sql`
    select campaign_id, adgroup_id, sum(cost)::text as cost
    from stats_hourly_ad
    where adv_id = ${advId} and hour >= date_trunc('hour', ${since.toISOString()}::timestamptz)
    group by rollup (campaign_id, adgroup_id)`)) as unknown as {
    rows: { campaign_id: number | null; adgroup_id: number | null; cost: string | null }[];
  };
  const campaigns = new Map<number, string>();
  const adgroups = new Map<number, string>();
  let total = '0';
  for (const r of result.rows) {
    const cost = r.cost ?? '0';
    if (r.campaign_id === null) total = cost;
    else if (r.adgroup_id === null) campaigns.set(Number(r.campaign_id), cost);
    else adgroups.set(Number(r.adgroup_id), cost);
  }
  return { total, campaigns, adgroups };
}
