import { afterAll, beforeAll, expect, test } from 'vitest';
import { orgMembers } from '../src/db/schema';
import { call, createTestApp, createUser, loginAs, PASSWORD, type TestApp } from './harness';
import { type JsonSchema, sample } from './openapi-sample';
import { buildWorld, type World } from './world';

/*
 * The creative viewer (`v` = 1) sees one page, /creative/index, with its own header: the session,
 * the user, logout, password change and language. On the server it may make those calls only, and gets
 * 403 from every other call that needs a session, even in a center where it is an admin.
 */

/** Calls the viewer's page makes. */
const VIEWER_CALLS = [
  'GET /scaler/account/routes',
  'GET /scaler/account/user_info',
  'PUT /scaler/account/profile',
  'POST /scaler/account/logout',
  'PUT /scaler/account/reset/pwd',
  'GET /scaler/v3/creative/gallery',
];

/** Calls that need no session: the viewer is anyone there. A new public call must be listed here. */
const PUBLIC_CALLS = [
  'POST /scaler/account/user',
  'GET /scaler/account/email/token',
  'POST /scaler/account/email/verify',
  'POST /scaler/account/login',
  'POST /scaler/account/login/code/peek',
  'POST /scaler/account/login/exchange',
  'POST /scaler/account/repwd',
  'GET /scaler/account/invitation',
  'POST /scaler/account/invitation/accept',
];
const PUBLIC_PREFIXES = ['/px/', '/open/', '/t/', '/docs'];

/** Rules the JSON Schema cannot say (zod refinements): values the sample must take to pass them. */
const DATES = { start_date: '2026-01-01', end_date: '2026-01-07' };
const STORE_LINK = { download_link: 'https://apps.apple.com/us/app/example/id1234567890' };
const SAMPLE_FIXES: Record<string, { query?: Record<string, string>; body?: Record<string, unknown> }> = {
  'GET /scaler/account/license_files/:file': { query: { org_id: '100001' } },
  'POST /scaler/v3/bc/invitations': { body: { emails: ['probe@example.com'] } },
  'POST /scaler/v3/app': { body: STORE_LINK },
  'PUT /scaler/v3/app': { body: STORE_LINK },
  'GET /scaler/v3/app/event/report1': { query: DATES },
  'GET /scaler/v3/pixel/event/report1': { query: DATES },
  'GET /scaler/v3/pixel/event/statis': { query: DATES },
  // A signed-in change needs the current password; the new one must pass the strength check.
  'PUT /scaler/account/reset/pwd': {
    body: { current_password: PASSWORD, password: 'Viewer-lantern-orbit-2026' },
  },
};

interface Operation {
  key: string;
  method: string;
  url: string;
  body: unknown;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Every call of the OpenAPI document, with the smallest request its schemas accept. */
function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      let url = path;
      for (const p of params.filter((x) => x.in === 'path')) {
        url = url.replace(`{${p.name}}`, encodeURIComponent(String(sample(p.schema))));
      }
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const fix = SAMPLE_FIXES[key] ?? {};
      const query = new URLSearchParams({
        ...Object.fromEntries(
          params.filter((x) => x.in === 'query' && x.required).map((x) => [x.name, String(sample(x.schema))]),
        ),
        ...fix.query,
      }).toString();
      const json = op.requestBody?.content['application/json']?.schema;
      return {
        key,
        method: method.toUpperCase(),
        url: query ? `${url}?${query}` : url,
        body: json ? { ...(sample(json) as object), ...fix.body } : undefined,
      };
    }),
  );
}

const isPublic = (op: Operation) =>
  PUBLIC_CALLS.includes(op.key) || PUBLIC_PREFIXES.some((p) => op.url.startsWith(p));

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const viewer = await createUser(t.db, 'viewer@world.test', { v: 1 });
  // An admin of a center with accounts: membership gives the viewer nothing.
  await t.db.insert(orgMembers).values({ orgId: w.agency, userId: viewer, orgRole: 'org_admin' });
});
afterAll(() => t.close());

test('viewer: every call of the OpenAPI document but the viewer page’s own answers 403', async () => {
  const document = (await call(t.app, { url: '/scaler/openapi.json' })).body;
  const operations = operationsOf(document);
  const send = (op: Operation, token?: string) =>
    call(t.app, {
      method: op.method as 'GET',
      url: op.url,
      token,
      body: op.body,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1), language: 'en-US' },
    });

  const token = await loginAs(t.app, 'viewer@world.test');
  const checked: string[] = [];
  const answers: { call: string; anonymous: number; viewer: number }[] = [];
  for (const op of operations.filter((o) => !isPublic(o) && !VIEWER_CALLS.includes(o.key))) {
    // Signed out, the sample passes the call's schemas and meets the session check (401); the viewer
    // meets the same check and is refused (403).
    const anonymous = await send(op);
    const res = await send(op, token);
    answers.push({ call: op.key, anonymous: anonymous.status, viewer: res.status });
    if (res.status === 403) expect(res.body.code).toBe(40300);
    checked.push(op.key);
  }
  expect(answers.filter((a) => a.anonymous !== 401 || a.viewer !== 403)).toEqual([]);
  // The whole console API but the public and the viewer's calls: members, partners, accounts, assets...
  expect(checked.length).toBeGreaterThan(60);
  expect(checked).toEqual(
    expect.arrayContaining([
      'GET /scaler/v3/bc/list',
      'GET /scaler/v3/bc/info',
      'GET /scaler/v3/bc/members',
      'GET /scaler/v3/info/msg',
      'GET /scaler/v3/advs',
      'GET /scaler/v3/pixel',
      'POST /scaler/v3/files',
    ]),
  );

  // The viewer page's own calls work, each with a fresh session (logout and a new password end it).
  let currentPassword: string | undefined;
  for (const key of VIEWER_CALLS) {
    const op = operations.find((o) => o.key === key);
    expect(op, key).toBeDefined();
    if (!op) continue;
    const res = await send(op, await loginAs(t.app, 'viewer@world.test', currentPassword));
    expect({ call: key, status: res.status, code: res.body?.code }).toMatchObject({ call: key, status: 200 });
    if (key === 'PUT /scaler/account/reset/pwd') currentPassword = (op.body as { password: string }).password;
  }
});
