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
});
