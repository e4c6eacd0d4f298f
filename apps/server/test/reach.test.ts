import { SESSION_ADVS_LIMIT } from '@scaler/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  activityLog,
  advertisers,
  advMembers,
  advShares,
  invitations,
  orgPartners,
  orgs,
} from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

let t: TestApp;
let w: World;
/** Accounts of the agency beyond the world's two: 5 in review, then 25 active, then one stopped. */
let many: number[];
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const rows = await t.db
    .insert(advertisers)
    .values(
      Array.from({ length: 31 }, (_, i) => ({
        orgId: w.agency,
        advName: `Bulk ${String(i).padStart(2, '0')}`,
        status: i < 5 ? 0 : i < 30 ? 1 : 3,
      })),
    )
    .returning({ advId: advertisers.advId });
  many = rows.map((r) => r.advId);
});
afterAll(() => t.close());

type Adv = { adv_id: number; org_id: number; status: number; adv_role: string };
const ids = (list: Adv[]) => list.map((a) => a.adv_id);

describe('session answers stay bounded', () => {
  test('user_info and routes carry the named account, the first active one and a few, with the total', async () => {
    const last = many[30];
    for (const url of ['/scaler/account/user_info', '/scaler/account/routes']) {
      const res = await call(t.app, {
        url,
        token: w.tokens.admin,
        headers: { 'org-id': String(w.agency), 'adv-id': String(last) },
      });
      expect(res.status).toBe(200);
      const { advs, advs_total } = res.body.data as { advs: Adv[]; advs_total: number };
      expect(advs_total).toBe(33);
      expect(advs).toHaveLength(SESSION_ADVS_LIMIT);
      // The URL's account (stopped, last by id), then active accounts by id: adv1 is the first active one.
      expect(ids(advs)).toContain(last);
      expect(advs.find((a) => a.status === 1)?.adv_id).toBe(w.adv1);
      expect(advs.every((a) => a.org_id === w.agency && a.adv_role === 'role_admin')).toBe(true);
      expect(ids(advs)).toEqual([...ids(advs)].sort((a, b) => a - b));
    }
  });

  test('an account the user cannot reach in the center is not listed; a standard user gets their own', async () => {
    const res = await call(t.app, {
      url: '/scaler/account/routes',
      token: w.tokens.user1,
      headers: { 'org-id': String(w.agency), 'adv-id': String(many[10]) },
    });
    expect(res.body.data.advs).toEqual([
      { adv_id: w.adv1, adv_name: 'Adv One', org_id: w.agency, status: 1, adv_role: 'role_operator' },
    ]);
    expect(res.body.data.advs_total).toBe(1);
    const other = await call(t.app, {
      url: '/scaler/account/routes',
      token: w.tokens.oadmin,
      headers: { 'org-id': String(w.other), 'adv-id': String(w.adv1) },
    });
    expect(ids(other.body.data.advs)).toEqual([w.advOther]);
  });
});

describe('status_fee (decisions 3)', () => {
  const fee = async (who: string, orgId: number) =>
    (
      await call(t.app, {
        url: '/scaler/account/user_info',
        token: w.tokens[who],
        headers: { 'org-id': String(orgId) },
      })
    ).body.data.status_fee;
  const commission = (show: boolean, effective: string | null) =>
    as(t, w, 'admin', w.agency).send('PUT', '/scaler/v3/bc/commission', {
      show_commission: show,
      use_commission: true,
      commission_rate: 0.05,
      effective_time: effective,
    });

  test('1 exactly when the org-id center shows commission and it has taken effect', async () => {
    expect(await fee('admin', w.agency)).toBe(0);
    expect((await commission(true, null)).body.code).toBe(0);
    expect(await fee('admin', w.agency)).toBe(1);
    // The center's switch, whatever the member's role; another center keeps its own.
    expect(await fee('user1', w.agency)).toBe(1);
    expect(await fee('oadmin', w.other)).toBe(0);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await commission(true, later)).body.code).toBe(0);
    expect(await fee('admin', w.agency)).toBe(0);
    const earlier = new Date(Date.now() - 60_000).toISOString();
    expect((await commission(true, earlier)).body.code).toBe(0);
    expect(await fee('admin', w.agency)).toBe(1);
    expect((await commission(false, earlier)).body.code).toBe(0);
    expect(await fee('admin', w.agency)).toBe(0);
    const none = await call(t.app, { url: '/scaler/account/user_info', token: w.tokens.admin });
    expect(none.body.data.status_fee).toBe(0);
  });
});

