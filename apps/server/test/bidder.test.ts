import { RTB_MACROS } from '@scaler/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroups, campaigns, creatives, wallets } from '../src/db/schema';
import type { Bidder } from '../src/modules/delivery/bidder';
import { ensureExchange } from '../src/modules/delivery/exchanges';
import { readSimulationKey } from '../src/modules/delivery/simulation';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * The bidder end to end through its public endpoints (issue 21): an exchange's bid request gets a bid
 * for an eligible creative at the price its bidding type implies, or 204; win and billing notices reach
 * the statistics store once (wins, billed impressions, CPM cost at the clearing price); forged, repeated
 * or over-priced notices bill nothing; targeting, blocks, budgets, the account's money and console
 * changes stop bidding at once.
 */

let t: TestApp;
let w: World;
let bidder: Bidder;
let exchange: { id: number; token: string };
let appId: string;
let ids: { c: number; g: number; cr: number };

const headers = () => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1) });
const post = (url: string, body: unknown) =>
  call(t.app, { method: 'POST', url, body, token: w.tokens.admin, headers: headers() });

const request = (over: Record<string, unknown> = {}) => ({
  id: `req-${Math.random().toString(36).slice(2)}`,
  imp: [{ id: '1', banner: { w: 320, h: 50 }, bidfloor: 0.5 }],
  app: { bundle: 'com.publisher.game', publisher: { id: 'pub-1' } },
  device: { os: 'Android', osv: '14', ifa: 'aaaaaaaa-1111-2222-3333-444444444444', geo: { country: 'DEU' } },
  at: 2,
  tmax: 200,
  ...over,
});

/** The app that answers `/rtb/*` on the server's port. */
const rtb = () => t.app.rtb as FastifyInstance;

