import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advertisers } from '../src/db/schema';
import { localDate, zoneOf } from '../src/modules/clock/clock';
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

  test('a cap below zero is refused by the database', async () => {
    await expect(setCap('-1')).rejects.toThrow();
  });
});
