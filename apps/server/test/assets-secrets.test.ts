import { postbackUrl } from '@scaler/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advMembers, advShares, orgMembers, orgPartners } from '../src/db/schema';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { buildWorld, type World } from './world';

/**
 * Secrets of an account's assets by role: the app's postback token (and so its postback URL) and API
 * source tokens only reach roles that may edit the assets; a read-only role can read every asset page
 * and still cannot forge a conversion.
 *
 * On account adv1 of the agency: admin (org admin: role_admin), user1 (role_operator), analyst
 * (role_analyst); in the partner center the account is shared with as analyst: padmin (its admin) and
 * puser (its member, assigned as operator, capped at the share's analyst).
 */
let t: TestApp;
let w: World;
let app: { _id: string; postback_token: string; partner: 'kochava' };
let apiPixel: { _id: string; token: string };

const CALLERS = {
  admin: { org: () => w.agency, secrets: true },
  user1: { org: () => w.agency, secrets: true },
  analyst: { org: () => w.agency, secrets: false },
  padmin: { org: () => w.partner, secrets: false },
  puser: { org: () => w.partner, secrets: false },
} as const;
type Caller = keyof typeof CALLERS;

const get = (who: Caller, url: string) =>
  call(t.app, {
    url,
    token: w.tokens[who],
    headers: { 'org-id': String(CALLERS[who].org()), 'adv-id': String(w.adv1) },
  });

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  // The partner center and its share are written straight away: how they come about is not the point.
  await t.db.insert(orgPartners).values({ orgId: w.agency, partnerOrgId: w.partner });
  await t.db.insert(advShares).values({ advId: w.adv1, partnerOrgId: w.partner, advRole: 'role_analyst' });
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.puser, advRole: 'role_operator', orgId: w.partner });
  w.ids.analyst = await createUser(t.db, 'analyst@world.test');
  await t.db.insert(orgMembers).values({ orgId: w.agency, userId: w.ids.analyst, orgRole: 'org_user' });
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.analyst, advRole: 'role_analyst', orgId: w.agency });
  w.tokens.analyst = await loginAs(t.app, 'analyst@world.test');

  const admin = (method: 'POST', url: string, body: unknown) =>
    call(t.app, {
      method,
      url,
      body,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
  app = (
    await admin('POST', '/scaler/v3/app', {
      name: 'Secret app',
      bundle_id: 'com.secret.app',
      os: 2,
      download_type: 1,
      download_link: 'https://play.google.com/store/apps/details?id=com.secret.app',
      partner: 'kochava',
      partner_app_id: 'kosecret',
    })
  ).body.data;
  expect(app.postback_token).toMatch(/^[0-9a-f]{32}$/);
  apiPixel = (await admin('POST', '/scaler/v3/pixel', { name: 'Server', conversion_type: 4, mode: 2 })).body
    .data;
  expect(apiPixel.token).toMatch(/^sct_/);
});
afterAll(() => t.close());

/** Every read of the account's assets a console page makes. */
const reads = () => [
  `/scaler/v3/app?_id=${app._id}`,
  '/scaler/v3/app',
  '/scaler/v3/utils/apps',
  `/scaler/v3/utils/app_info?app_id=${app._id}`,
  `/scaler/v3/utils/app_events?app_id=${app._id}`,
  `/scaler/v3/tracking/live?kind=app&asset_id=${app._id}`,
  `/scaler/v3/pixel?_id=${apiPixel._id}`,
  '/scaler/v3/pixel?mode=2',
  `/scaler/v3/api_source?pixel_id=${apiPixel._id}`,
  `/scaler/v3/pixel/event/status?pixel_id=${apiPixel._id}`,
  `/scaler/v3/tracking/live?kind=pixel&asset_id=${apiPixel._id}`,
];

