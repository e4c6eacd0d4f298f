import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advMembers, orgMembers } from '../src/db/schema';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { as, buildWorld, partnerWith, type World } from './world';

/**
 * Every asset call, called as each kind of caller on account adv1 of the agency. An expected value
 * below 1000 is the HTTP status (200 meaning code 0); 10000 and above is a business code on HTTP 200.
 *
 * anon: no session; oadmin: admin of another center; operator: platform operator (no membership);
 * padmin: admin of a partner center the account is shared with as analyst (calls in the partner
 * center); user2: standard member without this account; analyst, user1 (operator), admin (org admin).
 */
const ACTORS = ['anon', 'oadmin', 'operator', 'padmin', 'user2', 'analyst', 'user1', 'admin'] as const;
type ActorName = (typeof ACTORS)[number];
type Expect = Record<ActorName, number>;

const READ: Expect = {
  anon: 401,
  oadmin: 404,
  operator: 404,
  padmin: 200,
  user2: 404,
  analyst: 200,
  user1: 200,
  admin: 200,
};
const WRITE: Expect = { ...READ, padmin: 403, analyst: 403 };
const SESSION_ONLY: Expect = {
  anon: 401,
  oadmin: 200,
  operator: 200,
  padmin: 200,
  user2: 200,
  analyst: 200,
  user1: 200,
  admin: 200,
};

