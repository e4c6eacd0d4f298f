import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { notices, orgs } from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const advIdsOf = async (who: string, orgId: number) =>
  (await as(t, w, who, orgId).get('/scaler/account/routes')).body.data.advs
    .filter((a: { org_id: number }) => a.org_id === orgId)
    .map((a: { adv_id: number }) => a.adv_id);

test('partners: share an account, the partner assigns it to its member, revoking takes it away', async () => {
  const admin = as(t, w, 'admin', w.agency);
  const added = await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.partner });
  expect(added.body).toMatchObject({ code: 0, data: { org_id: w.partner, org_name: 'Partner' } });
  const partnerNotice = await t.db.select().from(notices).where(eq(notices.userId, w.ids.padmin));
  expect(partnerNotice.map((n) => n.msg)).toEqual([
    `"Agency" (${w.agency}) added your business center as a partner.`,
  ]);

  expect(await advIdsOf('padmin', w.partner)).toEqual([]);
  const shared = await admin.send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_operator' }],
  });
  expect(shared.body.code).toBe(0);

  // The partner admin reaches the account in the partner center, with the shared role.
  const info = await as(t, w, 'padmin', w.partner).get('/scaler/account/user_info');
  expect(info.body.data.advs).toEqual([
    expect.objectContaining({
      adv_id: w.adv1,
      org_id: w.partner,
      owner_org_id: w.agency,
      shared: true,
      adv_role: 'role_operator',
    }),
  ]);
  const list = await as(t, w, 'padmin', w.partner).get('/scaler/v3/advs');
  expect(list.body.data.list).toEqual([
    expect.objectContaining({ adv_id: w.adv1, shared: true, owner_org_name: 'Agency' }),
  ]);
  const page = await as(t, w, 'padmin', w.partner).get('/scaler/v3/bc/partners');
  expect(page.body.data.shared_with_us).toEqual([
    {
      org_id: w.agency,
      org_name: 'Agency',
      advs: [{ adv_id: w.adv1, adv_name: 'Adv One', adv_role: 'role_operator' }],
    },
  ]);

  // Assigning above the shared role is capped.
  const assigned = await as(t, w, 'padmin', w.partner).send(
    'PUT',
    `/scaler/v3/bc/members/${w.ids.puser}/advs`,
    {
      advs: [{ adv_id: w.adv1, adv_role: 'role_admin' }],
    },
  );
  expect(assigned.body.data).toEqual([{ adv_id: w.adv1, adv_role: 'role_operator' }]);
  expect(await advIdsOf('puser', w.partner)).toEqual([w.adv1]);
  // The partner cannot hand out accounts that were not shared with it.
  const notShared = await as(t, w, 'padmin', w.partner).send(
    'PUT',
    `/scaler/v3/bc/members/${w.ids.puser}/advs`,
    {
      advs: [{ adv_id: w.adv2, adv_role: 'role_analyst' }],
    },
  );
  expect(notShared.status).toBe(404);

  // Lowering the share lowers the partner member's role.
  await admin.send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
  });
  const lowered = await as(t, w, 'puser', w.partner).get('/scaler/account/user_info');
  expect(lowered.body.data.advs).toEqual([
    expect.objectContaining({ adv_id: w.adv1, adv_role: 'role_analyst' }),
  ]);

  // Unsharing removes it from the partner and its members at once.
  await admin.send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, { advs: [] });
  expect(await advIdsOf('padmin', w.partner)).toEqual([]);
  expect(await advIdsOf('puser', w.partner)).toEqual([]);

  // Share again, then remove the partner: everything goes, and the partner is told.
  await admin.send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_admin' }],
  });
  await as(t, w, 'padmin', w.partner).send('PUT', `/scaler/v3/bc/members/${w.ids.puser}/advs`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
  });
  expect(await advIdsOf('puser', w.partner)).toEqual([w.adv1]);
  expect((await admin.send('DELETE', `/scaler/v3/bc/partners/${w.partner}`)).body.code).toBe(0);
  expect(await advIdsOf('padmin', w.partner)).toEqual([]);
  expect(await advIdsOf('puser', w.partner)).toEqual([]);
  const revoked = await t.db.select().from(notices).where(eq(notices.userId, w.ids.padmin));
  expect(revoked.map((n) => n.msg)).toContain(
    `"Agency" (${w.agency}) removed your business center as a partner.`,
  );
});

test('partners: invalid ids, duplicates, foreign accounts and standard users are refused', async () => {
  const admin = as(t, w, 'admin', w.agency);
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.agency })).body.code).toBe(
    10205,
  );
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: 999999 })).body.code).toBe(
    10205,
  );
  const [pending] = await t.db
    .insert(orgs)
    .values({ orgName: 'Pending', orgType: 1, orgStatus: 2 })
    .returning();
  expect(
    (await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: pending.orgId })).body.code,
  ).toBe(10205);
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: 'abc' })).status).toBe(400);
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.other })).body.code).toBe(0);
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.other })).status).toBe(409);
  const foreign = await admin.send('PUT', `/scaler/v3/bc/partners/${w.other}/shares`, {
    advs: [{ adv_id: w.advOther, adv_role: 'role_analyst' }],
  });
  expect(foreign.status).toBe(404);
  expect((await admin.send('PUT', `/scaler/v3/bc/partners/${w.brand}/shares`, { advs: [] })).status).toBe(
    404,
  );
  expect((await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/partners')).status).toBe(403);
  expect((await as(t, w, 'oadmin', w.other).get('/scaler/v3/bc/partners')).body.data.shared_with_us).toEqual([
    { org_id: w.agency, org_name: 'Agency', advs: [] },
  ]);
});
