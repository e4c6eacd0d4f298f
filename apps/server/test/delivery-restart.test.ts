import { RTB_MACROS } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { adGroups, campaigns, creatives } from '../src/db/schema';
import { ensureExchange } from '../src/modules/delivery/exchanges';
import { micros } from '../src/modules/statistics/micros';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * A restart in the middle of delivery (issue 21): the server stops while billing notices are arriving;
 * the exchange sends again every notice it was not answered 200 for (and some it was), to the server
 * started again on the same database. Every billed impression is in the store once, at its price.
 */

let t: TestApp;
let w: World;
let exchange: { id: number; token: string };
let second: FastifyInstance | null = null;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const res = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/app',
    body: {
      name: 'Restart app',
      bundle_id: 'com.example.restart',
      os: 2,
      download_type: 1,
      download_link: 'https://play.google.com/store/apps/details?id=com.example.restart',
      partner: 'appsflyer',
      partner_app_id: 'idrestart',
      events: [{ type: 1, event_type: 'install' }],
    },
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
  });
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId: w.adv1,
      name: 'Restart',
      campaignType: 'install',
      promoteGoal: 'app_install',
      os: 2,
      linkType: 1,
      appId: res.body.data._id,
    })
    .returning();
  const [g] = await t.db
    .insert(adGroups)
    .values({ advId: w.adv1, campaignId: c.id, name: 'CPM', biddingType: 1, billingType: 1, bidPrice: '4' })
    .returning();
  await t.db.insert(creatives).values({
    advId: w.adv1,
    campaignId: c.id,
    adgroupId: g.id,
    name: 'Banner',
    creativeType: 'image',
    reviewStatus: 3,
    materials: [{ role: 'image', file: 'b.png', mime: 'image/png', size: 1, width: 320, height: 50 }],
  });
  exchange = await ensureExchange(t.db, { name: 'Restart exchange', auctionType: 2, currency: 'USD' });
  await t.app.bidder?.invalidate();
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const request = (i: number) =>
  JSON.stringify({
    id: `restart-${i}`,
    imp: [{ id: '1', banner: { w: 320, h: 50 } }],
    app: { bundle: 'com.publisher.news' },
    device: { os: 'android', osv: '14', geo: { country: 'USA' } },
  });

test('a restart while billing notices arrive loses none and bills none twice', async () => {
  const rtb = t.app.rtb as FastifyInstance;
  const bills: { url: string; price: string }[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await rtb.inject({
      method: 'POST',
      url: `/rtb/bid/${exchange.id}`,
      headers: { authorization: `Bearer ${exchange.token}`, 'content-type': 'application/json' },
      payload: request(i),
    });
    expect(res.statusCode).toBe(200);
    const bid = res.json().seatbid[0].bid[0];
    // Clearing prices with six decimals: each impression costs its price / 1000, down to the micro-unit.
    const price = (1 + i / 13).toFixed(6);
    bills.push({ url: bid.burl.replace('http://console.test', '').replace(RTB_MACROS.price, price), price });
  }
  // Half are answered; the other half arrive while the server shuts down.
  for (const b of bills.slice(0, 20)) expect((await rtb.inject({ url: b.url })).statusCode).toBe(200);
  const during = Promise.all(bills.slice(20).map((b) => rtb.inject({ url: b.url }).catch(() => null)));
  await t.app.close();
  const answered = (await during).filter((r) => r?.statusCode === 200).length;
  // What the server answered 200 before it stopped is stored: an acknowledged notice is never lost.
  const kept = (await t.db.execute(
    sql`select count(*)::int as n from tracking_touches where kind = 4 and adv_id = ${w.adv1}`,
  )) as unknown as { rows: { n: number }[] };
  expect(kept.rows[0].n).toBeGreaterThanOrEqual(20 + answered);

  // Started again on the same database; the exchange sends every notice again.
  second = await buildApp({ config: t.config, database: t.database, logger: false });
  await second.ready();
  const again = second.rtb as FastifyInstance;
  const retries = await Promise.all(bills.map((b) => again.inject({ url: b.url })));
  expect(retries.map((r) => `${r.statusCode} ${r.body}`).filter((r) => !r.startsWith('200'))).toEqual([]);

  const stored = (await t.db.execute(sql`
    select (select count(*)::int from tracking_touches where kind = 4 and adv_id = ${w.adv1}) as notices,
      coalesce(sum(impressions), 0)::int as impressions, coalesce(sum(cost), 0)::text as cost
    from stats_hourly where adv_id = ${w.adv1}`)) as unknown as {
    rows: { notices: number; impressions: number; cost: string }[];
  };
  const expected = bills.reduce((sum, b) => sum + micros(b.price) / 1000n, 0n);
  expect(stored.rows[0].notices).toBe(40);
  expect(stored.rows[0].impressions).toBe(40);
  expect(micros(stored.rows[0].cost)).toBe(expected);
  expect(answered).toBeLessThanOrEqual(20);
});
