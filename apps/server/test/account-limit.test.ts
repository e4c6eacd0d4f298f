import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advertisers } from '../src/db/schema';
import { localDate, zoneOf } from '../src/modules/clock/clock';
import { generateStats } from '../src/modules/statistics/generator';
import { writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, deliveryObjects, type World } from './world';

/**
 * The account limit (status 20, decisions 7) as a function of the account: its daily spending cap
 * against the cost of its own local day so far, read from the statistics store. Every level of the
 * lists, the detail call and the "not delivering" filter answer it; a higher cap, no cap, or the next
 * day lifts it. (Balance plus credit is the finance issue's input to the same rule.)
 */

let t: TestApp;
let w: World;
let ids: { campaignId: number; adgroupId: number; creativeId: number };
const HOUR = 3_600_000;

const headers = () => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1) });
const today = () => localDate(new Date(), zoneOf('Asia/Shanghai'));

const list = async (level: 'campaign' | 'adgroup' | 'creative', body: Record<string, unknown> = {}) => {
  const res = await call(t.app, {
    method: 'POST',
    url: `/scaler/v3/${level}/list2`,
    token: w.tokens.admin,
    headers: headers(),
    body: { start_date: today(), end_date: today(), page_size: 100, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list as {
    status: number;
    campaign_id?: number;
    adgroup_id?: number;
    creative_id?: number;
  }[];
};

/** The status of our campaign, ad group and creative in their lists, and of the campaign's detail. */
const statuses = async () => {
  const [campaigns, adgroups, creatives] = await Promise.all([
    list('campaign'),
    list('adgroup'),
    list('creative'),
  ]);
  const detail = await call(t.app, {
    method: 'GET',
    url: `/scaler/v3/campaign?campaign_id=${ids.campaignId}`,
    token: w.tokens.admin,
    headers: headers(),
  });
  return [
    campaigns.find((r) => r.campaign_id === ids.campaignId)?.status,
    adgroups.find((r) => r.adgroup_id === ids.adgroupId)?.status,
    creatives.find((r) => r.creative_id === ids.creativeId)?.status,
    detail.body.data.status,
  ];
};

const setCap = (cap: string | null) =>
  t.db.update(advertisers).set({ dailySpendCap: cap }).where(eq(advertisers.advId, w.adv1));

const spend = (hour: Date, cost: string) =>
  t.db.transaction((tx) =>
    writeFacts(tx, [
      { advId: w.adv1, ...ids, hour, bundle: 'b', country: 'US', os: 1, impressions: 10, cost },
    ]),
  );

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  await t.db.update(advertisers).set({ timezone: 'Asia/Shanghai' }).where(eq(advertisers.advId, w.adv1));
  ids = await deliveryObjects(t, w.adv1, 'Capped');
});
afterAll(() => t.close());

describe('account limit', () => {
  test('the daily spending cap sets status 20 at every level once today’s cost reaches it, and lifts', async () => {
    // Before today's local midnight (a day has at most 25 hours): not today's spend.
    await spend(new Date(Date.now() - 30 * HOUR), '500');
    expect(await statuses()).toEqual([0, 0, 0, 0]);

    await setCap('10');
    expect(await statuses()).toEqual([0, 0, 0, 0]);

    await spend(new Date(), '6.5');
    expect(await statuses()).toEqual([0, 0, 0, 0]);
    await spend(new Date(), '3.5');
    // 10 of 10: reached.
    expect(await statuses()).toEqual([20, 20, 20, 20]);
    // "Not delivering" (10) takes it; "active" (0) does not.
    expect((await list('campaign', { status: [10] })).map((r) => r.campaign_id)).toContain(ids.campaignId);
    expect((await list('campaign', { status: [0] })).map((r) => r.campaign_id)).not.toContain(ids.campaignId);

    // A paused ad group still shows paused (12) under the account limit, as under any account state.
    await t.db.execute(sql`update ad_groups set enabled = false where id = ${ids.adgroupId}`);
    expect((await statuses()).slice(1, 3)).toEqual([12, 12]);
    await t.db.execute(sql`update ad_groups set enabled = true where id = ${ids.adgroupId}`);

    await setCap('10.000001');
    expect(await statuses()).toEqual([0, 0, 0, 0]);
    await setCap('0');
    expect(await statuses()).toEqual([20, 20, 20, 20]);
    await setCap(null);
    expect(await statuses()).toEqual([0, 0, 0, 0]);
  });

  test('the stats generator adds nothing past the cap on any day', async () => {
    // A second account in UTC with its own campaign, created three days ago: the generator fills its
    // days, which without a cap would cost several dollars each.
    await t.db
      .update(advertisers)
      .set({ timezone: 'UTC', dailySpendCap: '1' })
      .where(eq(advertisers.advId, w.adv2));
    const own = await deliveryObjects(t, w.adv2, 'Generated');
    const since = new Date(Date.now() - 3 * 24 * HOUR);
    await t.db.execute(
      sql`update campaigns set created_at = ${since.toISOString()} where id = ${own.campaignId}`,
    );
    await t.db.execute(
      sql`update ad_groups set created_at = ${since.toISOString()} where id = ${own.adgroupId}`,
    );
    await t.db.execute(
      sql`update creatives set created_at = ${since.toISOString()} where id = ${own.creativeId}`,
    );
    const run = await generateStats(t.db, { advId: w.adv2, days: 3, seed: 11 });
    expect(run.facts).toBeGreaterThan(0);
    const days = (await t.db.execute(sql`
      select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, sum(cost)::text as cost
      from stats_hourly_ad where adv_id = ${w.adv2} group by 1 order by 1`)) as unknown as {
      rows: { day: string; cost: string }[];
    };
    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
    for (const d of days.rows) expect(Number(d.cost), d.day).toBeLessThanOrEqual(1);
    // A whole day filled up to the cap, short of it by less than a fact's cost.
    expect(Number(days.rows.find((d) => d.day === yesterday)?.cost)).toBeGreaterThan(0.5);
  });

  test('a cap below zero is refused by the database', async () => {
    await expect(setCap('-1')).rejects.toThrow();
  });
});
