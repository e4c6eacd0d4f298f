import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroups, campaigns, creatives } from '../src/db/schema';
import type { Bidder } from '../src/modules/delivery/bidder';
import { ensureExchange } from '../src/modules/delivery/exchanges';
import { formatMicros, parseMicros } from '../src/simulator/money';
import type { SimulationDirectory, SimulationStats } from '../src/simulator/simulator';
import { Simulator } from '../src/simulator/simulator';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * The delivery simulator against the real app listening on a port (decisions 8): an exchange, its users
 * and the attribution partners talk to the bidder and the tracking endpoints over HTTP only, and what
 * the simulator counts as acknowledged is what the statistics store holds, to the count and to the cent:
 * billed impressions and their CPM cost, wins, clicks, installs, and the events the endpoints stored.
 *
 * Three ad groups share the traffic by OS and format: an Android app on AppsFlyer (native and portrait
 * video), an iOS app on Adjust (320x480 interstitial), and an Android web campaign with a pixel (320x50
 * and 300x250). Delays run 2,000 times faster (an hour in 1.8 s); clicks, installs and purchases are
 * made frequent, so a few seconds hold every kind of request.
 */

let t: TestApp;
let w: World;
let baseUrl: string;
let exchange: { id: number; token: string };
const directory: SimulationDirectory = { apps: [], pixels: [] };
const groups: Record<'android' | 'ios' | 'web', number> = { android: 0, ios: 0, web: 0 };
let stats: SimulationStats;

const headers = () => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1) });
const post = async (url: string, body: unknown) => {
  const res = await call(t.app, { method: 'POST', url, body, token: w.tokens.admin, headers: headers() });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

const APP_EVENTS = ['install', 'registration', 'achieve_level', 'purchase'];

async function createApp(name: string, os: number, partner: string) {
  const app = await post('/scaler/v3/app', {
    name,
    bundle_id: `com.example.${name.toLowerCase()}`,
    os,
    download_type: 1,
    download_link:
      os === 2
        ? `https://play.google.com/store/apps/details?id=com.example.${name.toLowerCase()}`
        : 'https://apps.apple.com/app/id1600000001',
    partner,
    partner_app_id: os === 2 ? `com.example.${name.toLowerCase()}` : 'id1600000001',
    events: APP_EVENTS.map((event_type) => ({ type: 1, event_type })),
  });
  directory.apps.push({
    id: app._id,
    partner,
    postbackToken: app.postback_token,
    os,
    bundleId: app.bundle_id,
    events: APP_EVENTS,
  });
  return app._id as string;
}

const image = (width: number, height: number, role = 'image') => ({
  role,
  file: `${role}-${width}x${height}.png`,
  mime: 'image/png',
  size: 1000,
  width,
  height,
});

async function createGroup(
  campaign: Partial<typeof campaigns.$inferInsert> & { os: number },
  bidPrice: string,
  list: Partial<typeof creatives.$inferInsert>[],
) {
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId: w.adv1,
      name: `Simulated ${campaign.os} ${campaign.linkType ?? 1}`,
      campaignType: 'install',
      promoteGoal: campaign.linkType === 2 ? 'web_traffic' : 'app_install',
      linkType: 1,
      ...campaign,
    })
    .returning();
  const [g] = await t.db
    .insert(adGroups)
    .values({ advId: w.adv1, campaignId: c.id, name: 'CPM', biddingType: 1, billingType: 1, bidPrice })
    .returning();
  for (const cr of list)
    await t.db.insert(creatives).values({
      advId: w.adv1,
      campaignId: c.id,
      adgroupId: g.id,
      name: 'Creative',
      creativeType: 'image',
      reviewStatus: 3,
      title: 'Play now',
      description: 'The puzzle everyone plays',
      callToAction: 'Install',
      ...cr,
    });
  return g.id;
}

/** What the statistics store holds for an ad group, summed from its hourly facts. */
async function stored(adgroupId: number) {
  const res = (await t.db.execute(sql`
    select coalesce(sum(wins), 0)::int as wins, coalesce(sum(impressions), 0)::int as impressions,
      coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(installs), 0)::int as installs,
      coalesce(sum(cost), 0)::numeric(20, 6)::text as cost, coalesce(sum(revenue), 0)::numeric(20, 6)::text as revenue,
      coalesce(sum(bids), 0)::int as bids
    from stats_hourly where adv_id = ${w.adv1} and adgroup_id = ${adgroupId}`)) as unknown as {
    rows: {
      wins: number;
      impressions: number;
      clicks: number;
      installs: number;
      cost: string;
      revenue: string;
      bids: number;
    }[];
  };
  return res.rows[0];
}

/** Enough of every kind of request for the comparisons to mean something. */
const enough = (s: SimulationStats) =>
  s.billingNotices.acknowledged >= 40 &&
  s.lossNotices.acknowledged >= 1 &&
  s.clicks.acknowledged >= 8 &&
  s.installs.acknowledged >= 4 &&
  s.events.acknowledged >= 4 &&
  s.pixelEvents.acknowledged >= 3 &&
  (parseMicros(s.revenue.acknowledged) ?? 0n) > 0n &&
  s.byAdGroup[String(groups.ios)]?.impressions > 0;

