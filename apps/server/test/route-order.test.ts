import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advMembers, sessions } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/tokens';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { buildWorld, PNG, type World } from './world';

/*
 * One route rule, the same order on every call (decisions 2): session (401/402) → body (400) → scope
 * (404/403) → service. An anonymous caller never learns what a valid body looks like, and the calls
 * that take large bodies check the account of the `adv-id` header before reading them.
 */

/** Every call that answers without a session. A new public call must be added here on purpose. */
const PUBLIC_CALLS = [
  'GET /docs',
  'GET /px/sdk.js',
  'GET /px/special/sdk.js',
  'GET /scaler/account/email/token',
  'GET /scaler/account/invitation',
  'GET /scaler/account/routes',
  'GET /t/click',
  'GET /t/imp',
  'GET /t/postback/:partner/:token',
  'POST /open/v1/events',
  'POST /px/collect',
  'POST /scaler/account/email/verify',
  'POST /scaler/account/invitation/accept',
  'POST /scaler/account/login',
  'POST /scaler/account/login/code/peek',
  'POST /scaler/account/login/exchange',
  'POST /scaler/account/repwd',
  'POST /scaler/account/user',
  'POST /t/postback/:partner/:token',
  'PUT /scaler/account/reset/pwd',
];

/** Calls the creative viewer's page makes (`config: { viewer: true }`) that carry a body. */
const VIEWER_CALLS = ['PUT /scaler/account/profile', 'POST /scaler/account/logout'];

interface Parameter {
  in: string;
  name: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}

interface Probe {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  hasBody: boolean;
}

/** A value no parameter of the API accepts: too long for any string, no number, a NUL inside. */
const BAD = encodeURIComponent(`\u0000${'x'.repeat(300)}`);
/** The same in a path (the router refuses path parameters over 100 characters before any of this). */
const BAD_PARAM = encodeURIComponent('\u0000x');

/** Every call of the OpenAPI document with every path and query parameter invalid. */
function probesOf(document: OpenApiDocument): Probe[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      const url = path.replace(/\{(\w+)\}/g, BAD_PARAM);
      const query = params
        .filter((p) => p.in === 'query')
        .map((p) => `${p.name}=${BAD}`)
        .join('&');
      return {
        key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        method: method.toUpperCase() as Probe['method'],
        url: `${url}?${query || `probe=${BAD}`}`,
        hasBody: method !== 'get',
      };
    }),
  );
}

/** Invalid bodies: of the wrong type, malformed JSON, a multipart body without its boundary. */
const BAD_BODIES: { name: string; contentType: string; payload: string }[] = [
  { name: 'wrong type', contentType: 'application/json', payload: '[null, "\\u0000"]' },
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"a": ' },
  { name: 'broken multipart', contentType: 'multipart/form-data', payload: '--x\r\n' },
];

let t: TestApp;
let w: World;
let probes: Probe[];
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  await createUser(t.db, 'viewer@order.test', { v: 1 });
  // user2 of the agency: an analyst on adv1, who may read its ads but not change them.
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.user2, advRole: 'role_analyst', orgId: w.agency });
  probes = probesOf((await call(t.app, { url: '/scaler/openapi.json' })).body);
});
afterAll(() => t.close());

const headers = (w: World) => ({ 'org-id': String(w.agency), 'adv-id': String(w.adv1), language: 'en-US' });

