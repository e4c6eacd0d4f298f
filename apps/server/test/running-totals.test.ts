import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroups, creatives } from '../src/db/schema';
import { rebuildRunningTotals } from '../src/modules/statistics/running-totals';
import { type DeliveryFact, writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, type TestApp } from './harness';
import { backdateMarkup } from './money';
import { buildWorld, testCampaign, type World } from './world';

/**
 * The lists' running totals (`stats_cumulative`, `stats_lifetime`) against the facts they summarise:
 * facts written through the writer in batches, late ones among them (a day in the middle of an
 * object's span, a day before its first, a day after a gap), then every running total is compared
 * with a sum over `stats_hourly`, the bulk rebuild with what the writer kept, and list2 at every level
 * with a sum over `stats_hourly` for ranges of days in every zone from −10:00 to +12:00. Any drift fails.
 */

let t: TestApp;
let w: World;
/** campaign → ad groups → creatives: c1 (g1: cr1, cr2; g2: cr3), c2 (g3: cr4), c3 without facts. */
const o = { c: [] as number[], g: [] as number[], cr: [] as number[] };

const LEVELS = [
  { level: 'campaign', key: 'campaign_id', ids: () => o.c },
  { level: 'adgroup', key: 'adgroup_id', ids: () => o.g },
  { level: 'creative', key: 'creative_id', ids: () => o.cr },
] as const;

/** Creative index → its ad group and campaign. */
const parents = (i: number) => {
  const g = [0, 0, 1, 2][i];
  return { creativeId: o.cr[i], adgroupId: o.g[g], campaignId: o.c[g === 2 ? 1 : 0] };
};

let seed = 11;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

/** Facts of a creative on a UTC day, at hours that fall on both sides of every zone's midnight. */
function factsOn(i: number, day: string, hours = [0, 3, 4, 5, 15, 16, 17, 23]): DeliveryFact[] {
  return hours.map((h) => ({
    advId: w.adv1,
    ...parents(i),
    hour: new Date(`${day}T${String(h).padStart(2, '0')}:20:00Z`),
    bundle: rand() < 0.5 ? 'com.pub.a' : 'com.pub.b',
    country: rand() < 0.5 ? 'US' : 'DE',
    os: 2,
    impressions: 100 + Math.floor(rand() * 900),
    clicks: Math.floor(rand() * 40),
    installs: Math.floor(rand() * 5),
    cost: (rand() * 20).toFixed(6),
    revenue: (rand() * 9).toFixed(6),
    revenueFinal: (rand() * 8).toFixed(6),
  }));
}

const write = (facts: DeliveryFact[]) => t.db.transaction((tx) => writeFacts(tx, facts));
const rowsOf = async (q: ReturnType<typeof sql>) =>
  (await t.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  for (const name of ['Running one', 'Running two', 'Running three']) {
    o.c.push(await testCampaign(t, w.adv1, name));
  }
  for (const campaignId of [o.c[0], o.c[0], o.c[1]]) {
    const [g] = await t.db
      .insert(adGroups)
      .values({ advId: w.adv1, campaignId, name: 'G', biddingType: 1, billingType: 1, bidPrice: '2' })
      .returning();
    o.g.push(g.id);
  }
  for (const [campaignId, adgroupId] of [
    [o.c[0], o.g[0]],
    [o.c[0], o.g[0]],
    [o.c[0], o.g[1]],
    [o.c[1], o.g[2]],
  ]) {
    const [cr] = await t.db
      .insert(creatives)
      .values({ advId: w.adv1, campaignId, adgroupId, name: 'C', creativeType: 'image', reviewStatus: 3 })
      .returning();
    o.cr.push(cr.id);
  }
  // In time order, a few days per batch, several days of one object in one batch.
  await write([...factsOn(0, '2026-04-03'), ...factsOn(1, '2026-04-03'), ...factsOn(3, '2026-04-03')]);
  await write([...factsOn(0, '2026-04-04'), ...factsOn(0, '2026-04-05'), ...factsOn(3, '2026-04-05')]);
  await write([...factsOn(1, '2026-04-06'), ...factsOn(3, '2026-04-06'), ...factsOn(0, '2026-04-07')]);
  // Late: a day inside the span (cr0, cr3), a day before the first (cr1 and its campaign: 04-01,
  // leaving 04-02 to fill), a new object in the middle (cr2 on 04-05).
  await write([...factsOn(0, '2026-04-04', [6, 23]), ...factsOn(3, '2026-04-04', [1])]);
  await write([...factsOn(1, '2026-04-01'), ...factsOn(2, '2026-04-05')]);
  // After a gap (04-08 and 04-09 filled), and a late hour of a day already written, in one batch.
  await write([...factsOn(3, '2026-04-10', [2, 20]), ...factsOn(1, '2026-04-03', [12])]);
});
afterAll(() => t.close());