describe('secrets of the assets by role', () => {
  test.each(Object.keys(CALLERS) as Caller[])('%s', async (who) => {
    const mayEdit = CALLERS[who].secrets;
    const detail = await get(who, `/scaler/v3/app?_id=${app._id}`);
    expect(detail.status).toBe(200);
    // Everyone sees the app and the partner's click link; only an editor gets the postback secret.
    expect(detail.body.data).toMatchObject({ _id: app._id, name: 'Secret app', partner: 'kochava' });
    expect(detail.body.data.postback_token).toBe(mayEdit ? app.postback_token : null);

    for (const url of reads()) {
      const res = await get(who, url);
      expect(res.status, url).toBe(200);
      const text = JSON.stringify(res.body);
      // The API token is never read back, by anyone; the postback token only by editors.
      expect(text, url).not.toContain(apiPixel.token);
      expect(text, url).not.toContain(apiPixel.token.slice(4, 40));
      if (!mayEdit) expect(text, url).not.toContain(app.postback_token);
    }
    // Nor can a read-only role have a secret issued.
    const rotate = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/app/postback_token',
      body: { _id: app._id },
      token: w.tokens[who],
      headers: { 'org-id': String(CALLERS[who].org()), 'adv-id': String(w.adv1) },
    });
    if (!mayEdit) expect(rotate.status).toBe(403);
    else {
      expect(rotate.body.data.postback_token).toMatch(/^[0-9a-f]{32}$/);
      app.postback_token = rotate.body.data.postback_token;
    }
  });

  test('the postback URL an editor copies works; a read-only role has nothing to forge one with', async () => {
    const editor = (await get('user1', `/scaler/v3/app?_id=${app._id}`)).body.data;
    const url = new URL(postbackUrl('http://console.test', 'kochava', editor.postback_token));
    url.searchParams.set('event', 'install');
    url.searchParams.set('event_uid', 'secret-1');
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.json().data).toMatchObject({ status: 'accepted' });
    const analyst = (await get('analyst', `/scaler/v3/app?_id=${app._id}`)).body.data;
    expect(analyst.postback_token).toBeNull();
  });
});

describe('malformed asset ids are not found', () => {
  test('in a lookup query: 404, as for an unknown id', async () => {
    for (const url of [
      '/scaler/v3/app?_id=none',
      '/scaler/v3/pixel?_id=none',
      `/scaler/v3/app?_id=${'f'.repeat(24)}`,
      '/scaler/v3/app/event/report1?app_id=none&start_date=2026-01-01&end_date=2026-01-02',
      '/scaler/v3/pixel/event/report1?pixel_id=none&start_date=2026-01-01&end_date=2026-01-02',
      '/scaler/v3/pixel/event/statis?pixel_id=none&start_date=2026-01-01&end_date=2026-01-02',
      '/scaler/v3/pixel/event/status?pixel_id=none',
      '/scaler/v3/api_source?pixel_id=none',
      '/scaler/v3/utils/app_info?app_id=none',
      '/scaler/v3/utils/app_events?app_id=none',
      '/scaler/v3/utils/pixel_events?pixel_id=0',
      '/scaler/v3/tracking/live?kind=app&asset_id=none',
    ]) {
      const res = await get('admin', url);
      expect(res.status, url).toBe(404);
      expect(res.body.msg, url).toBe('The requested item was not found.');
    }
  });

  test('in a body it is a field to correct: 400 naming the field', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/app/postback_token',
      body: { _id: 'none' },
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([{ path: 'body._id', message: 'This value is invalid.' }]);
  });
});

test('an unknown attribution partner is not one of the allowed values, a missing one required', async () => {
  const send = (partner: unknown) =>
    call(t.app, {
      method: 'POST',
      url: '/scaler/v3/app',
      body: {
        name: 'Partnerless',
        bundle_id: 'com.secret.partnerless',
        os: 2,
        download_type: 1,
        download_link: 'https://play.google.com/store/apps/details?id=com.secret.partnerless',
        partner_app_id: 'x1',
        ...(partner === undefined ? {} : { partner }),
      },
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
  const unknown = await send('acme');
  expect(unknown.status).toBe(400);
  expect(unknown.body.data.fields).toContainEqual({
    path: 'body.partner',
    message:
      'This value is not one of the allowed values: appsflyer, adjust, branch, kochava, singular, tenjin, airbridge, appmetrica.',
  });
  const missing = await send(undefined);
  expect(missing.body.data.fields).toContainEqual({
    path: 'body.partner',
    message: 'This field is required.',
  });
});
