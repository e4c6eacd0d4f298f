import { afterEach, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, PNG, type World } from './world';

/**
 * Heavy calls (issue 17, finding 3): reports, exports and long lists wait for a slot of their user,
 * center and server; past the queue they are refused with 429 and Retry-After; each has a time limit,
 * past which it answers 422 HEAVY_TIMEOUT (PostgreSQL stops the statement, PGlite starts no other one)
 * and leaves the database free for everyone else.
 */

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const report = (w: World, who: string, adv: number, body: Record<string, unknown> = {}) =>
  call(t!.app, {
    method: 'POST',
    url: '/scaler/v3/report/custom',
    body: { start_date: '2025-12-01', end_date: '2026-11-30', dimensions: ['date', 'campaign'], ...body },
    token: w.tokens[who],
    headers: { 'org-id': String(who === 'oadmin' ? w.other : w.agency), 'adv-id': String(adv) },
  });

const list2 = (w: World, days: number) =>
  call(t!.app, {
    method: 'POST',
    url: '/scaler/v3/campaign/list2',
    body: {
      start_date: '2026-01-01',
      end_date: new Date(Date.UTC(2026, 0, days)).toISOString().slice(0, 10),
    },
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
  });

test('one user’s heavy calls past the limit and the queue answer 429 with Retry-After; other users are not held back', async () => {
  t = await createTestApp({ HEAVY_PER_USER: '1', HEAVY_QUEUE: '1' });
  const w = await buildWorld(t);
  const [mine, theirs] = await Promise.all([
    Promise.all(Array.from({ length: 6 }, () => report(w, 'admin', w.adv1))),
    Promise.all(Array.from({ length: 2 }, () => report(w, 'oadmin', w.advOther))),
  ]);
  const refused = mine.filter((r) => r.status === 429);
  expect(refused.length).toBeGreaterThanOrEqual(1);
  expect(mine.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
  expect(mine.every((r) => r.status === 200 || r.status === 429)).toBe(true);
  expect(refused[0].body).toMatchObject({ code: 10360 });
  expect(refused[0].body.msg).toContain('Too many reports and exports are running');
  expect(refused[0].headers['retry-after']).toBe('2');
  // Another center's user, at the same time: its own slots, one waiting at most.
  expect(theirs.map((r) => r.status)).toEqual([200, 200]);
  // Once the calls ended, the user runs reports again.
  expect((await report(w, 'admin', w.adv1)).status).toBe(200);
});

test('lists over more than 31 days are heavy calls; a week’s list is not', async () => {
  t = await createTestApp({ HEAVY_PER_USER: '1', HEAVY_QUEUE: '1' });
  const w = await buildWorld(t);
  const long = await Promise.all(Array.from({ length: 6 }, () => list2(w, 90)));
  expect(long.some((r) => r.status === 429)).toBe(true);
  const week = await Promise.all(Array.from({ length: 6 }, () => list2(w, 7)));
  expect(week.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
});

test('a heavy call past its time limit answers 422 HEAVY_TIMEOUT in the caller’s language; the database stays free', async () => {
  t = await createTestApp({ HEAVY_TIMEOUT_SECONDS: '0.001' });
  const w = await buildWorld(t);
  const slow = await report(w, 'admin', w.adv1, {
    dimensions: ['date', 'campaign', 'country', 'os', 'bundle'],
  });
  expect(slow.status).toBe(422);
  expect(slow.body).toMatchObject({ code: 10361, data: null });
  expect(slow.body.msg).toMatch(/took longer than 0\.001 seconds and was stopped/);
  const zh = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/report/custom',
    body: { start_date: '2025-12-01', end_date: '2026-11-30', dimensions: ['date'] },
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), language: 'zh-CN' },
  });
  expect(zh.body.msg).toContain('已被停止');
  // Cheap calls are not limited, and find the database free.
  const info = await call(t.app, { method: 'GET', url: '/scaler/account/user_info', token: w.tokens.admin });
  expect(info.status).toBe(200);
  expect(info.body.code).toBe(0);
  // A short list is no heavy call.
  expect((await list2(w, 7)).status).toBe(200);
});

test('creative uploads are heavy calls: one user’s many uploads cannot fill the media workers for others', async () => {
  t = await createTestApp({ HEAVY_PER_USER: '1', HEAVY_QUEUE: '1' });
  const w = await buildWorld(t);
  const boundary = '----heavy';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = (who: string, adv: number, org: number) =>
    t!.app.inject({
      method: 'POST',
      url: '/scaler/v3/creative/material?role=image',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        token: w.tokens[who],
        'org-id': String(org),
        'adv-id': String(adv),
      },
      payload,
    });
  const [mine, theirs] = await Promise.all([
    Promise.all(Array.from({ length: 6 }, () => upload('admin', w.adv1, w.agency))),
    upload('oadmin', w.advOther, w.other),
  ]);
  const statuses = mine.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  // The others were measured (a 1×1 picture is refused by the creative limits: 400 on the file).
  expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(2);
  expect(theirs.statusCode).toBe(400);
  expect(theirs.json().data.fields[0].path).toBe('file');
});
