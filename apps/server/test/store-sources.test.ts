import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroupEvents, adGroups, campaigns, creatives, trackingTouches } from '../src/db/schema';
import { encodeNotice } from '../src/modules/delivery/notices';
import { generateStats } from '../src/modules/statistics/generator';
import {
  ensureDays,
  fullGrainFrom,
  keepPartitions,
  partitionDays,
  setFullGrainDays,
} from '../src/modules/statistics/partitions';
import { hourlyCharges, spendSince } from '../src/modules/statistics/queries/charges';
import { StoreWriter } from '../src/modules/statistics/store-writer';
import { type DeliveryFact, writeBatch } from '../src/modules/statistics/writer';
import { trackingKey, trackingUrl } from '../src/modules/tracking/signing';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * The statistics store as the ledger of record (issue 19): every source is counted once however often
 * it is written (a named batch, an impression or click notice, a postback), real traffic from the
 * public endpoints reaches list2, the custom report and statis with its cost by billing type, and the
 * generator neither adds to hours that hold facts nor spends past a budget.
 */

let t: TestApp;
let w: World;
let key: Buffer;
let app: { _id: string; postback_token: string };
let ids: { c: number; cpm: number; cpi: number; cpa: number; crCpm: number; crCpi: number; crCpa: number };

const today = () => new Date().toISOString().slice(0, 10);
const headers = () => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1) });
const post = (url: string, body: unknown) =>
  call(t.app, { method: 'POST', url, body, token: w.tokens.admin, headers: headers() });
const get = (url: string) => call(t.app, { url, token: w.tokens.admin, headers: headers() });

/** A signed touch URL of a creative, as served: with a notice id and, for an impression, a price. */
function touch(kind: 'click' | 'impression', g: number, cr: number, n?: string, price?: string) {
  const url = trackingUrl(key, 'http://console.test', kind, {
    a: String(w.adv1),
    app: app._id,
    c: String(ids.c),
    g: String(g),
    cr: String(cr),
    ...(n ? { n } : {}),
  })
    .replace('http://console.test', '')
    .replace('{bundle}', 'com.publisher.game')
    .replace('{country}', 'de')
    .replace('{os}', 'android')
    .replace('{idfa}', '')
    .replace('{gaid}', `gaid-${n ?? 'x'}`)
    .replace('{lang}', 'de');
  return t.app.inject({
    url: price ? `${url}&price=${price}` : url,
    headers: { 'user-agent': 'phone' },
  });
}

const postback = (query: Record<string, string>) =>
  t.app.inject({ url: `/t/postback/appsflyer/${app.postback_token}?${new URLSearchParams(query)}` });

/** Sends the same request `times` times at once; answers in order. */
const times = <T>(n: number, send: () => Promise<T>) => Promise.all(Array.from({ length: n }, send));

const clickIdOf = async (adgroupId: number) => {
  const [row] = await t.db
    .select({ id: trackingTouches.clickId })
    .from(trackingTouches)
    .where(sql`${trackingTouches.kind} = 2 and ${trackingTouches.adgroupId} = ${String(adgroupId)}`);
  return row.id;
};

/** What the store holds for an ad group today, summed straight from its hourly facts. */
const stored = async (adgroupId: number) => {
  const res = (await t.db.execute(sql`
    select coalesce(sum(impressions), 0)::int as impressions, coalesce(sum(clicks), 0)::int as clicks,
      coalesce(sum(installs), 0)::int as installs, coalesce(sum(cost), 0)::text as cost,
      coalesce(sum(revenue), 0)::text as revenue
    from stats_hourly where adv_id = ${w.adv1} and adgroup_id = ${adgroupId}`)) as unknown as {
    rows: { impressions: number; clicks: number; installs: number; cost: string; revenue: string }[];
  };
  return res.rows[0];
};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  key = await trackingKey(t.db);
  const res = await post('/scaler/v3/app', {
    name: 'Store app',
    bundle_id: 'com.example.store',
    os: 2,
    download_type: 1,
    download_link: 'https://play.google.com/store/apps/details?id=com.example.store',
    partner: 'appsflyer',
    partner_app_id: 'idstore',
    events: [
      { type: 1, event_type: 'install' },
      { type: 1, event_type: 'purchase' },
    ],
  });
  expect(res.body.code).toBe(0);
  app = res.body.data;
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId: w.adv1,
      name: 'Store feed',
      campaignType: 'install',
      promoteGoal: 'app_install',
      os: 2,
      linkType: 1,
      appId: app._id,
    })
    .returning();
  const group = async (name: string, biddingType: number, billingType: number, bidPrice: string) =>
    (
      await t.db
        .insert(adGroups)
        .values({ advId: w.adv1, campaignId: c.id, name, biddingType, billingType, bidPrice })
        .returning()
    )[0].id;
  const cpm = await group('CPM', 1, 1, '5');
  const cpi = await group('CPI', 4, 2, '2.5');
  const cpa = await group('CPA', 3, 3, '1');
  await t.db.insert(adGroupEvents).values({ adgroupId: cpa, eventId: 'purchase', bid: '4' });
  const creative = async (adgroupId: number) =>
    (
      await t.db
        .insert(creatives)
        .values({
          advId: w.adv1,
          campaignId: c.id,
          adgroupId,
          name: 'Banner',
          creativeType: 'image',
          reviewStatus: 3,
        })
        .returning()
    )[0].id;
  ids = {
    c: c.id,
    cpm,
    cpi,
    cpa,
    crCpm: await creative(cpm),
    crCpi: await creative(cpi),
    crCpa: await creative(cpa),
  };
});
afterAll(() => t.close());