/** Every running total of the account that differs from the sum of its hourly facts through its day. */
const drift = () =>
  rowsOf(sql`
    with h as (
      select 1 as level, campaign_id as object_id, (hour at time zone 'UTC')::date as day, impressions, clicks, cost, installs, revenue, revenue_final
        from stats_hourly where adv_id = ${w.adv1}
      union all select 2, adgroup_id, (hour at time zone 'UTC')::date, impressions, clicks, cost, installs, revenue, revenue_final
        from stats_hourly where adv_id = ${w.adv1}
      union all select 3, creative_id, (hour at time zone 'UTC')::date, impressions, clicks, cost, installs, revenue, revenue_final
        from stats_hourly where adv_id = ${w.adv1})
    select c.level, c.object_id, c.day from stats_cumulative c
    cross join lateral (
      select coalesce(sum(impressions), 0) as impressions, coalesce(sum(clicks), 0) as clicks, coalesce(sum(cost), 0) as cost,
        coalesce(sum(installs), 0) as installs, coalesce(sum(revenue), 0) as revenue, coalesce(sum(revenue_final), 0) as revenue_final
      from h where h.level = c.level and h.object_id = c.object_id and h.day <= c.day) s
    where c.adv_id = ${w.adv1}
      and row(c.impressions, c.clicks, c.cost, c.installs, c.revenue, c.revenue_final)
        is distinct from row(s.impressions, s.clicks, s.cost, s.installs, s.revenue, s.revenue_final)`);

describe('running totals', () => {
  test('every running total equals the hourly facts through its day; spans are dense; lifetime rows are the last day', async () => {
    expect((await drift()).rows).toEqual([]);
    const spans = await rowsOf(sql`
      select l.level, l.object_id, l.first_day::text as first_day, l.last_day::text as last_day,
        (select count(*)::int from stats_cumulative c where c.adv_id = l.adv_id and c.level = l.level and c.object_id = l.object_id) as days,
        l.cost = (select c.cost from stats_cumulative c where c.adv_id = l.adv_id and c.level = l.level
          and c.object_id = l.object_id and c.day = l.last_day) as last_equal
      from stats_lifetime l where l.adv_id = ${w.adv1} order by 1, 2`);
    const byId = new Map(spans.rows.map((r) => [`${r.level}:${r.object_id}`, r]));
    // c1 from cr1's late 04-01 to 04-07; c2 from 04-03 to 04-10 (04-08/09 filled); c3 has no facts.
    expect(byId.get(`1:${o.c[0]}`)).toMatchObject({
      first_day: '2026-04-01',
      last_day: '2026-04-07',
      days: 7,
    });
    expect(byId.get(`1:${o.c[1]}`)).toMatchObject({
      first_day: '2026-04-03',
      last_day: '2026-04-10',
      days: 8,
    });
    expect(byId.has(`1:${o.c[2]}`)).toBe(false);
    expect(byId.get(`3:${o.cr[2]}`)).toMatchObject({
      first_day: '2026-04-05',
      last_day: '2026-04-05',
      days: 1,
    });
    expect(spans.rows).toHaveLength(2 + 3 + 4);
    for (const r of spans.rows) {
      const days = (Date.parse(String(r.last_day)) - Date.parse(String(r.first_day))) / 86_400_000 + 1;
      expect(r.days, `${r.level}:${r.object_id}`).toBe(days);
      expect(r.last_equal).toBe(true);
    }
  });
});

