import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { advertisers, creatives } from '../src/db/schema';
import { writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

/**
 * Time zones (issue 19, decisions 6): report offsets are whole hours, anything else is refused with a
 * clear message and never approximated; account zones are IANA names with daylight saving, whole hours
 * all year, and an account's "today" (its daily budgets) follows its own 23- or 25-hour days.
 */

let t: TestApp;
let w: World;
let appId: string;

const headers = (extra: Record<string, string> = {}) => ({
  'org-id': String(w.agency),
  'adv-id': String(w.adv1),
  ...extra,
});
const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown, extra = {}) =>
  call(t.app, { method, url, body, token: w.tokens.admin, headers: headers(extra) });

const account = {
  adv_name: 'Zoned',
  company_name: 'Client Ltd',
  profession: 'gaming',
  currency: 'USD',
  timezone: '+08:00',
};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const app = await send('POST', '/scaler/v3/app', {
    name: 'Game',
    bundle_id: 'com.example.game',
    os: 2,
    download_type: 1,
    download_link: 'https://play.google.com/store/apps/details?id=com.example.game',
    partner: 'appsflyer',
    partner_app_id: 'com.example.game',
  });
  appId = app.body.data._id;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Every call that reads the store in the `timezone` header's days. */
const zonedCalls = [
  {
    method: 'POST',
    url: '/scaler/v3/campaign/list2',
    body: { start_date: '2026-03-01', end_date: '2026-03-02' },
  },
  {
    method: 'POST',
    url: '/scaler/v3/adgroup/list2',
    body: { start_date: '2026-03-01', end_date: '2026-03-02' },
  },
  {
    method: 'POST',
    url: '/scaler/v3/creative/list2',
    body: { start_date: '2026-03-01', end_date: '2026-03-02' },
  },
  {
    method: 'POST',
    url: '/scaler/v3/report/custom',
    body: { start_date: '2026-03-01', end_date: '2026-03-02', dimensions: ['date'] },
  },
  { method: 'GET', url: '/scaler/v3/statis?start_date=2026-03-01&end_date=2026-03-02' },
] as const;