const bid = (body: unknown, token = exchange.token, id = exchange.id) =>
  rtb().inject({
    method: 'POST',
    url: `/rtb/bid/${id}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Calls a notice URL of a bid with the exchange's price in place of the macro. */
const fire = (url: string, price: string) =>
  rtb().inject({ url: url.replace('http://localhost:3000', '').replace(RTB_MACROS.price, price) });

const storedFacts = async () => {
  const res = (await t.db.execute(sql`
    select coalesce(sum(bids), 0)::int as bids, coalesce(sum(wins), 0)::int as wins,
      coalesce(sum(impressions), 0)::int as impressions, coalesce(sum(cost), 0)::text as cost
    from stats_hourly where adv_id = ${w.adv1} and adgroup_id = ${ids.g}`)) as unknown as {
    rows: { bids: number; wins: number; impressions: number; cost: string }[];
  };
  return res.rows[0];
};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  bidder = t.app.bidder as Bidder;
  const res = await post('/scaler/v3/app', {
    name: 'Bid app',
    bundle_id: 'com.example.bid',
    os: 2,
    download_type: 1,
    download_link: 'https://play.google.com/store/apps/details?id=com.example.bid',
    partner: 'appsflyer',
    partner_app_id: 'idbid',
    events: [{ type: 1, event_type: 'install' }],
  });
  expect(res.body.code).toBe(0);
  appId = res.body.data._id;
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId: w.adv1,
      name: 'Bid campaign',
      campaignType: 'install',
      promoteGoal: 'app_install',
      os: 2,
      linkType: 1,
      appId,
    })
    .returning();
  const [g] = await t.db
    .insert(adGroups)
    .values({
      advId: w.adv1,
      campaignId: c.id,
      name: 'CPM DE',
      biddingType: 1,
      billingType: 1,
      bidPrice: '5',
      countries: ['DE', 'FR'],
      minOsVersion: '10',
    })
    .returning();
  const [cr] = await t.db
    .insert(creatives)
    .values({
      advId: w.adv1,
      campaignId: c.id,
      adgroupId: g.id,
      name: 'Banner',
      creativeType: 'image',
      title: 'Play now',
      reviewStatus: 3,
      materials: [
        { role: 'image', file: 'banner.png', mime: 'image/png', size: 100, width: 320, height: 50 },
      ],
    })
    .returning();
  ids = { c: c.id, g: g.id, cr: cr.id };
  exchange = await ensureExchange(t.db, { name: 'Test exchange', auctionType: 2, currency: 'USD' });
  await bidder.invalidate();
});
afterAll(() => t.close());

describe('bid requests', () => {
  test('an exchange is known by its id and token', async () => {
    expect((await bid(request(), 'rtb_wrong')).statusCode).toBe(401);
    expect((await bid(request(), exchange.token, 999_999)).statusCode).toBe(404);
  });

  test('malformed, oversized and non-JSON requests answer 400, never 5xx', async () => {
    expect((await bid({ id: 'x' })).statusCode).toBe(400);
    expect((await bid(request({ imp: [{ id: 1 }] }))).statusCode).toBe(400);
    expect((await bid('{not json')).statusCode).toBe(400);
    const huge = request({ app: { bundle: 'x', name: 'y'.repeat(70_000) } });
    expect((await bid(huge)).statusCode).toBe(400);
  });

  test('an eligible impression gets a second-price bid at the CPM with markup and signed notices', async () => {
    const res = await bid(request());
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-openrtb-version']).toBe('2.6');
    const body = res.json();
    const b = body.seatbid[0].bid[0];
    expect(b).toMatchObject({
      impid: '1',
      price: 5,
      crid: String(ids.cr),
      bundle: 'com.example.bid',
      mtype: 1,
    });
    expect(b.adm).toContain('/static/banner.png');
    expect(b.adm).toContain('/t/click?');
    expect(b.nurl).toContain('/rtb/win?');
    expect(b.burl).toContain(RTB_MACROS.price);
    expect(b.lurl).toContain(RTB_MACROS.loss);
    expect(b.adomain).toEqual([]);
  });

  test('first price bids a shaded price under the value, over the floor', async () => {
    const b = (await bid(request({ at: 1 }))).json().seatbid[0].bid[0];
    expect(b.price).toBeLessThan(5);
    expect(b.price).toBeGreaterThanOrEqual(0.5);
  });

  test('targeting and the request’s blocks answer 204 with a no-bid reason', async () => {
    const noBid = async (over: Record<string, unknown>) => {
      const res = await bid(request(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(204);
    };
    await noBid({ device: { os: 'Android', osv: '14', geo: { country: 'USA' } } });
    await noBid({ device: { os: 'Android', osv: '9', geo: { country: 'DEU' } } });
    await noBid({ device: { os: 'iOS', osv: '17', geo: { country: 'DEU' } } });
    await noBid({ bcat: ['IAB22'] });
    await noBid({ bapp: ['com.example.bid'] });
    await noBid({ wlang: ['ja'] });
    await noBid({ imp: [{ id: '1', banner: { w: 300, h: 250 } }] });
    await noBid({ imp: [{ id: '1', banner: { w: 320, h: 50 }, bidfloor: 6 }] });
    await noBid({ cur: ['EUR'] });
    const unsupported = await bid(request({ device: { os: 'Windows' } }));
    expect(unsupported.headers['x-openrtb-nbr']).toBe('6');
  });
});

describe('notices', () => {
  test('win and billing notices count once; the billed impression costs its clearing price', async () => {
    const before = await storedFacts();
    const b = (await bid(request())).json().seatbid[0].bid[0];
    expect((await fire(b.nurl, '3.2')).statusCode).toBe(200);
    const bills = await Promise.all(Array.from({ length: 10 }, () => fire(b.burl, '3.2')));
    expect(bills.every((r) => r.statusCode === 200)).toBe(true);
    await bidder.flushBids();
    const after = await storedFacts();
    expect(after.wins - before.wins).toBe(1);
    expect(after.impressions - before.impressions).toBe(1);
    expect(Number(after.cost) - Number(before.cost)).toBeCloseTo(0.0032, 6);
    expect(after.bids).toBeGreaterThan(before.bids);
  });

  test('a forged, re-kinded or over-priced notice bills nothing', async () => {
    const before = await storedFacts();
    const b = (await bid(request())).json().seatbid[0].bid[0];
    const forged = b.burl.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await fire(forged, '1')).statusCode).toBe(403);
    // The win notice's signature does not make a billing notice.
    const winSig = new URL(b.nurl).searchParams.get('s');
    expect((await fire(b.burl.replace(/s=[^&]+/, `s=${winSig}`), '1')).statusCode).toBe(403);
    expect((await fire(b.burl, '5.01')).statusCode).toBe(400);
    expect((await fire(b.burl, 'abc')).statusCode).toBe(400);
    expect(await storedFacts()).toMatchObject({ impressions: before.impressions, cost: before.cost });
  });
});

describe('stops', () => {
  test('a lifetime budget stops bids once reserved and billed spend reach it', async () => {
    await t.db.update(adGroups).set({ budgetType: 1, budget: '0.012' }).where(eq(adGroups.id, ids.g));
    await bidder.invalidate();
    const spent = Number((await storedFacts()).cost);
    let bids = 0;
    for (let i = 0; i < 10; i++) {
      const res = await bid(request());
      if (res.statusCode !== 200) break;
      bids++;
      await fire(res.json().seatbid[0].bid[0].burl, '5');
    }
    // 0.005 per impression: as many as fit under the budget with what was spent before.
    expect(bids).toBe(Math.floor((0.012 - spent) / 0.005 + 1e-9));
    await t.db.update(adGroups).set({ budgetType: null, budget: null }).where(eq(adGroups.id, ids.g));
    await bidder.invalidate();
  });

  test('an account whose money ran out does not bid, and bids again when money arrives', async () => {
    const [wallet] = await t.db
      .insert(wallets)
      .values({ ownerKind: 2, orgId: w.agency, advId: w.adv1, currency: 'USD', balance: '0' })
      .returning();
    await bidder.invalidate();
    await (bidder as unknown as { sync(): Promise<void> }).sync();
    expect((await bid(request())).statusCode).toBe(204);
    await t.db.update(wallets).set({ balance: '100' }).where(eq(wallets.id, wallet.id));
    await (bidder as unknown as { sync(): Promise<void> }).sync();
    expect((await bid(request())).statusCode).toBe(200);
  });

  test('pausing the ad group in the console stops bidding at once', async () => {
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/scaler/v3/adgroup',
      body: { ids: [ids.g], opt_status: 0 },
      token: w.tokens.admin,
      headers: headers(),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    await bidder.invalidate();
    expect((await bid(request())).statusCode).toBe(204);
  });
});

describe('the simulation endpoint of npm run simulate', () => {
  const simulation = (method: 'GET' | 'POST' | 'DELETE', key?: string, body?: unknown) =>
    t.app.inject({
      method,
      url: '/internal/simulation',
      headers: key ? { 'x-simulation-key': key } : {},
      ...(body ? { payload: body } : {}),
    });

  test('answers only with the key of the data folder, and starts and stops a run', async () => {
    const key = readSimulationKey(t.dataDir);
    expect((await simulation('GET')).statusCode).toBe(404);
    expect((await simulation('GET', `${key.slice(0, -1)}x`)).statusCode).toBe(404);
    expect((await simulation('POST', key, { qps: -1 })).statusCode).toBe(400);
    expect((await simulation('GET', key)).json()).toMatchObject({ running: false });
    const started = await simulation('POST', key, { qps: 1, minutes: 1 });
    expect(started.json()).toMatchObject({ running: true, qps: 1 });
    const stopped = await simulation('DELETE', key);
    expect(stopped.json()).toMatchObject({ running: false, last: { qps: 1 } });
    // Its exchange was registered and is known to the bidder at once.
    const exchanges = (await t.db.execute(sql`select name from exchanges`)) as unknown as {
      rows: { name: string }[];
    };
    expect(exchanges.rows.map((r) => r.name)).toContain('Simulator');
  });
});