const count = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const android = await createApp('Puzzle', 2, 'appsflyer');
  const ios = await createApp('Runner', 1, 'adjust');
  const pixel = await post('/scaler/v3/pixel', {
    name: 'Shop pixel',
    conversion_type: 1,
    mode: 1,
    events: ['page_view', 'add_to_cart', 'purchase'].map((event_type) => ({ type: 1, event_type })),
  });
  directory.pixels.push({ id: pixel._id, events: ['PageView', 'AddToCart', 'Purchase'] });

  groups.android = await createGroup({ os: 2, appId: android }, '5', [
    { creativeType: 'nativeImg', materials: [image(1200, 627), image(100, 100, 'icon')] },
    {
      creativeType: 'video',
      materials: [
        {
          role: 'video',
          file: 'v.mp4',
          mime: 'video/mp4',
          size: 10_000,
          width: 320,
          height: 480,
          duration: 15,
        },
      ],
    },
  ]);
  groups.ios = await createGroup({ os: 1, appId: ios }, '4', [{ materials: [image(320, 480)] }]);
  groups.web = await createGroup(
    { os: 2, linkType: 2, pixelId: pixel._id, landingUrl: 'https://shop.example/landing?ref=sim' },
    '4.5',
    [{ materials: [image(300, 250)] }, { materials: [image(320, 50)] }],
  );
  exchange = await ensureExchange(t.db, { name: 'Simulated exchange', auctionType: 2, currency: 'USD' });
  await (t.app.bidder as Bidder).invalidate();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

  const simulator = new Simulator({
    baseUrl,
    exchange: { ...exchange, currency: 'USD' },
    qps: 60,
    seed: 20260310,
    users: 3000,
    directory: async () => directory,
    timeScale: 0.0005,
    rates: { ctrScale: 20, install: 0.6, buyers: 1 },
    // A slow test machine must not turn into timeouts: latency is not what this test measures.
    bidTimeoutMs: 5000,
  });
  // Runs until every kind of request has been acknowledged a few times (a few seconds; longer on a busy
  // machine), then stops: what is sent by then is awaited, what was only scheduled is dropped.
  simulator.start();
  const deadline = Date.now() + 60_000;
  while (!enough(simulator.stats) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await simulator.stop();
  stats = simulator.stats;
  await (t.app.bidder as Bidder).flushBids();
});
afterAll(() => t.close());

describe('the delivery simulator against the app', () => {
  test('sends every kind of request, and the server acknowledges all it was sent', () => {
    expect(enough(stats), JSON.stringify(stats)).toBe(true);
    expect(stats.bids).toBeGreaterThan(stats.billingNotices.acknowledged);
    expect(stats.failures).toEqual({});
    for (const kind of [
      'requests',
      'winNotices',
      'billingNotices',
      'lossNotices',
      'clicks',
      'installs',
    ] as const)
      expect(stats[kind].acknowledged, kind).toBe(stats[kind].sent);
    expect(stats.unattributed).toBe(0);
    expect(stats.billed.acknowledged).toMatch(/^\d+\.\d{6}$/);
  });

  test('the statistics store holds what was acknowledged, to the count and to the cent', async () => {
    let billed = 0n;
    for (const [name, id] of Object.entries(groups)) {
      const sim = stats.byAdGroup[String(id)];
      const store = await stored(id);
      expect(sim, name).toBeDefined();
      expect(store, name).toMatchObject({
        wins: sim.winNotices,
        impressions: sim.impressions,
        clicks: sim.clicks,
        installs: sim.installs,
        cost: sim.cost,
        revenue: sim.revenue,
      });
      // Bids are counted by the bidder as it answers: every bid received, and any the exchange gave up on.
      expect(store.bids, name).toBeGreaterThanOrEqual(sim.bids);
      billed += parseMicros(sim.cost) ?? -1n;
    }
    expect(stats.byAdGroup[String(groups.web)].clicks).toBeGreaterThan(0);
    expect(formatMicros(billed)).toBe(stats.billed.acknowledged);
  });

  test('the tracking endpoints stored every conversion acknowledged, once', async () => {
    const appIds = directory.apps.map((a) => a.id);
    const postbacks = await count(sql`
      select count(*)::int as n from tracking_events
      where source = 'postback' and app_id in (${sql.join(
        appIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    expect(postbacks).toBe(stats.installs.acknowledged + stats.events.acknowledged);
    const pixelEvents = await count(sql`
      select count(*)::int as n from tracking_events where source = 'pixel' and pixel_id = ${directory.pixels[0].id}`);
    expect(pixelEvents).toBe(stats.pixelEvents.acknowledged);
    const attributed = await count(sql`
      select count(*)::int as n from tracking_events where adv_id = ${w.adv1} and attributed`);
    expect(attributed).toBe(postbacks + pixelEvents);
  });
});