describe('session first, on every call', () => {
  test('an anonymous call with invalid parameters and body answers 401, except the public calls', async () => {
    const answers: Record<string, number[]> = {};
    for (const probe of probes) {
      const bodies = probe.hasBody ? BAD_BODIES : [null];
      for (const body of bodies) {
        const res = await t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: { ...headers(w), ...(body ? { 'content-type': body.contentType } : {}) },
          ...(body ? { payload: body.payload } : {}),
        });
        answers[probe.key] = [...(answers[probe.key] ?? []), res.statusCode];
        if (res.statusCode === 401) {
          // No field names, nothing about the body: the envelope of "not signed in".
          expect(res.json(), probe.key).toMatchObject({ code: 40100, data: null });
        }
      }
    }
    const closed = Object.entries(answers).filter(([, statuses]) => statuses.every((s) => s === 401));
    const open = Object.keys(answers)
      .filter((key) => !closed.some(([k]) => k === key))
      .sort();
    expect(open).toEqual([...PUBLIC_CALLS].sort());
    // A call is either closed for every bad request or public: never 401 for one body and 400 for another.
    for (const key of open)
      expect(
        answers[key].every((s) => s !== 401),
        key,
      ).toBe(true);
    expect(closed.length).toBeGreaterThan(100);
  });

  test('an expired session answers 402 and a creative viewer 403, whatever the body', async () => {
    const expired = await loginAs(t.app, 'user1@world.test');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    const viewer = await loginAs(t.app, 'viewer@order.test');
    const wrong: string[] = [];
    for (const probe of probes.filter((p) => p.hasBody && !PUBLIC_CALLS.includes(p.key))) {
      for (const [token, status] of [
        [expired, 402],
        // The viewer's own calls read the body (and find it malformed); every other call refuses it first.
        [viewer, VIEWER_CALLS.includes(probe.key) ? 400 : 403],
      ] as const) {
        const res = await t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: { ...headers(w), token, 'content-type': 'application/json' },
          payload: '{"a": ',
        });
        if (res.statusCode !== status) wrong.push(`${probe.key}: ${res.statusCode} (expected ${status})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('the HEAD twin of a GET route is closed the same way', async () => {
    for (const url of ['/scaler/account/user_info', '/scaler/v3/bc/list', '/scaler/v3/audiences?page=x']) {
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(401);
    }
  });

  test('a 7 MB body of an anonymous caller is not read: 401 at once', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/scaler/v3/audience',
      headers: { ...headers(w), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', source_type: 2, device_ids: `x${'"'.repeat(7_000_000)}x` }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('calls with large bodies check the account before reading them', () => {
  const multipart = (bytes: Buffer) => {
    const boundary = '----order';
    return {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  };
  const deviceIds = JSON.stringify({
    name: 'Uploaded',
    source_type: 2,
    device_ids: Array.from(
      { length: 2000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ).join('\n'),
  });

  test.each([
    ['PUT', '/scaler/v3/audience'],
    ['POST', '/scaler/v3/creative/material?role=image'],
  ] as const)(
    '%s %s: another account 404, an analyst 403, no adv-id 400, all before the body',
    async (method, url) => {
      const send = (
        who: string,
        adv: number | null,
        body: { contentType: string; payload: string | Buffer },
      ) =>
        t.app.inject({
          method,
          url,
          headers: {
            token: w.tokens[who],
            'org-id': String(who === 'oadmin' ? w.other : w.agency),
            ...(adv === null ? {} : { 'adv-id': String(adv) }),
            'content-type': body.contentType,
          },
          payload: body.payload,
        });
      const malformed = { contentType: 'application/json', payload: '{"device_ids": "x' };
      const valid = url.includes('audience')
        ? { contentType: 'application/json', payload: deviceIds }
        : multipart(PNG);

      // An admin of another center names the agency's account: not found, whatever the body.
      for (const body of [malformed, valid]) {
        const res = await send('oadmin', w.adv1, body);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(40400);
      }
      // A member of the agency without the account (user2 is an analyst of adv1 only).
      expect((await send('user2', w.adv2, malformed)).statusCode).toBe(404);
      // An analyst of the account may not change it: 403 before the body is parsed.
      const analyst = await send('user2', w.adv1, malformed);
      expect(analyst.statusCode).toBe(403);
      // Without the account header the call cannot be scoped.
      const noAccount = await send('admin', null, malformed);
      expect(noAccount.statusCode).toBe(400);
      expect(noAccount.json().data.fields).toEqual([{ path: 'adv-id', message: 'This field is required.' }]);
      // The account's admin gets to the body: malformed JSON is a 400 now.
      const owner = await send('admin', w.adv1, malformed);
      expect(owner.statusCode).toBe(400);
      const answer = (await send('admin', w.adv1, valid)).json();
      if (url.includes('audience')) expect(answer.code).toBe(0);
      // The 1x1 picture reached the material rules, which refuse its size.
      else expect(answer.data.fields[0].path).toBe('file');
    },
  );
});