describe('list2 over running totals', () => {
  const RANGES = [
    ['2026-04-01', '2026-04-10'],
    ['2026-04-04', '2026-04-04'],
    ['2026-04-02', '2026-04-06'],
    ['2026-03-25', '2026-04-02'],
    ['2026-04-08', '2026-04-20'],
    ['2026-04-05', '2026-04-07'],
    ['2026-04-06', '2026-04-09'],
  ];
  const ZONES = ['+00:00', '+08:00', '-05:00'];

  /** Per object of a level: the sums of the hourly facts in [from, to), the markup applied per UTC day. */
  async function expected(
    key: string,
    from: Date,
    to: Date,
    markup?: { ratio: number; start: string; end: string },
  ) {
    const cost = markup
      ? sql`sum(case when (hour at time zone 'UTC')::date between ${markup.start}::date and ${markup.end}::date
          then cost * ${String(1 + markup.ratio)}::numeric else cost end)`
      : sql`sum(cost)`;
    const res = await rowsOf(sql`
      select ${sql.raw(key)} as id, sum(impressions)::text as impression, sum(clicks)::text as clicks, ${cost}::text as gmv,
        sum(installs)::text as actives, sum(revenue)::text as rev, sum(revenue_final)::text as rev_final
      from stats_hourly where adv_id = ${w.adv1} and hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz
      group by 1`);
    return new Map(res.rows.map((r) => [Number(r.id), r]));
  }

  const money = (v: unknown) => Math.round(Number(v ?? 0) * 1e6) / 1e6;

  async function compare(
    zone: string,
    who: 'admin' | 'user1',
    markup?: { ratio: number; start: string; end: string },
  ) {
    for (const [start, end] of RANGES) {
      const from = new Date(`${start}T00:00:00${zone}`);
      const to = new Date(Date.parse(`${end}T00:00:00${zone}`) + 86_400_000);
      for (const { level, key, ids } of LEVELS) {
        const res = await call(t.app, {
          method: 'POST',
          url: `/scaler/v3/${level}/list2`,
          body: { start_date: start, end_date: end, sort_field: 'gmv', page_size: 100 },
          token: w.tokens[who],
          headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), timezone: zone },
        });
        expect(res.status).toBe(200);
        const want = await expected(key, from, to, markup);
        const where = `${level} ${start}..${end} ${zone}`;
        const list = res.body.data.list as Record<string, number>[];
        expect(res.body.data.total, where).toBe(ids().length);
        let gmv = 0;
        for (const id of ids()) {
          const row = list.find((r) => r[key] === id);
          const e = want.get(id);
          expect(
            [
              row?.impression,
              row?.clicks,
              row?.gmv,
              row?.actives,
              row?.advertiser_revenue1,
              row?.advertiser_final_revenue,
            ],
            `${where} #${id}`,
          ).toEqual([
            Number(e?.impression ?? 0),
            Number(e?.clicks ?? 0),
            money(e?.gmv),
            Number(e?.actives ?? 0),
            money(e?.rev),
            money(e?.rev_final),
          ]);
          gmv += Number(e?.gmv ?? 0);
        }
        // Sorted by cost, and the totals row over every object.
        const costs = list.map((r) => r.gmv);
        expect(costs, where).toEqual([...costs].sort((a, b) => b - a));
        expect(res.body.data.totals.gmv, where).toBe(money(gmv));
      }
    }
  }

  // Every whole-hour zone of spec 9, −10:00 … +12:00.
  const ALL_ZONES = Array.from({ length: 23 }, (_, i) => {
    const h = i - 10;
    return `${h < 0 ? '-' : '+'}${String(Math.abs(h)).padStart(2, '0')}:00`;
  });
  for (const zone of ALL_ZONES) {
    test(`every level, every range at ${zone} equals the hourly facts`, () => compare(zone, 'admin'));
  }

  test('a markup window inside the ranges is applied per UTC day, in every zone', async () => {
    const markup = { ratio: 0.25, start: '2026-04-04', end: '2026-04-06' };
    await backdateMarkup(t.db, w.adv1, { ratio: '0.25', start: markup.start, end: markup.end });
    // user1 sees the Advertiser view (markup applied).
    for (const zone of ZONES) await compare(zone, 'user1', markup);
  });

  test('a late fact written after the first reads shows in the next read', async () => {
    const before = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/creative/list2',
      body: { start_date: '2026-04-02', end_date: '2026-04-05', sort_field: 'gmv' },
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), timezone: '+08:00' },
    });
    const row = (b: typeof before) =>
      (b.body.data.list as { creative_id: number; impression: number }[]).find(
        (r) => r.creative_id === o.cr[2],
      );
    // cr3 had facts only on 04-05; a late one on 04-02 (before its first day) at 20:00 UTC (04-03 at +08:00).
    await write([{ ...factsOn(2, '2026-04-02', [20])[0], impressions: 7 }]);
    expect((await drift()).rows).toEqual([]);
    const after = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/creative/list2',
      body: { start_date: '2026-04-02', end_date: '2026-04-05', sort_field: 'gmv' },
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), timezone: '+08:00' },
    });
    expect(row(after)?.impression).toBe((row(before)?.impression ?? 0) + 7);
  });
});

describe('the bulk path', () => {
  // Last: the rebuild would repair a drift the tests above must see.
  test('the bulk rebuild from the daily rollup leaves exactly what the writer kept', async () => {
    const snapshot = async () => [
      (
        await rowsOf(
          sql`select * from stats_cumulative where adv_id = ${w.adv1} order by level, object_id, day`,
        )
      ).rows,
      (await rowsOf(sql`select * from stats_lifetime where adv_id = ${w.adv1} order by level, object_id`))
        .rows,
    ];
    const kept = await snapshot();
    await rebuildRunningTotals(t.db, w.adv1);
    expect(await snapshot()).toEqual(kept);
  });
});