describe('report offsets', () => {
  test('whole hours from -12:00 to +14:00 are answered', async () => {
    for (const zone of ['+00:00', '+08:00', '-05:00', '+14:00', '-12:00']) {
      for (const c of zonedCalls) {
        const res = await send(c.method, c.url, 'body' in c ? c.body : undefined, { timezone: zone });
        expect([zone, c.url, res.status, res.body.code]).toEqual([zone, c.url, 200, 0]);
      }
    }
  });

  test('+05:30, +09:30, +05:45, +05:00:30 are refused by every call with a clear message, never approximated', async () => {
    for (const zone of ['+05:30', '+09:30', '+05:45', '-03:30', '+05:00:30', '+15:00']) {
      for (const c of zonedCalls) {
        const res = await send(c.method, c.url, 'body' in c ? c.body : undefined, { timezone: zone });
        expect([zone, c.url, res.status]).toEqual([zone, c.url, 400]);
        expect(res.body.code).toBe(40000);
        expect(res.body.msg).toContain(zone);
        expect(res.body.msg).toMatch(/whole number of hours/);
        expect(res.body.data.fields).toEqual([
          { path: 'timezone', message: 'Use a whole-hour UTC offset from -12:00 to +14:00, such as +08:00.' },
        ]);
      }
    }
    const zh = await send('GET', zonedCalls[4].url, undefined, { timezone: '+05:30', language: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe(
      '无法精确统计时区 +05:30：报表按 UTC 小时存储，时区必须是与 UTC 相差整小时的偏移，范围 -12:00 到 +14:00（例如用 +05:00 或 +06:00 代替 +05:30）。',
    );
    // The event reports of the assets read the header too.
    const events = await send(
      'GET',
      `/scaler/v3/app/event/report1?app_id=${appId}&start_date=2026-03-01&end_date=2026-03-02`,
      undefined,
      {
        timezone: '+05:45',
      },
    );
    expect(events.status).toBe(400);
  });
});

describe('account time zones', () => {
  const created = async (timezone: string) => {
    const res = await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/advs', { ...account, timezone });
    return res;
  };
  const detail = async (advId: number) =>
    (await as(t, w, 'admin', w.agency).get(`/scaler/v3/advs/${advId}`)).body.data;

  test('an IANA zone is kept and answered with its offset now; a fixed offset is its Etc/GMT name', async () => {
    const ny = await created('America/New_York');
    expect(ny.body.code).toBe(0);
    const nyOffset = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '');
    expect(await detail(ny.body.data.adv_id)).toMatchObject({
      timezone: nyOffset,
      timezone_name: 'America/New_York',
    });
    const fixed = await created('+08:00');
    const [row] = await t.db.select().from(advertisers).where(eq(advertisers.advId, fixed.body.data.adv_id));
    expect(row.timezone).toBe('Etc/GMT-8');
    expect(await detail(fixed.body.data.adv_id)).toMatchObject({
      timezone: '+08:00',
      timezone_name: 'Etc/GMT-8',
    });
    // An account saved before zones were IANA names still reads as its offset.
    await t.db
      .update(advertisers)
      .set({ timezone: '-05:00' })
      .where(eq(advertisers.advId, fixed.body.data.adv_id));
    expect(await detail(fixed.body.data.adv_id)).toMatchObject({
      timezone: '-05:00',
      timezone_name: 'Etc/GMT+5',
    });
    const list = await as(t, w, 'admin', w.agency).get('/scaler/v3/advs?q=Zoned&page_size=100');
    expect(list.body.data.list.map((a: { timezone_name: string }) => a.timezone_name)).toContain(
      'America/New_York',
    );
  });

  test('zones of part hours and unknown names are refused with a clear message in both languages', async () => {
    for (const zone of ['Asia/Kolkata', 'Australia/Adelaide', 'Asia/Kathmandu']) {
      const res = await created(zone);
      expect([zone, res.status]).toEqual([zone, 400]);
      expect(res.body.data.fields).toEqual([
        {
          path: 'body.timezone',
          message:
            'This time zone is not a whole number of hours from UTC (at least part of the year), and statistics are kept by UTC hour: choose a whole-hour time zone.',
        },
      ]);
    }
    const unknown = await created('Mars/Olympus');
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields[0].message).toMatch(/choose a time zone from the list/);
    const zh = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/advs',
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), language: 'zh-CN' },
      body: { ...account, timezone: 'Asia/Kolkata' },
    });
    expect(zh.body.data.fields[0].message).toBe(
      '该时区（至少在一年中的部分时间）与 UTC 的偏移不是整小时，而统计数据按 UTC 小时存储：请选择整小时的时区。',
    );
  });

  test("an account in America/New_York reads today's spend over its own day, 25 or 23 hours", async () => {
    await t.db.update(advertisers).set({ timezone: 'America/New_York' }).where(eq(advertisers.advId, w.adv1));
    /** A campaign with a daily budget of 100, an ad group, an approved creative and one fact of 150. */
    const spendAt = async (name: string, hour: string) => {
      const c = await send('PUT', '/scaler/v3/campaign', {
        name,
        campaign_type: 'install',
        promote_goal: 'app_install',
        os: 2,
        link_type: 1,
        app_id: appId,
        budget_type: 0,
        campaign_budget: 100,
      });
      expect(c.body.code, JSON.stringify(c.body)).toBe(0);
      const campaignId = c.body.data.campaign_id as number;
      const g = await send('PUT', '/scaler/v3/adgroup', {
        campaign_id: campaignId,
        name: 'Broad',
        bidding_type: 4,
        billing_type: 2,
        bid_price: 2.5,
        countries: ['US'],
      });
      expect(g.body.code, JSON.stringify(g.body)).toBe(0);
      const adgroupId = g.body.data.adgroup_id as number;
      const [cr] = await t.db
        .insert(creatives)
        .values({
          advId: w.adv1,
          campaignId,
          adgroupId,
          name: 'Banner',
          creativeType: 'image',
          reviewStatus: 3,
        })
        .returning();
      await t.db.transaction((tx) =>
        writeFacts(tx, [
          {
            advId: w.adv1,
            campaignId,
            adgroupId,
            creativeId: cr.id,
            hour: new Date(hour),
            bundle: '',
            country: '',
            os: 0,
            cost: '150',
          },
        ]),
      );
      return campaignId;
    };
    const status = async (id: number) =>
      (await send('GET', `/scaler/v3/campaign?campaign_id=${id}`)).body.data.status as number;

    // 2026-11-01, clocks go back: the day runs 04:00Z (00:00 EDT) to 05:00Z the next day (00:00 EST).
    const fallFirstHour = await spendAt('Fall first hour', '2026-11-01T04:00:00Z');
    const fallDayBefore = await spendAt('Fall day before', '2026-11-01T03:00:00Z');
    // 2026-03-08, clocks go forward: the day runs 05:00Z (00:00 EST) to 04:00Z the next day (00:00 EDT).
    const springFirstHour = await spendAt('Spring first hour', '2026-03-08T05:00:00Z');
    const springDayBefore = await spendAt('Spring day before', '2026-03-08T04:00:00Z');

    vi.useFakeTimers({ toFake: ['Date'] });
    // 09:00 EST (-05:00 now): a day read at today's offset would start at 05:00Z and miss 04:00Z.
    vi.setSystemTime(new Date('2026-11-01T14:00:00Z'));
    expect(await status(fallFirstHour)).toBe(25);
    expect(await status(fallDayBefore)).toBe(0);
    // 23:30 EDT, the day's last hour (-04:00 now): a day read at today's offset would start at 04:00Z.
    vi.setSystemTime(new Date('2026-03-09T03:30:00Z'));
    expect(await status(springFirstHour)).toBe(25);
    expect(await status(springDayBefore)).toBe(0);
  });
});
