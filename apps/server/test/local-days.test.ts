import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advertisers, statsDailyLocal } from '../src/db/schema';
import { addDays, localDate } from '../src/modules/clock/clock';
import { dropFormerZones } from '../src/modules/statistics/partitions';
import { type DeliveryFact, writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, deliveryObjects, type World } from './world';

/**
 * The rollup by the account's own day (issue 19, `stats_daily_local`): the writer keeps it beside the
 * UTC rollup for an account not in UTC, a report by day and country in the account's zone reads it, and
 * every other zone reads the UTC rollup corrected by hours. Both ways answer the same sums; a change of
 * the account's zone starts the new zone's rollup the next day, and reports stay exact meanwhile.
 */

let t: TestApp;
let w: World;
let ids: { campaignId: number; adgroupId: number; creativeId: number };
const HOUR = 3_600_000;

const report = async (body: Record<string, unknown>, timezone: string) => {
  const res = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/report/custom',
    token: w.tokens.user1,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), timezone },
    body: { sort_field: 'date', sort_order: 'asc', page_size: 100, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: Record<string, number | string>[]; totals: Record<string, number> };
};

/** Rows as `date country impressions gmv`, sorted. */
const rows = (list: Record<string, number | string>[]) =>
  list.map((r) => `${r.date} ${r.country} ${r.impression} ${r.gmv}`).sort();

/** What facts sum to by local day of `offset` and country, over the days of `range`. */
const expected = (facts: DeliveryFact[], offset: number, range: { start_date: string; end_date: string }) => {
  const sums = new Map<string, { impressions: number; cost: number }>();
  for (const f of facts) {
    const day = localDate(f.hour, offset);
    if (day < range.start_date || day > range.end_date) continue;
    const key = `${day} ${f.country}`;
    const s = sums.get(key) ?? { impressions: 0, cost: 0 };
    s.impressions += f.impressions ?? 0;
    s.cost += Number(f.cost ?? 0);
    sums.set(key, s);
  }
  return [...sums].map(([k, s]) => `${k} ${s.impressions} ${Math.round(s.cost * 100) / 100}`).sort();
};

const write = (facts: DeliveryFact[]) => t.db.transaction((tx) => writeFacts(tx, facts));

/** Facts every hour from `from` for `hours` hours, in two countries. */
const factsFrom = (from: Date, hours: number, seed: number): DeliveryFact[] =>
  Array.from({ length: hours }, (_, h) =>
    ['US', 'JP'].map((country, k) => ({
      advId: w.adv1,
      ...ids,
      hour: new Date(from.getTime() + h * HOUR),
      bundle: `com.pub.${(h + k) % 3}`,
      country,
      os: 2,
      impressions: 10 + ((h * 7 + k + seed) % 13),
      cost: ((h * 3 + k + seed) % 9) + 0.25,
    })),
  ).flat();

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  ids = await deliveryObjects(t, w.adv1, 'Local days');
});
afterAll(() => t.close());