let t: TestApp;
let w: World;
let appId: string;
let pixelId: string;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}`;

const orgOf = (actor: ActorName) => (actor === 'padmin' ? w.partner : w.agency);

/** Calls as the account's admin, to make what a case needs. */
const adminCall = (method: 'POST' | 'PUT', url: string, body: unknown, advId = w.adv1) =>
  call(t.app, {
    method,
    url,
    body,
    token: w.tokens.admin,
    headers: { 'org-id': String(w.agency), 'adv-id': String(advId) },
  });

const newPixel = async (mode = 1) =>
  (await adminCall('POST', '/scaler/v3/pixel', { name: `P ${unique()}`, conversion_type: 4, mode })).body
    .data;

const appBody = (bundle: string) => ({
  name: 'Matrix app',
  bundle_id: bundle,
  os: 2,
  download_type: 3,
  download_link: 'https://cdn.example.com/matrix.apk',
  partner: 'kochava',
  partner_app_id: 'komatrix',
});

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const admin = as(t, w, 'admin', w.agency);
  await partnerWith(t, w, w.partner, 'padmin');
  await admin.send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
  });
  w.ids.analyst = await createUser(t.db, 'analyst@world.test');
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.analyst, advRole: 'role_analyst', orgId: w.agency });
  await t.db.insert(orgMembers).values({ orgId: w.agency, userId: w.ids.analyst, orgRole: 'org_user' });
  w.tokens.analyst = await loginAs(t.app, 'analyst@world.test');
  appId = (await adminCall('POST', '/scaler/v3/app', appBody('com.matrix.base'))).body.data._id;
  pixelId = (await newPixel())._id;
});
afterAll(() => t.close());

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown | Promise<unknown>;
  adv?: () => number;
  expect: Expect;
}

const range = 'start_date=2026-01-01&end_date=2026-01-07';

const cases: Case[] = [
  { name: 'GET app (list)', url: () => '/scaler/v3/app', expect: READ },
  { name: 'GET app (one)', url: () => `/scaler/v3/app?_id=${appId}`, expect: READ },
  {
    name: 'POST app',
    method: 'POST',
    url: () => '/scaler/v3/app',
    body: () => appBody(`com.matrix.a${unique()}`),
    expect: WRITE,
  },
  {
    name: 'PUT app',
    method: 'PUT',
    url: () => '/scaler/v3/app',
    body: () => ({ ...appBody('com.matrix.base'), _id: appId }),
    expect: WRITE,
  },
  {
    name: 'POST app/postback_token',
    method: 'POST',
    url: () => '/scaler/v3/app/postback_token',
    body: () => ({ _id: appId }),
    expect: WRITE,
  },
  {
    name: 'PUT app/event',
    method: 'PUT',
    url: () => '/scaler/v3/app/event',
    body: () => ({ app_id: appId, events: [{ type: 1, event_type: 'install' }] }),
    expect: WRITE,
  },
  {
    name: 'GET app/event/report1',
    url: () => `/scaler/v3/app/event/report1?app_id=${appId}&${range}`,
    expect: READ,
  },
  { name: 'GET pixel (list)', url: () => '/scaler/v3/pixel', expect: READ },
  { name: 'GET pixel (one)', url: () => `/scaler/v3/pixel?_id=${pixelId}`, expect: READ },
  {
    name: 'POST pixel',
    method: 'POST',
    url: () => '/scaler/v3/pixel',
    body: () => ({ name: `Matrix ${unique()}`, conversion_type: 1, mode: 1 }),
    expect: WRITE,
  },
  {
    name: 'PUT pixel',
    method: 'PUT',
    url: () => '/scaler/v3/pixel',
    body: () => ({ _id: pixelId, name: 'Matrix pixel', conversion_type: 2, mode: 1 }),
    expect: WRITE,
  },
  {
    name: 'DELETE pixel',
    method: 'DELETE',
    url: () => '/scaler/v3/pixel',
    body: async () => ({ _id: (await newPixel())._id }),
    expect: WRITE,
  },
  {
    name: 'GET pixel/event/status',
    url: () => `/scaler/v3/pixel/event/status?pixel_id=${pixelId}`,
    expect: READ,
  },
  {
    name: 'GET pixel/event/statis',
    url: () => `/scaler/v3/pixel/event/statis?pixel_id=${pixelId}&${range}`,
    expect: READ,
  },
  {
    name: 'GET pixel/event/report1',
    url: () => `/scaler/v3/pixel/event/report1?pixel_id=${pixelId}&${range}`,
    expect: READ,
  },
  {
    name: 'POST reset_pixel',
    method: 'POST',
    url: () => '/scaler/ex/reset_pixel',
    body: () => ({ pixel_id: pixelId }),
    expect: WRITE,
  },
  { name: 'GET api_source', url: () => '/scaler/v3/api_source', expect: READ },
  {
    name: 'POST api_source',
    method: 'POST',
    url: () => '/scaler/v3/api_source',
    body: async () => ({ pixel_id: (await newPixel())._id, name: 'Backend' }),
    expect: WRITE,
  },
  {
    name: 'PUT api_source',
    method: 'PUT',
    url: () => '/scaler/v3/api_source',
    body: async () => ({ _id: (await newPixel(2)).api_source._id, name: 'Renamed' }),
    expect: WRITE,
  },
  {
    name: 'POST api_source/rotate',
    method: 'POST',
    url: () => '/scaler/v3/api_source/rotate',
    body: async () => ({ _id: (await newPixel(2)).api_source._id }),
    expect: WRITE,
  },
  {
    name: 'DELETE api_source',
    method: 'DELETE',
    url: () => '/scaler/v3/api_source',
    body: async () => ({ _id: (await newPixel(2)).api_source._id }),
    expect: WRITE,
  },
  { name: 'GET utils/apps', url: () => '/scaler/v3/utils/apps', expect: READ },
  { name: 'GET utils/pixels', url: () => '/scaler/v3/utils/pixels', expect: READ },
  {
    name: 'GET utils/pixel_events',
    url: () => `/scaler/v3/utils/pixel_events?pixel_id=${pixelId}`,
    expect: READ,
  },
  { name: 'GET utils/app_events', url: () => `/scaler/v3/utils/app_events?app_id=${appId}`, expect: READ },
  { name: 'GET utils/app_info', url: () => `/scaler/v3/utils/app_info?app_id=${appId}`, expect: READ },
  {
    name: 'GET utils/pixel_type_events',
    url: () => '/scaler/v3/utils/pixel_type_events',
    expect: SESSION_ONLY,
  },
  {
    name: 'GET ex/utils/standard_web_event',
    url: () => '/scaler/ex/utils/standard_web_event',
    expect: SESSION_ONLY,
  },
  { name: 'GET ex/utils/standard_event', url: () => '/scaler/ex/utils/standard_event', expect: SESSION_ONLY },
  // Another center's account: not found for everyone here, even with the right role there.
  {
    name: 'GET app of another center’s account',
    url: () => '/scaler/v3/app',
    adv: () => w.advOther,
    expect: { ...READ, padmin: 404, analyst: 404, user1: 404, admin: 404 },
  },
  // An account in review (status 0) can be read by its admins but its assets not changed.
  {
    name: 'GET pixel of an account in review',
    url: () => '/scaler/v3/pixel',
    adv: () => w.adv2,
    expect: { ...READ, padmin: 404, analyst: 404, user1: 404 },
  },
  {
    name: 'POST pixel on an account in review',
    method: 'POST',
    url: () => '/scaler/v3/pixel',
    adv: () => w.adv2,
    body: () => ({ name: `Review ${unique()}`, conversion_type: 1, mode: 1 }),
    expect: { ...READ, padmin: 404, analyst: 404, user1: 404, admin: 403 },
  },
];

describe('asset permission matrix', () => {
  for (const c of cases) {
    test(c.name, async () => {
      const answers: Record<string, number> = {};
      for (const actor of ACTORS) {
        const res = await call(t.app, {
          method: c.method ?? 'GET',
          url: c.url(),
          body: await c.body?.(),
          token: actor === 'anon' ? undefined : w.tokens[actor],
          headers: { 'org-id': String(orgOf(actor)), 'adv-id': String(c.adv?.() ?? w.adv1) },
        });
        answers[actor] = res.status === 200 && res.body?.code ? res.body.code : res.status;
      }
      expect(answers).toEqual(c.expect);
    });
  }
});
