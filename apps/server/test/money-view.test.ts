import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advertisers } from '../src/db/schema';
import { addDays, dayStartUtc, localDate } from '../src/modules/clock/clock';
import { firstDayFrom } from '../src/modules/money-view/schedule';
import { writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, type TestApp } from './harness';
import { backdateCommission, backdateMarkup, clearMoney } from './money';
import { as, buildWorld, deliveryObjects, type World } from './world';

/**
 * Money settings with history (decisions 7): markup and commission edited through the API change the
 * future only. Facts over several days, then an edit: the days up to today keep their cost and
 * `gmv_fee` in list2, report/custom and statis, the days from the account's next day on use the new
 * values; a non-UTC account's version boundary is its local midnight, inside a UTC day.
 */

let t: TestApp;
let w: World;
let c1: number;
let c2: number;
/** A fact of cost 10 of the second campaign ("Midnight") at an hour. */
let midnightFact: (hour: Date) => Parameters<typeof writeFacts>[1][number];
const HOUR = 3_600_000;
const today = new Date().toISOString().slice(0, 10);
const days = [-3, -2, -1, 0, 1, 2].map((n) => addDays(today, n));

const headers = (who: string, extra: Record<string, string> = {}) => ({
  token: w.tokens[who],
  headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), ...extra },
});
const list2 = async (who: string, body: Record<string, unknown>, extra: Record<string, string> = {}) => {
  const res = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/campaign/list2',
    body: { sort_field: 'gmv', ...body },
    ...headers(who, extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const report = async (who: string, body: Record<string, unknown>, extra: Record<string, string> = {}) => {
  const res = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/report/custom',
    body: {
      sort_field: (body.dimensions as string[]).includes('date') ? 'date' : 'gmv',
      sort_order: 'asc',
      ...body,
    },
    ...headers(who, extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const money = (rows: Record<string, number | string>[], key: string) =>
  rows.map((r) => [r[key], r.gmv, r.gmv_fee]);

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const mk = (name: string) => deliveryObjects(t, w.adv1, name);
  const a = await mk('Daily');
  const b = await mk('Midnight');
  c1 = a.campaignId;
  c2 = b.campaignId;
  const fact = (o: typeof a, hour: Date) => ({
    advId: w.adv1,
    ...o,
    hour,
    bundle: 'com.pub.a',
    country: 'US',
    os: 2,
    impressions: 100,
    clicks: 1,
    cost: '10',
  });
  await t.db.transaction(async (tx) => {
    // c1: cost 10 at 06:00 UTC of each day from three days ago to two days ahead.
    await writeFacts(
      tx,
      days.map((d) => fact(a, new Date(`${d}T06:00:00Z`))),
    );
  });
  midnightFact = (hour) => fact(b, hour);
});
afterAll(() => t.close());

describe('an edit changes the future only', () => {
  test('UTC account: past days keep cost and gmv_fee in list2, report/custom and statis', async () => {
    // Markup 10 % and commission 5 % were set long ago.
    await backdateMarkup(t.db, w.adv1, { ratio: '0.1', start: '2026-01-01' });
    await backdateCommission(t.db, w.agency, { rate: '0.05' });
    const range = { start_date: days[0], end_date: days[5] };
    const before = await report('user1', { ...range, dimensions: ['date'] });
    expect(money(before.list, 'date')).toEqual(days.map((d) => [d, 11, 11.55]));

    const admin = as(t, w, 'admin', w.agency);
    const markup = await admin.send('PUT', `/scaler/v3/advs/${w.adv1}/markup`, {
      ratio: 0.5,
      start_date: '2026-01-01',
    });
    expect(markup.body.code).toBe(0);
    const commission = await admin.send('PUT', '/scaler/v3/bc/commission', {
      show_commission: true,
      use_commission: true,
      commission_rate: 0.2,
      effective_time: null,
    });
    expect(commission.body.code).toBe(0);

    // Up to today: as before. From tomorrow: cost × 1.5, gmv_fee × 1.5 × 1.2.
    const after = await report('user1', { ...range, dimensions: ['date'] });
    const want = days.map((d) => (d <= today ? [d, 11, 11.55] : [d, 15, 18]));
    expect(money(after.list, 'date')).toEqual(want);
    expect(after.totals).toMatchObject({ gmv: 74, gmv_fee: 82.2 });
    // Without a time dimension (whole UTC days from the rollup) and by hour: the same sums.
    const byCampaign = await report('user1', { ...range, dimensions: ['campaign'], campaign_ids: [c1] });
    expect(byCampaign.list[0]).toMatchObject({ gmv: 74, gmv_fee: 82.2 });
    const byHour = await report('user1', { ...range, dimensions: ['date', 'hour'], campaign_ids: [c1] });
    expect(byHour.list.map((r: Record<string, number>) => r.gmv)).toEqual(want.map((x) => x[1]));

    // list2 (the running totals): the range, a past day, a coming day.
    const row = async (start: string, end: string) =>
      (await list2('user1', { start_date: start, end_date: end, search: 'Daily' })).list[0];
    expect(await row(days[0], days[5])).toMatchObject({ gmv: 74, gmv_fee: 82.2 });
    expect(await row(days[0], today)).toMatchObject({ gmv: 44, gmv_fee: 46.2 });
    expect(await row(days[4], days[5])).toMatchObject({ gmv: 30, gmv_fee: 36 });
    // The Agent view (the owner's admin) has no markup, the commission per day all the same.
    expect(await list2('admin', { ...range, search: 'Daily' })).toMatchObject({
      list: [{ gmv: 60, gmv_fee: 4 * 10.5 + 2 * 12 }],
    });

    // statis: the days of the range and its totals.
    const statis = await call(t.app, {
      url: `/scaler/v3/statis?start_date=${days[0]}&end_date=${days[5]}`,
      ...headers('user1'),
    });
    expect(statis.status).toBe(200);
    expect(money(statis.body.data.days, 'date')).toEqual(want);
    expect(statis.body.data.current).toMatchObject({ gmv: 74, gmv_fee: 82.2 });
    await clearMoney(t.db, w.adv1, w.agency);
  });

  test('+08:00 account: the boundary is its local midnight, inside a UTC day', async () => {
    await clearMoney(t.db, w.adv1, w.agency);
    await t.db.update(advertisers).set({ timezone: '+08:00' }).where(eq(advertisers.advId, w.adv1));
    await backdateMarkup(t.db, w.adv1, { ratio: '0.1', start: '2026-01-01' });
    await backdateCommission(t.db, w.agency, { rate: '0.05' });
    const admin = as(t, w, 'admin', w.agency);
    const at = new Date();
    expect(
      (await admin.send('PUT', `/scaler/v3/advs/${w.adv1}/markup`, { ratio: 0.5, start_date: '2026-01-01' }))
        .body.code,
    ).toBe(0);
    expect(
      (
        await admin.send('PUT', '/scaler/v3/bc/commission', {
          show_commission: true,
          use_commission: true,
          commission_rate: 0.2,
          effective_time: null,
        })
      ).body.code,
    ).toBe(0);
    // The account's next midnight: 16:00 UTC.
    const boundary = dayStartUtc(
      firstDayFrom(at, { dayStart: (d) => dayStartUtc(d, 480), localDate: (x) => localDate(x, 480) }),
      480,
    );
    expect(boundary.getUTCHours()).toBe(16);
    const utcDay = boundary.toISOString().slice(0, 10);
    const hours = [-3, -1, 1, 3, -48].map((h) => new Date(boundary.getTime() + h * HOUR));
    await t.db.transaction((tx) => writeFacts(tx, hours.map(midnightFact)));

    // The UTC day of the boundary: two hours before it at the old values, two after at the new.
    const utc = { timezone: '+00:00' };
    const one = { start_date: utcDay, end_date: utcDay, search: 'Midnight' };
    expect((await list2('user1', one, utc)).list[0]).toMatchObject({ gmv: 52, gmv_fee: 59.1 });
    const wide = { start_date: addDays(utcDay, -2), end_date: addDays(utcDay, 1), search: 'Midnight' };
    expect((await list2('user1', wide, utc)).list[0]).toMatchObject({ gmv: 63, gmv_fee: 70.65 });
    expect((await list2('admin', one, utc)).list[0]).toMatchObject({ gmv: 40, gmv_fee: 2 * 10.5 + 2 * 12 });

    // report/custom: by UTC day (the daily rollup), by +08:00 day (rollup and hours), without dates.
    const range = { start_date: addDays(utcDay, -2), end_date: addDays(utcDay, 1), campaign_ids: [c2] };
    const byUtcDay = await report('user1', { ...range, dimensions: ['date'] }, utc);
    expect(money(byUtcDay.list, 'date')).toEqual([
      [addDays(utcDay, -2), 11, 11.55],
      [utcDay, 52, 59.1],
    ]);
    const local = await report('user1', { ...range, dimensions: ['date'] }, { timezone: '+08:00' });
    expect(money(local.list, 'date')).toEqual([
      [addDays(utcDay, -1), 11, 11.55],
      [utcDay, 22, 23.1],
      [addDays(utcDay, 1), 30, 36],
    ]);
    // By day and country: the daily rollup of each local day's base UTC day, corrected by hours.
    const localByCountry = await report(
      'user1',
      { ...range, dimensions: ['date', 'country'] },
      { timezone: '+08:00' },
    );
    expect(money(localByCountry.list, 'date')).toEqual(money(local.list, 'date'));
    const west = await report('user1', { ...range, dimensions: ['date', 'country'] }, { timezone: '-05:00' });
    expect(money(west.list, 'date')).toEqual([
      [addDays(utcDay, -2), 11, 11.55],
      [utcDay, 52, 59.1],
    ]);
    const total = await report('user1', { ...range, dimensions: ['campaign'] }, utc);
    expect(total.list[0]).toMatchObject({ gmv: 63, gmv_fee: 70.65 });
    const country = await report('user1', { ...range, dimensions: ['country'] }, { timezone: '+03:00' });
    expect(country.list[0]).toMatchObject({ gmv: 63, gmv_fee: 70.65 });
    await clearMoney(t.db, w.adv1, w.agency);
  });
});

describe('history', () => {
  test('who changed what, before and after, from which day; the permissions of the settings', async () => {
    await clearMoney(t.db, w.adv1, w.agency);
    await t.db.update(advertisers).set({ timezone: '+08:00' }).where(eq(advertisers.advId, w.adv1));
    await backdateMarkup(t.db, w.adv1, { ratio: '0.1', start: '2026-01-01' });
    const admin = as(t, w, 'admin', w.agency);
    await admin.send('PUT', `/scaler/v3/advs/${w.adv1}/markup`, { ratio: 0.25, start_date: '2026-02-01' });
    await admin.send('DELETE', `/scaler/v3/advs/${w.adv1}/markup`);
    const res = await admin.get(`/scaler/v3/advs/${w.adv1}/markup/history`);
    expect(res.status).toBe(200);
    const { list, total } = res.body.data;
    expect(total).toBe(3);
    const plus8 = { dayStart: (d: string) => dayStartUtc(d, 480), localDate: (x: Date) => localDate(x, 480) };
    expect(list[0]).toMatchObject({
      changed_by: { name: 'admin', email: 'admin@world.test' },
      before: { ratio: 0.25, start_date: '2026-02-01', end_date: null, role: 'advertiser' },
      after: null,
      effective_date: firstDayFrom(new Date(list[0].effective_at), plus8),
    });
    expect(list[1]).toMatchObject({
      before: { ratio: 0.1, start_date: '2026-01-01' },
      after: { ratio: 0.25, start_date: '2026-02-01' },
    });
    // The settings as they stood when versions began: nobody, from the beginning.
    expect(list[2]).toMatchObject({
      changed_by: null,
      before: null,
      effective_at: '1970-01-01T00:00:00.000Z',
    });
    // Its effective day is the account's next day (+08:00), never today.
    expect(list[0].effective_date > localDate(new Date(), 480)).toBe(true);
    const paged = await admin.get(`/scaler/v3/advs/${w.adv1}/markup/history?page=2&page_size=2`);
    expect(paged.body.data).toMatchObject({ total: 3, list: [{ changed_by: null }] });
    expect((await admin.get(`/scaler/v3/advs/${w.adv1}/markup/history?page=9`)).body.data).toEqual({
      list: [],
      total: 3,
    });
    // As the markup calls: org admins of the owner center only.
    expect((await as(t, w, 'user1', w.agency).get(`/scaler/v3/advs/${w.adv1}/markup/history`)).status).toBe(
      403,
    );
    expect((await as(t, w, 'oadmin', w.other).get(`/scaler/v3/advs/${w.adv1}/markup/history`)).status).toBe(
      404,
    );
    expect((await admin.get(`/scaler/v3/advs/${w.advOther}/markup/history`)).status).toBe(404);
    expect((await admin.get(`/scaler/v3/advs/${w.adv1}/markup/history?page_size=0`)).status).toBe(400);

    const later = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const put = (rate: number, effective: string | null) =>
      admin.send('PUT', '/scaler/v3/bc/commission', {
        show_commission: true,
        use_commission: false,
        commission_rate: rate,
        effective_time: effective,
      });
    expect((await put(0.05, null)).body.code).toBe(0);
    expect((await put(0.07, later)).body.code).toBe(0);
    const ch = await admin.get('/scaler/v3/bc/commission/history');
    expect(ch.status).toBe(200);
    expect(ch.body.data.total).toBe(2);
    expect(ch.body.data.list[0]).toMatchObject({
      changed_by: { email: 'admin@world.test' },
      before: { show_commission: true, commission_rate: 0.05, effective_time: null },
      after: { commission_rate: 0.07, effective_time: later },
      effective_at: later,
    });
    expect(ch.body.data.list[1]).toMatchObject({ before: null, after: { commission_rate: 0.05 } });
    expect((await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/commission/history')).status).toBe(403);
    expect((await as(t, w, 'badmin', w.brand).get('/scaler/v3/bc/commission/history')).status).toBe(403);
    await clearMoney(t.db, w.adv1, w.agency);
  });
});
