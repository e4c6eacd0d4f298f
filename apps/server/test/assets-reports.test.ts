import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { DailyEventCountQuery } from '../src/modules/assets/reports/daily-event-counts';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * The event reports (report1, statis) around the recorded counts: validation, scoping, naming,
 * ordering and exact sums. The counts themselves come from the tracking aggregate; here they are fed
 * in, and the query each report asks for is checked.
 */
const counts = vi.hoisted(() => ({
  rows: [] as unknown[],
  queries: [] as unknown[],
}));
vi.mock('../src/modules/assets/reports/daily-event-counts', () => ({
  dailyEventCounts: async (_db: unknown, query: unknown) => {
    counts.queries.push(query);
    return counts.rows;
  },
}));

let t: TestApp;
let w: World;
let pixelId: string;
let appId: string;

const on = (headers: Record<string, string> = {}) => ({
  get: (url: string) =>
    call(t.app, {
      url,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), ...headers },
    }),
  send: (method: 'POST' | 'PUT', url: string, body: unknown) =>
    call(t.app, {
      method,
      url,
      body,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    }),
});

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  pixelId = (
    await on().send('POST', '/scaler/v3/pixel', {
      name: 'Shop',
      conversion_type: 1,
      mode: 1,
      events: [
        { type: 1, event_type: 'page_view' },
        { type: 1, event_type: 'purchase' },
        { type: 2, event_id: 'newsletter', event_name: 'Newsletter' },
      ],
    })
  ).body.data._id;
  appId = (
    await on().send('POST', '/scaler/v3/app', {
      name: 'Runner',
      bundle_id: 'com.example.runner',
      os: 1,
      download_type: 1,
      download_link: 'https://apps.apple.com/app/id42',
      partner: 'airbridge',
      partner_app_id: 'runner',
    })
  ).body.data._id;
});
afterAll(() => t.close());
beforeEach(() => {
  counts.rows = [];
  counts.queries = [];
});

const day = (
  date: string,
  eventId: string,
  pv: number,
  uv: number,
  value: string,
  lastAt: string | null,
) => ({
  date,
  eventId,
  pv,
  uv,
  value,
  lastAt: lastAt ? new Date(lastAt) : null,
});

