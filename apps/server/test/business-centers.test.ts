import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advertisers, advMarkups, advMembers, notices, orgMembers, orgs } from '../src/db/schema';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
let userToken: string;
let outsiderToken: string;
let agencyId: number;
let brandId: number;
let advActive: number;
let advReview: number;
let advAssigned: number;
let userId: string;
let adminId: string;

const company = {
  company_name: 'Acme Ltd',
  profession: 'ecommerce',
  currency: 'USD',
  timezone: '+08:00',
};

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createUser(t.db, 'admin@acme.com');
  userId = await createUser(t.db, 'user@acme.com');
  await createUser(t.db, 'outsider@other.com');
  adminToken = await loginAs(t.app, 'admin@acme.com');
  userToken = await loginAs(t.app, 'user@acme.com');
  outsiderToken = await loginAs(t.app, 'outsider@other.com');

  const created = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/bc',
    token: adminToken,
    body: { org_name: 'Acme Agency', org_type: 1, ...company },
  });
  agencyId = created.body.data.org_id;
  // An operator approves it (the review tool comes later; the CLI does this today).
  const { eq } = await import('drizzle-orm');
  await t.db.update(orgs).set({ orgStatus: 1 }).where(eq(orgs.orgId, agencyId));
  await t.db.insert(orgMembers).values({ orgId: agencyId, userId, orgRole: 'org_user' });
  const rows = await t.db
    .insert(advertisers)
    .values([
      { orgId: agencyId, advName: 'Active', status: 1 },
      { orgId: agencyId, advName: 'In review', status: 0 },
      { orgId: agencyId, advName: 'Assigned', status: 1 },
    ])
    .returning({ advId: advertisers.advId });
  [advActive, advReview, advAssigned] = rows.map((r) => r.advId);
  await t.db
    .insert(advMembers)
    .values({ advId: advAssigned, userId, advRole: 'role_operator', orgId: agencyId });
  await t.db.insert(advMarkups).values({ advId: advActive, ratio: '0.2', startDate: '2026-01-01' });

  const brand = await call(t.app, {
    method: 'POST',
    url: '/scaler/v3/bc',
    token: outsiderToken,
    body: { org_name: 'Other Brand', org_type: 2, ...company },
  });
  brandId = brand.body.data.org_id;
});
afterAll(() => t.close());

describe('creating and listing business centers', () => {
  test('a new center is engaged, six-digit, and its creator is its admin', async () => {
    expect(agencyId).toBeGreaterThanOrEqual(100001);
    expect(String(agencyId)).toHaveLength(6);
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/bc',
      token: userToken,
      body: { org_name: '  Fresh Co ', org_type: 2, ...company, website: 'https://fresh.example' },
    });
    expect(res.body).toMatchObject({
      code: 0,
      data: { org_name: 'Fresh Co', org_type: 2, org_status: 2, org_role: 'org_admin' },
    });
    const list = await call(t.app, { url: '/scaler/v3/bc/list', token: userToken });
    expect(
      list.body.data.map((o: { org_id: number; org_role: string; org_status: number }) => [
        o.org_id,
        o.org_role,
        o.org_status,
      ]),
    ).toEqual([
      [agencyId, 'org_user', 1],
      [res.body.data.org_id, 'org_admin', 2],
    ]);
  });

  test('bad company fields are refused with the fields named and nothing stored', async () => {
    const before = (await call(t.app, { url: '/scaler/v3/bc/list', token: outsiderToken })).body.data.length;
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/bc',
      token: outsiderToken,
      body: {
        org_name: '',
        org_type: 3,
        company_name: 'X',
        profession: 'x',
        currency: 'USD',
        timezone: '+99:00',
        website: 'ftp://x',
      },
    });
    expect(res.status).toBe(400);
    const paths = res.body.data.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual([
      'body.org_name',
      'body.org_type',
      'body.profession',
      'body.timezone',
      'body.website',
    ]);
    expect((await call(t.app, { url: '/scaler/v3/bc/list', token: outsiderToken })).body.data).toHaveLength(
      before,
    );
  });

  test('creating needs a session', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/bc',
      body: { org_name: 'x', org_type: 1, ...company },
    });
    expect(res.status).toBe(401);
  });
});

