import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp } from './harness';

/** Security headers on every answer and the origin rule for state-changing calls (issue 8, item 8). */
let t: TestApp;
let secure: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: 'https://admin.example.com, https://ops.example.com:8443/' });
  secure = await createTestApp({ COOKIE_SECURE: '1', PUBLIC_URL: 'https://console.example.com' });
  await createUser(t.db, 'ann@security.test');
});
afterAll(async () => {
  await t?.close();
  await secure?.close();
});

const csp = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  test.each([
    ['an API answer', '/scaler/account/user_info'],
    ['the OpenAPI document', '/scaler/openapi.json'],
    ['the user docs', '/docs/en/'],
    ['a console route', '/login'],
    ['an unknown API path', '/scaler/nope'],
  ])('%s carries CSP, frame, sniffing and referrer rules, and no HSTS on plain http', async (_, url) => {
    const res = await t.app.inject({ url });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('behind TLS (COOKIE_SECURE) answers add HSTS and upgrade insecure requests', async () => {
    const res = await secure.app.inject({ url: '/scaler/account/user_info' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  test('the pixel script, collection and tracking URLs stay usable from any website', async () => {
    const script = await t.app.inject({ url: '/px/sdk.js', headers: { origin: 'https://shop.example' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/px/collect',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');

    // A foreign origin is the normal case here: the origin rule is for the console's own calls only.
    const collect = await t.app.inject({
      method: 'POST',
      url: '/px/collect',
      headers: { origin: 'https://shop.example', 'content-type': 'text/plain' },
      payload: JSON.stringify({ pixel_id: '0'.repeat(24), event: 'PageView' }),
    });
    expect(collect.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(collect.json().code).not.toBe(10304);

    const impression = await t.app.inject({ url: '/t/imp?x=1' });
    expect(impression.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('the origin of state-changing calls', () => {
  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/scaler/account/login',
      headers,
      payload: { email: 'ann@security.test', password: PASSWORD },
    });

  test('a call from another website is refused with 403 and a clear message, and does nothing', async () => {
    const res = await login({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 10304,
      msg: 'This change was sent from another website (https://evil.example) and was refused. Make it in the console itself.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const zh = await login({ origin: 'https://evil.example', language: 'zh-CN' });
    expect(zh.json().msg).toBe('该修改来自其他网站（https://evil.example），已被拒绝。请在控制台中操作。');
    for (const origin of ['null', 'http://console.test.evil.example', 'https://console.test']) {
      expect((await login({ origin })).statusCode, origin).toBe(403);
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const other = await t.app.inject({
        method,
        url: '/scaler/v3/pixel',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.statusCode, method).toBe(403);
    }
  });

  test('the console itself, listed origins, and calls without Origin pass', async () => {
    const cases: Record<string, string>[] = [
      { origin: 'http://console.test' },
      { origin: 'http://localhost:5173', host: 'localhost:5173' },
      { origin: 'https://admin.example.com' },
      { origin: 'https://ops.example.com:8443' },
      {},
    ];
    for (const headers of cases) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json().code).toBe(0);
    }
  });

  test('reading is not state-changing: a GET from another origin is answered as usual', async () => {
    const res = await t.app.inject({
      url: '/scaler/account/routes',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the origin rule is decided on the route, not on the spelling of the URL', () => {
  const EVIL = { origin: 'https://evil.example' };

  test('percent-encoded, doubled, upper-cased or unknown paths from another website never reach a handler', async () => {
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/scaler/account/login',
        payload: { email: 'ann@security.test', password: PASSWORD },
      })
    ).json().data.token as string;
    const spellings = [
      '/%73caler/account/logout',
      '/scaler/%61ccount/logout',
      '/%73%63%61%6c%65%72/account/logout',
      '/scaler/account/logou%74',
      '//scaler/account/logout',
      '/scaler//account/logout',
      '/SCALER/account/logout',
      '/Scaler/Account/Logout',
      '/scaler/account/logout?x=/px/',
      '/nope/logout',
    ];
    for (const url of spellings) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: { ...EVIL, token } });
        expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
        if (method === 'POST') expect(res.statusCode, url).toBe(403);
        if (res.statusCode === 403) expect(res.json().code, url).toBe(10304);
      }
    }
    // The session is still there: no spelling reached logout.
    const still = await t.app.inject({ url: '/scaler/account/user_info', headers: { token } });
    expect(still.statusCode).toBe(200);
    // A sign-in through an encoded path from another website sets no cookie.
    const login = await t.app.inject({
      method: 'POST',
      url: '/%73caler/account/login',
      headers: EVIL,
      payload: { email: 'ann@security.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    // The same call from the console itself is answered as usual.
    const own = await t.app.inject({
      method: 'POST',
      url: '/%73caler/account/logout',
      headers: { origin: 'http://console.test', token },
    });
    expect(own.statusCode).toBe(200);
  });

  test('the tracking endpoints keep accepting other websites, under any spelling the router matches', async () => {
    for (const url of ['/px/collect', '/%70x/collect']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...EVIL, 'content-type': 'text/plain' },
        payload: JSON.stringify({ pixel_id: '0'.repeat(24), event: 'PageView' }),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().data.reason, url).toBe('unknown_asset');
    }
    const api = await t.app.inject({
      method: 'POST',
      url: '/open/v1/events',
      headers: { ...EVIL, authorization: 'Bearer nope' },
      payload: { events: [] },
    });
    expect(api.json().code).not.toBe(10304);
    const postback = await t.app.inject({
      method: 'POST',
      url: '/t/postback/appsflyer/nope',
      headers: EVIL,
      payload: { event: 'install' },
    });
    expect(postback.json().code).not.toBe(10304);
  });
});

describe('answers that carry data are never cached', () => {
  test('every JSON answer, signed in or refused, is no-store; files keep their own policy', async () => {
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/scaler/account/login',
        payload: { email: 'ann@security.test', password: PASSWORD },
      })
    ).json().data.token as string;
    const noStore: [string, Record<string, string>, string?][] = [
      ['/scaler/account/user_info', { token }],
      ['/scaler/account/routes', { token }],
      ['/scaler/v3/bc/list', { token }],
      ['/scaler/v3/info/msg', { token }],
      ['/scaler/account/user_info', {}],
      ['/scaler/account/routes', {}],
      ['/scaler/v3/bc/info', { token }],
      ['/scaler/nope', { token }],
      ['/scaler/openapi.json', {}],
    ];
    for (const [url, headers] of noStore) {
      const res = await t.app.inject({ url, headers });
      expect(res.headers['content-type'], url).toMatch(/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const write = await t.app.inject({
      method: 'POST',
      url: '/scaler/v3/info/msg/clear',
      headers: { token },
      payload: {},
    });
    expect(write.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/scaler/account/login',
      payload: { email: 'ann@security.test', password: PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');

    // Public files keep their caching.
    const sdk = await t.app.inject({ url: '/px/sdk.js' });
    expect(sdk.headers['cache-control']).toBe('public, max-age=3600');
    const avatar = await t.app.inject({ url: '/static/avatars/default-adv.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).not.toContain('no-store');
    const frame = await t.app.inject({ url: '/creative-frame' });
    expect(frame.headers['cache-control']).toBe('public, max-age=3600');
  });
});
