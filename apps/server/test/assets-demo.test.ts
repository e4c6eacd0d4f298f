import { sniffFileType } from '@scaler/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { call, createTestApp, loginAs, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({ db: t.db, storage: t.storage });
  admin = await loginAs(t.app, 'admin@demo.test', DEMO_PASSWORD);
  user = await loginAs(t.app, 'user@demo.test', DEMO_PASSWORD);
});
afterAll(() => t.close());

const SHOES = 1000001;
const GAMES = 1000002;
const get = (token: string, advId: number, url: string) =>
  call(t.app, { url, token, headers: { 'org-id': '100001', 'adv-id': String(advId) } });

describe('demo assets', () => {
  test('apps of Shoes and Games on several attribution partners, with standard and custom events', async () => {
    const shoes = (await get(admin, SHOES, '/scaler/v3/app')).body.data.list;
    const games = (await get(admin, GAMES, '/scaler/v3/app')).body.data.list;
    expect(shoes).toHaveLength(2);
    expect(games.length).toBeGreaterThanOrEqual(3);
    const partners = new Set([...shoes, ...games].map((a: { partner: string }) => a.partner));
    for (const p of ['appsflyer', 'adjust', 'branch']) expect(partners.has(p)).toBe(true);
    expect(partners.size).toBeGreaterThanOrEqual(5);
    const dragon = games.find(
      (a: { bundle_id: string; os: number }) => a.bundle_id === 'com.northwind.dragonidle' && a.os === 2,
    );
    const detail = (await get(admin, GAMES, `/scaler/v3/app?_id=${dragon._id}`)).body.data;
    expect(detail.events.map((e: { type: number }) => e.type)).toContain(2);
    expect(detail.events.map((e: { event_type: string }) => e.event_type)).toContain('install');
    expect(detail.postback_token).toMatch(/^[0-9a-f]{32}$/);
  });

  test('app icons are real PNG files served from the static host', async () => {
    const [app] = (await get(admin, SHOES, '/scaler/v3/app')).body.data.list;
    const res = await t.app.inject({ url: `/static/${app.icon}` });
    expect(res.statusCode).toBe(200);
    expect(sniffFileType(res.rawPayload)).toBe('png');
  });

  test('pixels with standard and custom events, an API pixel with its source', async () => {
    const pixels = (await get(admin, SHOES, '/scaler/v3/pixel')).body.data.list;
    expect(pixels.map((p: { mode: number }) => p.mode).sort()).toEqual([1, 1, 2]);
    const api = pixels.find((p: { mode: number }) => p.mode === 2);
    expect(api.api_source).toMatchObject({ pixel_id: api._id, token_hint: expect.any(String) });
    const web = pixels.find(
      (p: { conversion_type: number; mode: number }) => p.conversion_type === 1 && p.mode === 1,
    );
    const events = (await get(admin, SHOES, `/scaler/v3/utils/pixel_events?pixel_id=${web._id}`)).body.data;
    expect(events.filter((e: { type: number }) => e.type === 1).length).toBeGreaterThan(3);
    expect(events.filter((e: { type: number }) => e.type === 2).length).toBe(1);
    expect((await get(admin, GAMES, '/scaler/v3/pixel')).body.data.total).toBe(1);
  });

  test('the standard user operates Shoes and reads Games', async () => {
    expect((await get(user, SHOES, '/scaler/v3/pixel')).body.code).toBe(0);
    expect((await get(user, GAMES, '/scaler/v3/app')).body.code).toBe(0);
    const create = (advId: number) =>
      call(t.app, {
        method: 'POST',
        url: '/scaler/v3/pixel',
        token: user,
        headers: { 'org-id': '100001', 'adv-id': String(advId) },
        body: { name: 'Operator pixel', conversion_type: 4, mode: 1 },
      });
    expect((await create(SHOES)).body.code).toBe(0);
    expect((await create(GAMES)).status).toBe(403);
  });

  test('a week of recorded traffic: statuses, reports and live panels have content', async () => {
    const games = (await get(admin, GAMES, '/scaler/v3/app')).body.data.list as {
      _id: string;
      name: string;
      status: number;
    }[];
    const byName = (name: string) => games.find((a) => a.name === name);
    expect(byName('Puzzle Town')?.status).toBe(0);
    expect(byName('Word Harbor')?.status).toBe(1);
    const dragon = games.filter((a) => a.name === 'Dragon Idle');
    expect(dragon.every((a) => a.status === 2)).toBe(true);

    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const rows = (
      await get(
        admin,
        GAMES,
        `/scaler/v3/app/event/report1?app_id=${dragon[0]._id}&start_date=${start}&end_date=${end}`,
      )
    ).body.data.list as { event_id: string; pv: number; date: string }[];
    const installs = rows.filter((r) => r.event_id === 'install');
    expect(installs.length).toBeGreaterThanOrEqual(5);
    expect(installs.every((r) => r.pv > 0)).toBe(true);

    const pixels = (
      (await get(admin, SHOES, '/scaler/v3/pixel')).body.data.list as {
        _id: string;
        name: string;
        mode: number;
        status: number;
        installed: boolean;
      }[]
    ).filter((p) => p.name !== 'Operator pixel');
    expect(pixels).toHaveLength(3);
    expect(pixels.every((p) => p.status === 2 && p.installed)).toBe(true);
    const web = pixels.find((p) => p.mode === 1) as { _id: string };
    const statis = (
      await get(
        admin,
        SHOES,
        `/scaler/v3/pixel/event/statis?pixel_id=${web._id}&start_date=${start}&end_date=${end}`,
      )
    ).body.data;
    expect(statis.total.pv).toBeGreaterThan(100);
    expect(statis.days.length).toBeGreaterThanOrEqual(7);
    const panel = (await get(admin, SHOES, `/scaler/v3/tracking/live?kind=pixel&asset_id=${web._id}`)).body
      .data.list as {
      accepted: boolean;
      reason: string | null;
    }[];
    expect(panel.length).toBe(50);
    expect(panel.some((e) => e.reason === 'unknown_event')).toBe(true);
  });
});
