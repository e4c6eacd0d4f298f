import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trackingHourly } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * Unique users per report row and day are exact in the report's time zone (decisions 6), not sums of
 * hourly distinct counts; over a longer range a total is the sum of the daily uniques.
 */
let t: TestApp;
let w: World;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Two days ago (UTC), far enough back for every time zone's "day" to be in the past. */
const D = isoDay(Date.now() - 2 * DAY_MS);
const prev = isoDay(Date.parse(`${D}T00:00:00Z`) - DAY_MS);
const at = (day: string, time: string) => Date.parse(`${day}T${time}Z`);

const admin = (method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}) =>
  call(t.app, {
    method,
    url,
    body,
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), ...extra },
  });

const collect = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/px/collect',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(body),
  });

interface Row {
  date: string;
  event_id: string;
  pv: number;
  uv: number;
}
const report = async (pixelId: string, from: string, to: string, timezone: string) => {
  const res = await admin(
    'GET',
    `/scaler/v3/pixel/event/report1?pixel_id=${pixelId}&start_date=${from}&end_date=${to}`,
    undefined,
    { timezone, 'report-type': 'event' },
  );
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return (res.body.data.list as Row[]).map(({ date, event_id, pv, uv }) => ({ date, event_id, pv, uv }));
};

let pixelId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  pixelId = (
    await admin('POST', '/scaler/v3/pixel', {
      name: 'Uniques',
      conversion_type: 1,
      mode: 1,
      events: [
        { type: 1, event_type: 'page_view' },
        { type: 1, event_type: 'purchase' },
      ],
    })
  ).body.data._id;
  // Browser u1 at 20:30 UTC the day before D and at 02:30 UTC on D (one day at +08:00, two in UTC),
  // and twice in one hour on D; browser u2 once on D. Sent in separate requests, as browsers do.
  const views: [string, number][] = [
    ['u1', at(prev, '20:30:00')],
    ['u1', at(D, '02:30:00')],
    ['u1', at(D, '09:10:00')],
    ['u1', at(D, '09:40:00')],
    ['u2', at(D, '09:20:00')],
  ];
  for (const [i, [uid, ts]] of views.entries()) {
    const res = await collect({ pixel_id: pixelId, event: 'PageView', event_id: `v${i}`, uid, ts });
    expect(res.json().data).toEqual({ accepted: 1, duplicate: 0 });
  }
  await collect({ pixel_id: pixelId, event: 'Purchase', event_id: 'p1', uid: 'u1', ts: at(D, '10:00:00') });
});
afterAll(() => t.close());

describe('unique users per day', () => {
  test('UTC: a user seen in several hours of one day counts once that day', async () => {
    expect(await report(pixelId, prev, D, '+00:00')).toEqual([
      { date: D, event_id: 'page_view', pv: 4, uv: 2 },
      { date: D, event_id: 'purchase', pv: 1, uv: 1 },
      { date: prev, event_id: 'page_view', pv: 1, uv: 1 },
    ]);
  });

  test('+08:00: the evening before and the night after are one day, and the user counts once in it', async () => {
    // 20:30 UTC = 04:30 and 02:30 UTC = 10:30 on D at +08:00; 09:10..10:00 UTC = 17:10..18:00.
    expect(await report(pixelId, prev, D, '+08:00')).toEqual([
      { date: D, event_id: 'page_view', pv: 5, uv: 2 },
      { date: D, event_id: 'purchase', pv: 1, uv: 1 },
    ]);
  });

  test('-05:00: the same user and hours fall on other days, each counted exactly', async () => {
    // 20:30 and 02:30 UTC are 15:30 and 21:30 the day before D; 09:10..10:00 UTC is 04:10..05:00 on D.
    expect(await report(pixelId, prev, D, '-05:00')).toEqual([
      { date: D, event_id: 'page_view', pv: 3, uv: 2 },
      { date: D, event_id: 'purchase', pv: 1, uv: 1 },
      { date: prev, event_id: 'page_view', pv: 2, uv: 1 },
    ]);
  });

  test('over a range the totals are the sums of the daily uniques', async () => {
    const res = await admin(
      'GET',
      `/scaler/v3/pixel/event/statis?pixel_id=${pixelId}&start_date=${prev}&end_date=${D}`,
      undefined,
      { timezone: '+00:00', 'report-type': 'event' },
    );
    const statis = res.body.data;
    expect(statis.events.find((e: Row) => e.event_id === 'page_view')).toMatchObject({ pv: 5, uv: 3 });
    expect(statis.days).toEqual([
      { date: D, pv: 5, uv: 3, value: '0.0000' },
      { date: prev, pv: 1, uv: 1, value: '0.0000' },
    ]);
  });

  test('hours recorded before the user sets were kept count with their own figure', async () => {
    const other = (await admin('POST', '/scaler/v3/pixel', { name: 'Earlier', conversion_type: 4, mode: 1 }))
      .body.data._id;
    const hour = new Date(at(D, '05:00:00'));
    // An hour of the previous format: its users are gone, only its distinct count is left.
    await t.db.insert(trackingHourly).values({
      hour,
      basis: 1,
      advId: w.adv1,
      pixelId: other,
      kind: 3,
      eventId: 'page_view',
      count: 7,
      uv: 4,
      lastEventAt: hour,
    });
    await collect({ pixel_id: other, event: 'PageView', event_id: 'e1', uid: 'x1', ts: at(D, '06:10:00') });
    expect(await report(other, D, D, '+00:00')).toEqual([{ date: D, event_id: 'page_view', pv: 8, uv: 5 }]);
  });
});