describe('user_info and the routes call in a center', () => {
  test('admin: all accounts as role_admin, mark on, full menus', async () => {
    const info = await call(t.app, {
      url: '/scaler/account/user_info',
      token: adminToken,
      headers: { 'org-id': String(agencyId) },
    });
    expect(info.body.data.mark).toBe(1);
    expect(info.body.data.advs_total).toBe(3);
    expect(
      info.body.data.advs.map((a: { adv_id: number; adv_role: string }) => [a.adv_id, a.adv_role]),
    ).toEqual([
      [advActive, 'role_admin'],
      [advReview, 'role_admin'],
      [advAssigned, 'role_admin'],
    ]);
    const routes = await call(t.app, {
      url: '/scaler/account/routes',
      token: adminToken,
      headers: { 'org-id': String(agencyId) },
    });
    expect(routes.body.data.menus.manage.map((m: { key: string }) => m.key)).toEqual([
      'overview',
      'users',
      'accounts',
      'finance-group',
      'business-settings',
    ]);
    expect(routes.body.data.menus.ads.map((m: { key: string }) => m.key)).toEqual([
      'home',
      'perf',
      'assets',
      'report',
    ]);
    expect(routes.body.data.advs).toEqual([
      { adv_id: advActive, adv_name: 'Active', org_id: agencyId, status: 1, adv_role: 'role_admin' },
      { adv_id: advReview, adv_name: 'In review', org_id: agencyId, status: 0, adv_role: 'role_admin' },
      { adv_id: advAssigned, adv_name: 'Assigned', org_id: agencyId, status: 1, adv_role: 'role_admin' },
    ]);
    expect(routes.body.data.advs_total).toBe(3);
  });

  test('standard user: only assigned accounts, no markup flag, no fees, fewer menus', async () => {
    const info = await call(t.app, {
      url: '/scaler/account/user_info',
      token: userToken,
      headers: { 'org-id': String(agencyId) },
    });
    expect(info.body.data).toMatchObject({ mark: 0, status_fee: 0 });
    expect(info.body.data.advs).toEqual([
      {
        adv_id: advAssigned,
        adv_name: 'Assigned',
        org_id: agencyId,
        owner_org_id: agencyId,
        shared: false,
        status: 1,
        adv_role: 'role_operator',
      },
    ]);
    const routes = await call(t.app, {
      url: '/scaler/account/routes',
      token: userToken,
      headers: { 'org-id': String(agencyId) },
    });
    const manage = routes.body.data.menus.manage;
    expect(manage.map((m: { key: string }) => m.key)).toEqual([
      'overview',
      'users',
      'accounts',
      'business-settings',
    ]);
    expect(
      manage.find((m: { key: string }) => m.key === 'users').children.map((c: { key: string }) => c.key),
    ).toEqual(['members']);
  });

  test('an engaged center shows only business settings', async () => {
    const routes = await call(t.app, {
      url: '/scaler/account/routes',
      token: outsiderToken,
      headers: { 'org-id': String(brandId) },
    });
    expect(routes.body.data.menus.ads).toEqual([]);
    expect(routes.body.data.menus.manage.map((m: { key: string }) => m.key)).toEqual(['business-settings']);
    expect(routes.body.data.menus.manage[0].children.map((c: { key: string }) => c.key)).toEqual([
      'setting',
      'verify',
    ]);
  });

  test('without org-id the routes call lists accounts and no menus; unauthenticated it answers -1', async () => {
    const routes = await call(t.app, { url: '/scaler/account/routes', token: userToken });
    expect(routes.body.data.menus).toEqual({ ads: [], manage: [] });
    expect(routes.body.data.advs).toHaveLength(1);
    const anon = await call(t.app, { url: '/scaler/account/routes' });
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ code: -1, msg: 'You are not logged in, please log in.', data: null });
  });
});

describe('tenant isolation', () => {
  test("another center's id answers 404, whether it exists or not", async () => {
    for (const url of ['/scaler/account/user_info', '/scaler/account/routes']) {
      const other = await call(t.app, { url, token: outsiderToken, headers: { 'org-id': String(agencyId) } });
      const missing = await call(t.app, { url, token: outsiderToken, headers: { 'org-id': '999999' } });
      expect(other.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(other.body).toEqual(missing.body);
    }
  });

  test('the outsider sees none of the agency accounts', async () => {
    const info = await call(t.app, { url: '/scaler/account/user_info', token: outsiderToken });
    expect(info.body.data.advs).toEqual([]);
    expect(info.body.data.orgs.map((o: { org_id: number }) => o.org_id)).toEqual([brandId]);
  });

  test('malformed context headers are refused clearly', async () => {
    const res = await call(t.app, {
      url: '/scaler/account/user_info',
      token: adminToken,
      headers: { 'org-id': '12abc' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([{ path: 'org-id', message: 'This value is invalid.' }]);
    const tz = await call(t.app, {
      url: '/scaler/account/user_info',
      token: adminToken,
      headers: { timezone: '+25:00' },
    });
    expect(tz.status).toBe(400);
  });
});

describe('notices', () => {
  test('lists only the caller’s unread notices and clears them', async () => {
    await t.db.insert(notices).values([
      {
        userId: adminId,
        type: 'account',
        code: 1,
        msg: 'Account approved',
        advId: advActive,
        orgId: agencyId,
      },
      {
        userId: adminId,
        type: 'account',
        code: 2,
        msg: 'Account rejected',
        reason: 'Missing license',
        advId: advReview,
      },
      { userId, type: 'account', code: 1, msg: 'Not for the admin' },
    ]);
    const list = await call(t.app, { url: '/scaler/v3/info/msg', token: adminToken });
    expect(list.body.data.unread).toBe(2);
    expect(list.body.data.list.map((n: { msg: string }) => n.msg).sort()).toEqual([
      'Account approved',
      'Account rejected',
    ]);
    expect(Object.keys(list.body.data.list[0]).sort()).toEqual(
      ['adv', 'code', 'creat_id', 'id', 'msg', 'org_id', 'reason', 'time', 'type'].sort(),
    );
    const othersId = (await call(t.app, { url: '/scaler/v3/info/msg', token: userToken })).body.data.list[0]
      .id;
    await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/info/msg/clear',
      token: adminToken,
      body: { ids: [othersId] },
    });
    expect((await call(t.app, { url: '/scaler/v3/info/msg', token: userToken })).body.data.unread).toBe(1);
    await call(t.app, { method: 'POST', url: '/scaler/v3/info/msg/clear', token: adminToken, body: {} });
    expect((await call(t.app, { url: '/scaler/v3/info/msg', token: adminToken })).body.data).toEqual({
      list: [],
      unread: 0,
    });
    expect((await call(t.app, { url: '/scaler/v3/info/msg' })).status).toBe(401);
  });
});