describe('the rollup by the account’s own day', () => {
  test('an account in Asia/Shanghai: its days by country from the local rollup equal the facts and the corrected UTC rollup', async () => {
    await t.db
      .update(advertisers)
      .set({ timezone: 'Asia/Shanghai', localStatsFrom: '2000-01-01' })
      .where(eq(advertisers.advId, w.adv1));
    // Three days of hours from 2026-03-01 00:00 UTC (08:00 in Shanghai), crossing four local midnights.
    const facts = factsFrom(new Date('2026-03-01T00:00:00Z'), 72, 1);
    await write(facts);

    // The writer kept the local rollup: per Shanghai day, the facts' sums.
    const kept = await t.db
      .select({
        day: statsDailyLocal.day,
        impressions: sql<number>`sum(${statsDailyLocal.impressions})::int`,
      })
      .from(statsDailyLocal)
      .where(and(eq(statsDailyLocal.advId, w.adv1), eq(statsDailyLocal.zone, 'Asia/Shanghai')))
      .groupBy(statsDailyLocal.day)
      .orderBy(statsDailyLocal.day);
    const perDay = new Map<string, number>();
    for (const f of facts) {
      const d = localDate(f.hour, 480);
      perDay.set(d, (perDay.get(d) ?? 0) + (f.impressions ?? 0));
    }
    expect(kept).toEqual([...perDay].map(([day, impressions]) => ({ day, impressions })));

    const range = { start_date: '2026-03-01', end_date: '2026-03-04', dimensions: ['date', 'country'] };
    const own = await report(range, '+08:00');
    expect(rows(own.list)).toEqual(expected(facts, 480, range));
    const inRange = facts.filter((f) => localDate(f.hour, 480) <= range.end_date);
    expect(own.totals.impression).toBe(inRange.reduce((a, f) => a + (f.impressions ?? 0), 0));
    // Another zone: the UTC rollup corrected by hours, from the same facts.
    expect(rows((await report(range, '+09:00')).list)).toEqual(expected(facts, 540, range));
    expect(rows((await report(range, '-03:00')).list)).toEqual(expected(facts, -180, range));
    // Filtered by publisher: the same rollup, the same filter.
    const onePub = await report({ ...range, bundles: ['com.pub.0'] }, '+08:00');
    expect(rows(onePub.list)).toEqual(
      expected(
        facts.filter((f) => f.bundle === 'com.pub.0'),
        480,
        range,
      ),
    );
  });

  test('a change of zone starts the new zone’s rollup the next day; reports stay exact', async () => {
    // As the account's edit in the console does it.
    const before = await call(t.app, {
      url: `/scaler/v3/advs/${w.adv1}`,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency) },
    });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const a = before.body.data;
    const saved = await call(t.app, {
      method: 'PUT',
      url: `/scaler/v3/advs/${w.adv1}`,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency) },
      body: {
        adv_name: a.adv_name,
        company_name: a.company_name,
        profession: a.profession,
        currency: a.currency,
        timezone: 'Asia/Tokyo',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await t.db
      .select({ from: advertisers.localStatsFrom })
      .from(advertisers)
      .where(eq(advertisers.advId, w.adv1));
    expect(row.from).toBe(addDays(localDate(new Date(), 540), 1));

    // Facts of two days ago and now: in Tokyo's rollup from now on; reports at +09:00 over days before
    // the rollup's first day read the corrected UTC rollup, and count every fact once.
    const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR);
    const facts = factsFrom(start, 40, 2);
    await write(facts);
    const tokyo = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(statsDailyLocal)
      .where(and(eq(statsDailyLocal.advId, w.adv1), eq(statsDailyLocal.zone, 'Asia/Tokyo')));
    expect(tokyo[0].n).toBeGreaterThan(0);
    const first = localDate(start, 540);
    const last = localDate(new Date(start.getTime() + 39 * HOUR), 540);
    const range = { start_date: first, end_date: last, dimensions: ['date', 'country'] };
    expect(rows((await report(range, '+09:00')).list)).toEqual(expected(facts, 540, range));
    expect(rows((await report(range, '+08:00')).list)).toEqual(expected(facts, 480, range));

    // The keeper removes the rows of the former zone, a few at a time; nothing read them, and the
    // reports answer the same.
    const zones = async () =>
      (
        await t.db
          .select({ zone: statsDailyLocal.zone, n: sql<number>`count(*)::int` })
          .from(statsDailyLocal)
          .where(eq(statsDailyLocal.advId, w.adv1))
          .groupBy(statsDailyLocal.zone)
          .orderBy(statsDailyLocal.zone)
      ).map((r) => r.zone);
    expect(await zones()).toEqual(['Asia/Shanghai', 'Asia/Tokyo']);
    const removed = await dropFormerZones(t.db, 7);
    expect(removed).toBeGreaterThan(7);
    expect(await zones()).toEqual(['Asia/Tokyo']);
    expect(await dropFormerZones(t.db)).toBe(0);
    expect(rows((await report(range, '+09:00')).list)).toEqual(expected(facts, 540, range));
    expect(rows((await report(range, '+08:00')).list)).toEqual(expected(facts, 480, range));
  });
});
