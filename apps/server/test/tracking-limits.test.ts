import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trackingEvents } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * What the tracking endpoints refuse, and how they say it: absurd values, two pixels in one request,
 * every invalid event of a refused batch, refusals in the reader's language, and the rate limits.
 */
let t: TestApp;
let w: World;

const headers = () => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1) });
const admin = (method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}) =>
  call(t.app, { method, url, body, token: w.tokens.admin, headers: { ...headers(), ...extra } });

async function newPixel(name: string, mode = 1) {
  const res = await admin('POST', '/scaler/v3/pixel', {
    name,
    conversion_type: 1,
    mode,
    events: [
      { type: 1, event_type: 'page_view' },
      { type: 1, event_type: 'purchase' },
    ],
  });
  expect(res.body.code).toBe(0);
  return res.body.data as { _id: string; token: string | null };
}

const inject = (app: TestApp, options: InjectOptions) => app.app.inject(options);
const collect = (body: unknown, options: Partial<InjectOptions> = {}, app = t) =>
  inject(app, {
    method: 'POST',
    url: '/px/collect',
    headers: { 'content-type': 'text/plain', ...(options.headers ?? {}) },
    payload: JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
const events = (token: string | null, body: unknown, extra: Record<string, string> = {}, app = t) =>
  inject(app, {
    method: 'POST',
    url: '/open/v1/events',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
    payload: JSON.stringify(body),
  });
const stored = async (pixelId: string) =>
  Number(
    (
      await t.db
        .select({ n: sql<string>`count(*)` })
        .from(trackingEvents)
        .where(eq(trackingEvents.pixelId, pixelId))
    )[0].n,
  );
const live = async (pixelId: string, language = 'en-US') =>
  (await admin('GET', `/scaler/v3/tracking/live?kind=pixel&asset_id=${pixelId}`, undefined, { language }))
    .body.data.list as {
    accepted: boolean;
    reason: string | null;
    message: string | null;
    params: Record<string, string | number>;
    event: string;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('values', () => {
  test('negative, absurd and over-precise values and unknown currencies are refused with the reason', async () => {
    const { _id: pixel } = await newPixel('Values');
    const cases: [unknown, unknown, string][] = [
      [-5, 'USD', 'value must not be negative (got -5).'],
      ['-0.01', 'USD', 'value must not be negative (got -0.01).'],
      [1e12, 'USD', 'value must be at most 10,000,000,000 (got 1000000000000).'],
      ['10000000000.01', 'USD', 'value must be at most 10,000,000,000 (got 10000000000.01).'],
      ['1.1234567', 'USD', 'value may have at most 6 decimal places (got 1.1234567).'],
      ['1e5', 'USD', 'value must be a decimal number such as 12.50, not "1e5".'],
      ['12,50', 'EUR', 'value must be a decimal number such as 12.50, not "12,50".'],
      [10, 'XYZ', 'currency must be an ISO 4217 code such as USD, not "XYZ".'],
      [10, 'dollars', 'currency must be an ISO 4217 code such as USD, not "dollars".'],
    ];
    for (const [value, currency, message] of cases) {
      const res = await collect({ pixel_id: pixel, event: 'Purchase', value, currency });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().msg).toBe(message);
      expect(res.json().data).toMatchObject({
        reason: 'invalid_event',
        errors: [{ index: 0, reason: 'invalid_event', message }],
      });
    }
    expect(await stored(pixel)).toBe(0);
    // The bounds themselves, zero and a lower-case known currency are fine.
    for (const [i, value] of ['0', 0, '10000000000', '0.000001', 19.99].entries()) {
      const res = await collect({
        pixel_id: pixel,
        event: 'Purchase',
        event_id: `ok-${i}`,
        value,
        currency: 'jpy',
      });
      expect(res.json().data, String(value)).toEqual({ accepted: 1, duplicate: 0 });
    }
  });

  test('a postback with negative revenue is refused too', async () => {
    const app = (
      await admin('POST', '/scaler/v3/app', {
        name: 'Revenue',
        bundle_id: 'com.limits.revenue',
        os: 2,
        download_type: 1,
        download_link: 'https://play.google.com/store/apps/details?id=com.limits.revenue',
        partner: 'tenjin',
        partner_app_id: 'rev',
        events: [{ type: 1, event_type: 'purchase' }],
      })
    ).body.data;
    const res = await t.app.inject({
      url: `/t/postback/tenjin/${app.postback_token}?event=purchase&revenue=-3&event_uid=r1`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.reason).toBe('invalid_event');
    expect(res.json().msg).toBe('revenue must not be negative (got -3).');
  });
});

describe('one pixel per collection request', () => {
  test('a batch naming two pixels is refused and stores nothing', async () => {
    const a = (await newPixel('First'))._id;
    const b = (await newPixel('Second'))._id;
    const res = await collect({
      events: [
        { pixel_id: a, event: 'PageView', event_id: 'two-1' },
        { pixel_id: b, event: 'PageView', event_id: 'two-2' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      msg: 'A request carries the events of one pixel only; this one names 2 pixels.',
      data: { reason: 'malformed' },
    });
    expect((await stored(a)) + (await stored(b))).toBe(0);
    const ok = await collect({
      events: [
        { pixel_id: a, event: 'PageView', event_id: 'one-1' },
        { pixel_id: a, event: 'Purchase', event_id: 'one-2' },
      ],
    });
    expect(ok.json().data).toEqual({ accepted: 2, duplicate: 0 });
  });
});

describe('a refused batch lists every invalid event', () => {
  test('events API: each invalid event with its index, reason and message; nothing stored', async () => {
    const { _id: pixel, token } = await newPixel('Batch', 2);
    const res = await events(token, {
      data: [
        { event: 'Purchase', event_id: 'b-0', properties: { value: 5 } },
        { event: 'Lead', event_id: 'b-1' },
        { event: 'Purchase', event_id: 'b-2', properties: { value: -1 } },
        { event: 'PageView', event_id: 'b-3' },
        { event: 'Purchase', event_id: 'b-4', properties: { currency: 'EURO' } },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({
      reason: 'unknown_event',
      index: 1,
      errors: [
        { index: 1, reason: 'unknown_event', message: '"Lead" is not an event of this pixel.' },
        { index: 2, reason: 'invalid_event', message: 'value must not be negative (got -1).' },
        {
          index: 4,
          reason: 'invalid_event',
          message: 'currency must be an ISO 4217 code such as USD, not "EURO".',
        },
      ],
    });
    expect(await stored(pixel)).toBe(0);

    const malformed = await events(token, {
      data: [{ event: 'Purchase' }, { event: 'Purchase', event_id: 'm-1' }, { event_id: 'm-2' }],
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.errors).toEqual([
      {
        index: 0,
        reason: 'malformed',
        message: 'The field event_id is missing or of the wrong type.',
        field: 'event_id',
      },
      {
        index: 2,
        reason: 'malformed',
        message: 'The field event is missing or of the wrong type.',
        field: 'event',
      },
    ]);
    const notJson = await inject(t, {
      method: 'POST',
      url: '/open/v1/events',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: '{"data":',
    });
    expect(notJson.json().data.errors).toEqual([
      { index: null, reason: 'malformed', message: 'The body is not JSON.' },
    ]);
    // The live panel has a line for each refused event (written beside the answers: wait for them).
    await expect.poll(async () => (await live(pixel)).length).toBe(6);
    const panel = await live(pixel);
    expect(panel.filter((e) => e.message === 'tracking.unknown_event_pixel')).toHaveLength(1);
    expect(panel.filter((e) => e.message === 'tracking.value_negative')).toHaveLength(1);
    expect(panel.filter((e) => e.message === 'tracking.field_missing')).toHaveLength(2);
  });
});

describe('refusals in the reader’s language', () => {
  test('the live panel keeps a message key and its parameters; answers follow the language header', async () => {
    const { _id: pixel } = await newPixel('Languages');
    const res = await collect(
      { pixel_id: pixel, event: 'AddToCart', event_id: 'l-1', url: 'https://shop.example/cart' },
      { headers: { language: 'zh-CN' } },
    );
    expect(res.json().msg).toBe('“AddToCart”不是该像素的事件。');
    // The panel's line is written beside the answer: wait for it.
    await expect.poll(async () => (await live(pixel)).length).toBe(1);
    const [entry] = await live(pixel);
    expect(entry).toMatchObject({
      accepted: false,
      reason: 'unknown_event',
      message: 'tracking.unknown_event_pixel',
      params: { event: 'AddToCart' },
      event: 'AddToCart',
    });
    // What the panel stores carries no English text of ours.
    expect(JSON.stringify(entry)).not.toContain('is not an event');
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  let pixel: string;
  let token: string;
  let otherToken: string;
  let postbackToken: string;
  beforeAll(async () => {
    limited = await createTestApp({
      TRACKING_RATE_LIMIT: '5/60s',
      EVENTS_API_RATE_LIMIT: '8/60s',
      POSTBACK_RATE_LIMIT: '3/60s',
      TRUST_PROXY: '127.0.0.1',
    });
    const world = await buildWorld(limited);
    const send = (url: string, body: unknown) =>
      call(limited.app, {
        method: 'POST',
        url,
        body,
        token: world.tokens.admin,
        headers: { 'org-id': String(world.agency), 'adv-id': String(world.adv1) },
      });
    const made = await send('/scaler/v3/pixel', { name: 'Limited', conversion_type: 4, mode: 2 });
    pixel = made.body.data._id;
    token = made.body.data.token;
    otherToken = (await send('/scaler/v3/pixel', { name: 'Other', conversion_type: 4, mode: 2 })).body.data
      .token;
    postbackToken = (
      await send('/scaler/v3/app', {
        name: 'Limited app',
        bundle_id: 'com.limits.app',
        os: 2,
        download_type: 1,
        download_link: 'https://play.google.com/store/apps/details?id=com.limits.app',
        partner: 'kochava',
        partner_app_id: 'lim',
      })
    ).body.data.postback_token;
  });
  afterAll(() => limited.close());

  const forwarded = (address: string) => ({ 'x-forwarded-for': address });
  const from = (address: string) => ({ headers: forwarded(address) });

  test('the browser endpoints: one address past its limit gets 429 with Retry-After; others go on', async () => {
    const event = (n: number) => ({ pixel_id: pixel, event: 'PageView', event_id: `rl-${n}` });
    for (let n = 0; n < 5; n++) {
      expect((await collect(event(n), from('198.51.100.7'), limited)).statusCode).toBe(200);
    }
    const over = await collect(event(5), from('198.51.100.7'), limited);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.json()).toMatchObject({
      code: 10403,
      msg: `Too many requests. Please retry in ${over.headers['retry-after']} seconds.`,
      data: { reason: 'rate_limited', retry_after: Number(over.headers['retry-after']) },
    });
    // Another client address (as the trusted proxy reports it) is not affected.
    expect((await collect(event(6), from('198.51.100.8'), limited)).statusCode).toBe(200);
    // The other browser endpoints count on their own, per address.
    const script = (address: string) => limited.app.inject({ url: '/px/sdk.js', ...from(address) });
    for (let n = 0; n < 5; n++) expect((await script('198.51.100.7')).statusCode).toBe(200);
    expect((await script('198.51.100.7')).statusCode).toBe(429);
    const imp = await limited.app.inject({ url: '/t/imp?a=1', ...from('198.51.100.9') });
    expect(imp.statusCode).toBe(400);
    for (let n = 0; n < 5; n++) await limited.app.inject({ url: '/t/imp?a=1', ...from('198.51.100.9') });
    expect((await limited.app.inject({ url: '/t/click?a=1', ...from('198.51.100.9') })).statusCode).toBe(400);
    expect((await limited.app.inject({ url: '/t/imp?a=1', ...from('198.51.100.9') })).statusCode).toBe(429);
  });

  test('events-API tokens have their own, higher limit; unknown tokens count against the address', async () => {
    const body = (n: number) => ({ data: [{ event: 'PageView', event_id: `api-${n}` }] });
    for (let n = 0; n < 8; n++) {
      expect((await events(token, body(n), forwarded('203.0.113.1'), limited)).statusCode).toBe(200);
    }
    const over = await events(token, body(8), forwarded('203.0.113.2'), limited);
    expect(over.statusCode).toBe(429);
    expect(over.json().data.reason).toBe('rate_limited');
    expect((await events(otherToken, body(9), forwarded('203.0.113.1'), limited)).statusCode).toBe(200);
    for (let n = 0; n < 5; n++) {
      expect(
        (await events(`sct_${'x'.repeat(43)}${n}`, body(n), forwarded('203.0.113.3'), limited)).statusCode,
      ).toBe(401);
    }
    expect((await events('sct_made_up', body(0), forwarded('203.0.113.3'), limited)).statusCode).toBe(429);
  });

  test('postbacks are limited per postback URL', async () => {
    const postback = (n: number, address: string) =>
      limited.app.inject({
        url: `/t/postback/kochava/${postbackToken}?event=install&event_uid=pb-${n}`,
        ...from(address),
      });
    for (let n = 0; n < 3; n++) expect((await postback(n, `192.0.2.${n + 1}`)).statusCode).toBe(200);
    expect((await postback(3, '192.0.2.9')).statusCode).toBe(429);
  });

  test('the default limits leave the test traffic of this suite alone', async () => {
    const res = await collect({ pixel_id: (await newPixel('Default'))._id, event: 'PageView' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
  });
});