describe('event reports', () => {
  test('dates are checked: valid days, in order, at most 366 days', async () => {
    const bad = await on().get(
      `/scaler/v3/pixel/event/report1?pixel_id=${pixelId}&start_date=2026-3-1&end_date=2026-03-02`,
    );
    expect(bad.status).toBe(400);
    const reversed = await on().get(
      `/scaler/v3/pixel/event/statis?pixel_id=${pixelId}&start_date=2026-03-02&end_date=2026-03-01`,
    );
    expect(reversed.body.data.fields).toEqual([
      { path: 'querystring.end_date', message: 'The end date must not be before the start date.' },
    ]);
    const long = await on().get(
      `/scaler/v3/app/event/report1?app_id=${appId}&start_date=2025-01-01&end_date=2026-03-01`,
    );
    expect(long.body.data.fields[0].message).toBe('The date range is too long (at most 366 days).');
    expect(counts.queries).toEqual([]);
  });

  test('the range is read in the timezone header’s offset and the report-type basis', async () => {
    await on({ timezone: '+08:00', 'report-type': 'event' }).get(
      `/scaler/v3/pixel/event/report1?pixel_id=${pixelId}&start_date=2026-03-01&end_date=2026-03-02`,
    );
    const [q] = counts.queries as DailyEventCountQuery[];
    expect(q).toMatchObject({ kind: 'pixel', advId: w.adv1, assetId: pixelId, basis: 'event' });
    expect(q.range.from.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(q.range.to.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(q.range.tzMinutes).toBe(480);
  });

  test('report1: one row per event per day, newest day first, events in the pixel’s order, named', async () => {
    counts.rows = [
      day('2026-03-01', 'purchase', 3, 2, '59.97', '2026-03-01T18:00:00Z'),
      day('2026-03-02', 'newsletter', 1, 1, '0', '2026-03-02T09:00:00Z'),
      day('2026-03-01', 'page_view', 120, 80, '0', '2026-03-01T23:59:00Z'),
      day('2026-03-02', 'page_view', 90, 70, '0', '2026-03-02T10:00:00Z'),
      day('2026-03-02', 'old_event', 2, 2, '0', '2026-03-02T08:00:00Z'),
    ];
    const res = await on({ language: 'zh-CN' }).get(
      `/scaler/v3/pixel/event/report1?pixel_id=${pixelId}&start_date=2026-03-01&end_date=2026-03-02`,
    );
    expect(
      res.body.data.list.map((r: { date: string; event_id: string }) => `${r.date} ${r.event_id}`),
    ).toEqual([
      '2026-03-02 page_view',
      '2026-03-02 newsletter',
      '2026-03-02 old_event',
      '2026-03-01 page_view',
      '2026-03-01 purchase',
    ]);
    expect(res.body.data.list[4]).toEqual({
      date: '2026-03-01',
      type: 1,
      event_type: 'purchase',
      event_id: 'purchase',
      event_name: '购买',
      pv: 3,
      uv: 2,
      value: '59.97',
      last_update_time: '2026-03-01T18:00:00.000Z',
    });
    expect(res.body.data.list[1]).toMatchObject({ type: 2, event_type: 'custom', event_name: 'Newsletter' });
    // An event removed from the pixel keeps its numbers under its id.
    expect(res.body.data.list[2]).toMatchObject({ type: 2, event_name: 'old_event' });
  });

  test('statis: totals of the range, per event and per day, values summed exactly', async () => {
    counts.rows = [
      day('2026-03-01', 'purchase', 2, 2, '0.1', '2026-03-01T18:00:00Z'),
      day('2026-03-02', 'purchase', 1, 1, '0.2', '2026-03-02T18:00:00Z'),
      day('2026-03-02', 'page_view', 10, 6, '0', null),
    ];
    const res = await on().get(
      `/scaler/v3/pixel/event/statis?pixel_id=${pixelId}&start_date=2026-03-01&end_date=2026-03-02`,
    );
    expect(res.body.data).toEqual({
      pixel_id: pixelId,
      start_date: '2026-03-01',
      end_date: '2026-03-02',
      total: { pv: 13, uv: 9, value: '0.3000' },
      events: [
        {
          type: 1,
          event_type: 'page_view',
          event_id: 'page_view',
          event_name: 'Page view',
          pv: 10,
          uv: 6,
          value: '0.0000',
          last_update_time: null,
        },
        {
          type: 1,
          event_type: 'purchase',
          event_id: 'purchase',
          event_name: 'Purchase',
          pv: 3,
          uv: 3,
          value: '0.3000',
          last_update_time: '2026-03-02T18:00:00.000Z',
        },
      ],
      days: [
        { date: '2026-03-02', pv: 11, uv: 7, value: '0.2000' },
        { date: '2026-03-01', pv: 2, uv: 2, value: '0.1000' },
      ],
    });
  });

  test('app report1 reads the app’s counts; nothing recorded is an empty list', async () => {
    const res = await on().get(
      `/scaler/v3/app/event/report1?app_id=${appId}&start_date=2026-03-01&end_date=2026-03-01`,
    );
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { list: [] } });
    expect(counts.queries).toMatchObject([{ kind: 'app', assetId: appId, basis: 'request' }]);
  });

  test('another account’s asset is not found and its counts are never read', async () => {
    const foreign = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/pixel',
      token: w.tokens.oadmin,
      headers: { 'org-id': String(w.other), 'adv-id': String(w.advOther) },
      body: { name: 'Foreign', conversion_type: 4, mode: 1 },
    });
    const id = foreign.body.data._id;
    for (const path of ['pixel/event/report1', 'pixel/event/statis']) {
      const res = await on().get(
        `/scaler/v3/${path}?pixel_id=${id}&start_date=2026-03-01&end_date=2026-03-01`,
      );
      expect(res.status).toBe(404);
    }
    const app = await on().get(
      `/scaler/v3/app/event/report1?app_id=${pixelId}&start_date=2026-03-01&end_date=2026-03-01`,
    );
    expect(app.status).toBe(404);
    expect(counts.queries).toEqual([]);
  });
});