describe('tracking feeds the store, each source once', () => {
  test('an impression sent 20 times at once is one impression; a viewer’s price bills nothing', async () => {
    const answers = await times(20, () => touch('impression', ids.cpm, ids.crCpm, 'imp-1', '3.2'));
    expect(answers.every((a) => a.statusCode < 300)).toBe(true);
    // Cost comes from the bidder's signed billing notices (bidder.test.ts), never from the viewer.
    expect(await stored(ids.cpm)).toMatchObject({ impressions: 1, clicks: 0, cost: '0.000000' });
    // A plain impression (no notice id) counts too: it cannot be told from a replay.
    await touch('impression', ids.cpm, ids.crCpm, undefined, '3.2');
    await touch('impression', ids.cpm, ids.crCpm, 'imp-2', '1e9');
    await times(5, () => touch('click', ids.cpm, ids.crCpm, 'imp-1'));
    expect(await stored(ids.cpm)).toMatchObject({ impressions: 3, clicks: 1, cost: '0.000000' });
  });

  test('a billing notice sent 20 times at once is one impression at its clearing price (CPM)', async () => {
    const { d, sig } = encodeNotice(key, {
      n: 'bill-1',
      x: 1,
      a: w.adv1,
      c: ids.c,
      g: ids.cpm,
      cr: ids.crCpm,
      as: app._id,
      l: 1,
      bundle: 'com.publisher.game',
      country: 'DE',
      os: 2,
      bp: 5,
      v: 5,
      t: Math.floor(Date.now() / 1000),
    });
    const answers = await times(20, () =>
      (t.app.rtb as FastifyInstance).inject({ url: `/rtb/bill?d=${d}&s=${sig.bill}&p=3.2` }),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await stored(ids.cpm)).toMatchObject({ impressions: 4, clicks: 1, cost: '0.003200' });
  });

  test('a click and its install postback sent 20 times at once count once; the install costs the CPI bid', async () => {
    const clicks = await times(20, () => touch('click', ids.cpi, ids.crCpi, 'imp-3'));
    expect(clicks.every((c) => c.statusCode === 302)).toBe(true);
    const clickId = await clickIdOf(ids.cpi);
    const installs = await times(20, () =>
      postback({ click_id: clickId, event: 'install', event_uid: 'inst-1', gaid: 'user-1' }),
    );
    expect(installs.filter((a) => a.json().data.status === 'accepted')).toHaveLength(1);
    // A second install for the same click is a duplicate, never a second charge.
    const again = await postback({
      click_id: clickId,
      event: 'install',
      event_uid: 'inst-2',
      gaid: 'user-1',
    });
    expect(again.json().data.status).toBe('duplicate');
    expect(await stored(ids.cpi)).toMatchObject({ clicks: 1, installs: 1, cost: '2.500000' });
  });

  test('an optimised event costs its bid (CPA) and brings its revenue and the cohort’s, once', async () => {
    await touch('click', ids.cpa, ids.crCpa, 'imp-4');
    const clickId = await clickIdOf(ids.cpa);
    await postback({ click_id: clickId, event: 'install', event_uid: 'inst-3', gaid: 'user-2' });
    const purchase = {
      click_id: clickId,
      event: 'purchase',
      event_uid: 'buy-1',
      revenue: '9.99',
      currency: 'USD',
      gaid: 'user-2',
    };
    const answers = await times(20, () => postback(purchase));
    expect(answers.filter((a) => a.json().data.status === 'accepted')).toHaveLength(1);
    // Revenue in another currency is not added to the account's (no rates here).
    await postback({ ...purchase, event_uid: 'buy-2', currency: 'EUR' });
    // CPA bills each optimised event (both purchases); the install brings no cost here.
    expect(await stored(ids.cpa)).toMatchObject({
      clicks: 1,
      installs: 1,
      cost: '8.000000',
      revenue: '9.990000',
    });
    const cohort = (await t.db.execute(sql`
      select day_n, revenue::text as revenue from stats_cohort where adv_id = ${w.adv1} and adgroup_id = ${ids.cpa}`)) as unknown as {
      rows: { day_n: number; revenue: string }[];
    };
    expect(cohort.rows).toEqual([{ day_n: 0, revenue: '9.990000' }]);
  });

  test('list2, the custom report and statis read these facts back', async () => {
    const range = { start_date: today(), end_date: today() };
    const groups = await post('/scaler/v3/adgroup/list2', {
      ...range,
      sort_field: 'gmv',
      sort_order: 'desc',
    });
    expect(groups.body.code, JSON.stringify(groups.body)).toBe(0);
    const byId = new Map(
      (groups.body.data.list as { adgroup_id: number }[]).map((g) => [
        g.adgroup_id,
        g as Record<string, unknown>,
      ]),
    );
    expect(byId.get(ids.cpm)).toMatchObject({ impression: 4, clicks: 1, gmv: 0.0032 });
    // Ratios as computed, in the list as in the report (no rounding to six decimals in one of them).
    expect(byId.get(ids.cpm)?.ctr).toBe(1 / 4);
    expect(byId.get(ids.cpi)).toMatchObject({ clicks: 1, actives: 1, gmv: 2.5 });
    expect(byId.get(ids.cpa)).toMatchObject({ clicks: 1, actives: 1, gmv: 8 });

    const report = await post('/scaler/v3/report/custom', {
      ...range,
      dimensions: ['adgroup'],
      sort_field: 'gmv',
      sort_order: 'desc',
    });
    expect(report.body.code, JSON.stringify(report.body)).toBe(0);
    expect(report.body.data.totals).toMatchObject({ impression: 4, clicks: 3, actives: 2, gmv: 10.5032 });
    const cpmRow = (report.body.data.list as { adgroup_id: number; ctr: number }[]).find(
      (r) => r.adgroup_id === ids.cpm,
    );
    expect(cpmRow?.ctr).toBe(1 / 4);

    // Finance's charges and the pacing's spend read the same cost, to the cent.
    const dayStart = new Date(`${today()}T00:00:00Z`);
    const charges = await hourlyCharges(t.db, w.adv1, dayStart, new Date(dayStart.getTime() + 86_400_000));
    const byGroup = new Map<number, number>();
    for (const c of charges) byGroup.set(c.adgroupId, (byGroup.get(c.adgroupId) ?? 0) + Number(c.cost));
    expect(Object.fromEntries(byGroup)).toEqual({ [ids.cpm]: 0.0032, [ids.cpi]: 2.5, [ids.cpa]: 8 });
    const spent = await spendSince(t.db, w.adv1, dayStart);
    expect(spent.total).toBe('10.503200');
    expect(spent.adgroups.get(ids.cpi)).toBe('2.500000');

    const home = await get(`/scaler/v3/statis?start_date=${today()}&end_date=${today()}`);
    expect(home.body.code, JSON.stringify(home.body)).toBe(0);
    expect(home.body.data.current).toMatchObject({ impression: 4, clicks: 3, actives: 2, gmv: 10.5032 });
  });
});