describe('reach in SQL', () => {
  test('the account list filters, searches, counts and pages in the database', async () => {
    const admin = as(t, w, 'admin', w.agency);
    const page = await admin.get('/scaler/v3/advs?page=2&page_size=10');
    expect(page.body.data.total).toBe(33);
    expect(ids(page.body.data.list)).toEqual([...[w.adv1, w.adv2, ...many]].slice(10, 20));
    const past = await admin.get('/scaler/v3/advs?page=9&page_size=10');
    expect(past.body.data).toEqual({ list: [], total: 33 });
    const byId = await admin.get(`/scaler/v3/advs?q=${many[7]}`);
    expect(ids(byId.body.data.list)).toEqual([many[7]]);
    const byName = await admin.get('/scaler/v3/advs?q=BULK%200&status=0');
    expect(byName.body.data.total).toBe(5);
    expect((await admin.get('/scaler/v3/advs?shared=true')).body.data.total).toBe(0);
    expect((await admin.get('/scaler/v3/advs?closed=false')).body.data.total).toBe(33);
    expect((await admin.get('/scaler/v3/advs?shared=maybe')).status).toBe(400);
  });

  test('partners: shared at the shared role to its admin, capped for its members, only as assigned there', async () => {
    await t.db.insert(orgPartners).values({ orgId: w.agency, partnerOrgId: w.partner });
    await t.db.insert(advShares).values({ advId: w.adv1, partnerOrgId: w.partner, advRole: 'role_operator' });
    const padmin = await as(t, w, 'padmin', w.partner).get('/scaler/v3/advs?shared=true');
    expect(padmin.body.data.list).toMatchObject([
      { adv_id: w.adv1, org_id: w.partner, owner_org_id: w.agency, adv_role: 'role_operator', shared: true },
    ]);
    expect((await as(t, w, 'padmin', w.partner).get('/scaler/v3/advs?shared=false')).body.data.total).toBe(0);

    // An assignment made in the owner center does not open the account through the partner center.
    await t.db
      .insert(advMembers)
      .values({ advId: w.adv1, userId: w.ids.puser, advRole: 'role_admin', orgId: w.agency });
    const puser = as(t, w, 'puser', w.partner);
    expect((await puser.get('/scaler/v3/advs')).body.data.total).toBe(0);
    expect((await puser.get(`/scaler/v3/advs/${w.adv1}`)).status).toBe(404);

    // Assigned in the partner center above the share: capped at the shared role.
    await t.db.update(advMembers).set({ orgId: w.partner }).where(eq(advMembers.userId, w.ids.puser));
    expect((await puser.get('/scaler/v3/advs')).body.data.list).toMatchObject([
      { adv_id: w.adv1, adv_role: 'role_operator', shared: true },
    ]);
    const routes = await call(t.app, {
      url: '/scaler/account/routes',
      token: w.tokens.puser,
      headers: { 'org-id': String(w.partner), 'adv-id': String(w.adv1) },
    });
    expect(routes.body.data.advs).toEqual([
      { adv_id: w.adv1, adv_name: 'Adv One', org_id: w.partner, status: 1, adv_role: 'role_operator' },
    ]);

    // A disabled owner center takes its shared accounts away.
    await t.db.update(orgs).set({ orgStatus: 4 }).where(eq(orgs.orgId, w.agency));
    expect((await puser.get('/scaler/v3/advs')).body.data.total).toBe(0);
    await t.db.update(orgs).set({ orgStatus: 1 }).where(eq(orgs.orgId, w.agency));
  });

  test('overview counts by status in SQL; activity entries carry the names of their objects', async () => {
    const admin = as(t, w, 'admin', w.agency);
    const overview = await admin.get('/scaler/v3/bc/overview');
    expect(overview.body.data).toMatchObject({
      accounts_total: 33,
      accounts_by_status: { 0: 6, 1: 26, 2: 0, 3: 1, 4: 0 },
    });
    const user = await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/overview');
    expect(user.body.data).toMatchObject({ accounts_total: 1, recent_activity: [] });

    const [invitation] = await t.db
      .insert(invitations)
      .values({
        orgId: w.agency,
        email: 'new@world.test',
        orgRole: 'org_user',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const entry = (objectType: string, objectId: string) => ({
      orgId: w.agency,
      actorEmail: 'admin@world.test',
      action: `${objectType}.test`,
      objectType,
      objectId,
    });
    await t.db
      .insert(activityLog)
      .values([
        entry('member', w.ids.user1),
        entry('invitation', String(invitation.id)),
        entry('advertiser', String(w.adv2)),
        entry('partner', String(w.partner)),
        entry('advertiser', 'not-a-number'),
        entry('app', 'a'.repeat(24)),
      ]);
    const log = await admin.get('/scaler/v3/bc/activity?page_size=6');
    const labels = Object.fromEntries(
      log.body.data.list.map((a: { object_type: string; object_id: string; object_label: string | null }) => [
        `${a.object_type}:${a.object_id}`,
        a.object_label,
      ]),
    );
    expect(labels).toEqual({
      [`member:${w.ids.user1}`]: 'user1 (user1@world.test)',
      [`invitation:${invitation.id}`]: 'new@world.test',
      [`advertiser:${w.adv2}`]: 'Adv Two',
      [`partner:${w.partner}`]: 'Partner',
      'advertiser:not-a-number': null,
      [`app:${'a'.repeat(24)}`]: null,
    });
    const recent = (await admin.get('/scaler/v3/bc/overview')).body.data.recent_activity;
    expect(recent[0].object_label).not.toBeUndefined();
  });

  test('OpenAPI shows the answers of the session, account and overview calls', async () => {
    const doc = (await call(t.app, { url: '/scaler/openapi.json' })).body;
    const props = (path: string) =>
      Object.keys(
        doc.paths[path].get.responses['200'].content['application/json'].schema.properties.data.properties ??
          {},
      );
    expect(props('/scaler/account/user_info')).toContain('advs_total');
    expect(props('/scaler/account/routes')).toEqual(['menus', 'advs', 'advs_total']);
    expect(props('/scaler/v3/advs')).toEqual(['list', 'total']);
    expect(props('/scaler/v3/advs/markups')).toEqual(['list', 'total']);
    expect(props('/scaler/v3/bc/overview')).toContain('recent_activity');
    expect(props('/scaler/v3/bc/activity')).toEqual(['list', 'total']);
  });
});