describe('named batches and the generator', () => {
  test('a batch written twice, or ten times at once, is counted once', async () => {
    const fact: DeliveryFact = {
      advId: w.adv1,
      campaignId: ids.c,
      adgroupId: ids.cpm,
      creativeId: ids.crCpm,
      hour: new Date('2026-01-05T10:00:00Z'),
      bundle: 'com.pub.batch',
      country: 'US',
      os: 2,
      impressions: 1000,
      cost: '1.25',
    };
    const batch = { advId: w.adv1, source: 'test', key: 'batch-1' };
    const written = await Promise.all(
      Array.from({ length: 10 }, () => t.db.transaction((tx) => writeBatch(tx, batch, { facts: [fact] }))),
    );
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await t.db.transaction((tx) => writeBatch(tx, batch, { facts: [fact] }))).toBe(false);
    const res = (await t.db.execute(sql`
      select sum(impressions)::int as n, sum(cost)::text as cost from stats_daily
      where adv_id = ${w.adv1} and bundle = 'com.pub.batch'`)) as unknown as {
      rows: { n: number; cost: string }[];
    };
    expect(res.rows[0]).toEqual({ n: 1000, cost: '1.250000' });
  });

  test('the store writer merges concurrent batches into one transaction and still writes each name once', async () => {
    const store = new StoreWriter(t.db);
    const fact = (impressions: number): DeliveryFact => ({
      advId: w.adv1,
      campaignId: ids.c,
      adgroupId: ids.cpm,
      creativeId: ids.crCpm,
      hour: new Date('2026-01-06T10:00:00Z'),
      bundle: 'com.pub.window',
      country: 'US',
      os: 2,
      impressions,
      cost: '0.25',
    });
    const name = (key: string) => ({ advId: w.adv1, source: 'test', key });
    // Ten distinct batches and the first one's name three times more, all at once.
    const written = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => store.write(name(`window-${i}`), { facts: [fact(i + 1)] })),
      ...Array.from({ length: 3 }, () => store.write(name('window-0'), { facts: [fact(1000)] })),
    ]);
    expect(written).toEqual([...Array.from({ length: 10 }, () => true), false, false, false]);
    // Later, the same names again: nothing.
    expect(await store.write(name('window-3'), { facts: [fact(1000)] })).toBe(false);
    await store.drain();
    const res = (await t.db.execute(sql`
      select sum(impressions)::int as n, sum(cost)::text as cost from stats_hourly
      where adv_id = ${w.adv1} and bundle = 'com.pub.window'`)) as unknown as {
      rows: { n: number; cost: string }[];
    };
    expect(res.rows[0]).toEqual({ n: 55, cost: '2.500000' });
  });

  test('the generator run twice over the same days adds only empty hours, and never past a budget', async () => {
    const now = new Date('2026-02-10T12:30:00Z');
    // A campaign of its own, created before the days generated.
    const [c] = await t.db
      .insert(campaigns)
      .values({
        advId: w.adv2,
        name: 'Generated',
        campaignType: 'install',
        promoteGoal: 'web_traffic',
        os: 2,
        linkType: 2,
        landingUrl: 'https://x.test',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    const [g] = await t.db
      .insert(adGroups)
      .values({
        advId: w.adv2,
        campaignId: c.id,
        name: 'G',
        biddingType: 1,
        billingType: 1,
        bidPrice: '2',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    await t.db.insert(creatives).values({
      advId: w.adv2,
      campaignId: c.id,
      adgroupId: g.id,
      name: 'Banner',
      creativeType: 'image',
      reviewStatus: 3,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      reviewedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const totals = async () => {
      const res = (await t.db.execute(sql`
        select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, sum(impressions)::int as n,
          sum(cost)::text as cost
        from stats_hourly where adv_id = ${w.adv2} group by 1 order by 1`)) as unknown as {
        rows: { day: string; n: number; cost: string }[];
      };
      return res.rows;
    };
    const first = await generateStats(t.db, { advId: w.adv2, days: 3, now, seed: 7 });
    expect(first.facts).toBeGreaterThan(0);
    const after = await totals();
    expect(after.map((d) => d.day)).toEqual(['2026-02-08', '2026-02-09', '2026-02-10']);

    const second = await generateStats(t.db, { advId: w.adv2, days: 3, now, seed: 8 });
    expect(second.facts).toBe(0);
    expect(second.skippedHours).toBeGreaterThan(0);
    expect(await totals()).toEqual(after);

    // Later the same day: only the hours since are added.
    const later = await generateStats(t.db, {
      advId: w.adv2,
      days: 1,
      now: new Date('2026-02-10T15:30:00Z'),
    });
    expect(later.facts).toBeGreaterThan(0);
    const hours = (await t.db.execute(sql`
      select count(distinct hour)::int as n from stats_hourly_ad where adv_id = ${w.adv2}
        and hour >= '2026-02-10T00:00:00Z'`)) as unknown as { rows: { n: number }[] };
    expect(hours.rows[0].n).toBe(15);

    // A daily budget already reached: the next run over the same days adds nothing to it.
    await t.db.update(campaigns).set({ budgetType: 0, budget: '1' }).where(eq(campaigns.id, c.id));
    const before = await totals();
    const capped = await generateStats(t.db, {
      advId: w.adv2,
      days: 3,
      now: new Date('2026-02-10T23:30:00Z'),
    });
    const afterCap = await totals();
    expect(afterCap.slice(0, 2)).toEqual(before.slice(0, 2));
    // The last day was under its budget for its first 15 hours only if it spent under $1 then.
    const spentBefore = Number(before[2].cost);
    const spentAfter = Number(afterCap[2].cost);
    if (spentBefore >= 1) expect(spentAfter).toBe(spentBefore);
    else expect(spentAfter).toBeLessThanOrEqual(1);
    expect(capped.skippedHours).toBeGreaterThan(0);
  });
});

describe('the full grain’s day partitions and their retention', () => {
  const count = async (table: string, from: string, to: string) =>
    (
      (await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where hour >= ${from}::timestamptz and hour < ${to}::timestamptz`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;

  test('facts of a day without a partition wait in the default one and move into the day’s when it is made', async () => {
    const fact: DeliveryFact = {
      advId: w.adv1,
      campaignId: ids.c,
      adgroupId: ids.cpm,
      creativeId: ids.crCpm,
      hour: new Date('2025-06-01T05:00:00Z'),
      bundle: 'com.pub.old',
      country: 'US',
      os: 2,
      impressions: 10,
      cost: '0.5',
    };
    await t.db.transaction((tx) =>
      writeBatch(tx, { advId: w.adv1, source: 'test', key: 'old-day' }, { facts: [fact] }),
    );
    expect(await count('stats_hourly_default', '2025-06-01', '2025-06-02')).toBe(1);
    expect(await ensureDays(t.db, '2025-05-31', '2025-06-02')).toEqual([
      '2025-05-31',
      '2025-06-01',
      '2025-06-02',
    ]);
    expect(await ensureDays(t.db, '2025-05-31', '2025-06-02')).toEqual([]);
    expect(await count('stats_hourly_default', '2025-06-01', '2025-06-02')).toBe(0);
    expect(await count('stats_hourly_d20250601', '2025-06-01', '2025-06-02')).toBe(1);
    // The parent table reads the same facts.
    expect(await count('stats_hourly', '2025-06-01', '2025-06-02')).toBe(1);
  });

  test('the keeper makes the days ahead and drops full-grain days past the retention, keeping the rollups', async () => {
    const now = new Date('2025-06-10T12:00:00Z');
    const kept = await keepPartitions(t.db, { now, fullGrainDays: 9, aheadDays: 2 });
    expect(kept.created).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12']);
    expect(kept.dropped).toEqual(['2025-05-31', '2025-06-01']);
    expect(fullGrainFrom(9, '2025-06-10')).toBe('2025-06-02');
    expect(await count('stats_hourly', '2025-06-01', '2025-06-02')).toBe(0);
    const rollups = (await t.db.execute(sql`
      select (select sum(impressions)::int from stats_daily where adv_id = ${w.adv1} and day = '2025-06-01') as daily,
        (select sum(impressions)::int from stats_hourly_ad where adv_id = ${w.adv1}
          and hour >= '2025-06-01' and hour < '2025-06-02') as hourly_ad`)) as unknown as {
      rows: { daily: number; hourly_ad: number }[];
    };
    expect(rollups.rows[0]).toEqual({ daily: 10, hourly_ad: 10 });
    expect(await partitionDays(t.db)).toContain('2025-06-12');
  });
});

describe('reports past the full grain’s retention', () => {
  test('a report that needs hours by publisher, country or OS before the kept days is refused; others answer', async () => {
    setFullGrainDays(30);
    try {
      const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
      const body = { start_date: start, end_date: today(), sort_field: 'gmv', sort_order: 'desc' };
      const zoned = (extra: Record<string, unknown>, timezone = '+08:00', language = 'en-US') =>
        call(t.app, {
          method: 'POST',
          url: '/scaler/v3/report/custom',
          body: { ...body, ...extra },
          token: w.tokens.admin,
          headers: { ...headers(), timezone, language },
        });
      const refused = await zoned({ dimensions: ['date', 'country'] });
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields[0]).toMatchObject({ path: 'start_date' });
      expect(refused.body.data.fields[0].message).toContain('kept for 30 days');
      const zh = await zoned({ dimensions: ['date', 'country'] }, '+08:00', 'zh-CN');
      expect(zh.body.data.fields[0].message).toContain('30 天');
      // By day in UTC the daily rollup serves; by campaign the per-creative hours (kept for good).
      expect((await zoned({ dimensions: ['date', 'country'] }, '+00:00')).body.code).toBe(0);
      expect((await zoned({ dimensions: ['date', 'campaign'] })).body.code).toBe(0);
      // list2 reads the per-creative hours too.
      const list = await call(t.app, {
        method: 'POST',
        url: '/scaler/v3/campaign/list2',
        body,
        token: w.tokens.admin,
        headers: { ...headers(), timezone: '+08:00' },
      });
      expect(list.body.code).toBe(0);
    } finally {
      setFullGrainDays(null);
    }
  });
});
