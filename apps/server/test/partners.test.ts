import { afterAll, beforeAll, expect, test } from 'vitest';
import { orgs } from '../src/db/schema';
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

const noticesOf = async (who: string) =>
  (await as(t, w, who).get('/scaler/v3/info/msg')).body.data.list.map((n: { msg: string }) => n.msg);

/** The agency asks a center to become its partner and that center's admin accepts. */
async function befriend(partnerOrg: number, partnerAdmin: string) {
  const asked = await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/bc/partners', {
    partner_org_id: partnerOrg,
  });
  expect(asked.body.code).toBe(0);
  const accepted = await as(t, w, partnerAdmin, partnerOrg).send(
    'POST',
    `/scaler/v3/bc/partners/requests/${asked.body.data.id}/accept`,
  );
  expect(accepted.body).toMatchObject({ code: 0, data: { org_id: w.agency, org_name: 'Agency' } });
}

test('partners: share an account, the partner assigns it to its member, revoking takes it away', async () => {
  const admin = as(t, w, 'admin', w.agency);
  await befriend(w.partner, 'padmin');
  expect(await noticesOf('padmin')).toEqual([
    `"Agency" (${w.agency}) asks to add your business center as a partner. Accept or decline it on the Partners page.`,
  ]);
  expect(await noticesOf('admin')).toContain(`"Partner" (${w.partner}) accepted your partner request.`);

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
  expect(await noticesOf('padmin')).toContain(
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
  await befriend(w.other, 'oadmin');
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.other })).status).toBe(409);
  const foreign = await admin.send('PUT', `/scaler/v3/bc/partners/${w.other}/shares`, {
    advs: [{ adv_id: w.advOther, adv_role: 'role_analyst' }],
  });
  expect(foreign.status).toBe(404);
  expect((await admin.send('PUT', `/scaler/v3/bc/partners/${w.brand}/shares`, { advs: [] })).status).toBe(
    404,
  );
  expect((await as(t, w, 'user1', w.agency).get('/scaler/v3/bc/partners')).status).toBe(403);
  const otherPage = await as(t, w, 'oadmin', w.other).get('/scaler/v3/bc/partners');
  expect(otherPage.body.data.shared_with_us).toEqual([{ org_id: w.agency, org_name: 'Agency', advs: [] }]);
  expect(otherPage.body.data.requests).toEqual({ outgoing: [], incoming: [] });
});

const actionsIn = async (who: string, orgId: number) =>
  (await as(t, w, who, orgId).get('/scaler/v3/bc/activity?object_type=partner&page_size=100')).body.data.list
    .map((a: { action: string; object_id: string }) => `${a.action} ${a.object_id}`)
    .reverse();

test('partners: a partnership needs the other center to accept; it can decline, the asker can cancel', async () => {
  const admin = as(t, w, 'admin', w.agency);
  const brand = as(t, w, 'badmin', w.brand);
  const asked = await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.brand });
  expect(asked.body).toMatchObject({
    code: 0,
    data: {
      direction: 'outgoing',
      org_id: w.brand,
      org_name: 'Brand',
      org_type: 2,
      status: 'pending',
      requested_by: 'admin@world.test',
    },
  });
  const first = asked.body.data.id;

  // Nothing is shared or shown as a partner until the brand's admin accepts.
  expect((await admin.send('PUT', `/scaler/v3/bc/partners/${w.brand}/shares`, { advs: [] })).status).toBe(
    404,
  );
  const mine = (await admin.get('/scaler/v3/bc/partners')).body.data;
  expect(mine.partners.map((p: { org_id: number }) => p.org_id)).not.toContain(w.brand);
  expect(mine.requests.outgoing).toEqual([asked.body.data]);
  const theirs = (await brand.get('/scaler/v3/bc/partners')).body.data;
  expect(theirs.shared_with_us).toEqual([]);
  expect(theirs.requests.incoming).toEqual([
    expect.objectContaining({ id: first, direction: 'incoming', org_id: w.agency, org_name: 'Agency' }),
  ]);
  expect(await noticesOf('badmin')).toContain(
    `"Agency" (${w.agency}) asks to add your business center as a partner. Accept or decline it on the Partners page.`,
  );

  // One pending request per pair, whoever asks again.
  expect(
    (await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.brand })).body,
  ).toMatchObject({
    code: 10207,
    msg: 'A partner request to this business center is already waiting for its answer.',
  });
  const again = await as(t, w, 'admin2', w.agency).send('POST', '/scaler/v3/bc/partners', {
    partner_org_id: w.brand,
  });
  expect(again.body.code).toBe(10207);

  // Only the asked center answers, only the asking center cancels, only admins do either.
  expect((await admin.send('POST', `/scaler/v3/bc/partners/requests/${first}/accept`)).status).toBe(404);
  expect(
    (await as(t, w, 'oadmin', w.other).send('POST', `/scaler/v3/bc/partners/requests/${first}/accept`))
      .status,
  ).toBe(404);
  expect((await brand.send('DELETE', `/scaler/v3/bc/partners/requests/${first}`)).status).toBe(404);
  expect(
    (await as(t, w, 'user1', w.agency).send('DELETE', `/scaler/v3/bc/partners/requests/${first}`)).status,
  ).toBe(403);

  // Declined: nothing changes but the request, and the asker is told.
  expect((await brand.send('POST', `/scaler/v3/bc/partners/requests/${first}/decline`)).body.code).toBe(0);
  expect(await noticesOf('admin')).toContain(`"Brand" (${w.brand}) declined your partner request.`);
  expect((await brand.send('POST', `/scaler/v3/bc/partners/requests/${first}/accept`)).body.code).toBe(10208);
  expect((await admin.send('DELETE', `/scaler/v3/bc/partners/requests/${first}`)).body.code).toBe(10208);
  expect((await brand.get('/scaler/v3/bc/partners')).body.data.requests.incoming).toEqual([]);
  expect((await brand.get('/scaler/v3/bc/partners')).body.data.shared_with_us).toEqual([]);

  // Cancelled by the asker before an answer: the brand is told and can no longer accept it.
  const second = (await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.brand })).body.data
    .id;
  expect((await admin.send('DELETE', `/scaler/v3/bc/partners/requests/${second}`)).body.code).toBe(0);
  expect(await noticesOf('badmin')).toContain(`"Agency" (${w.agency}) withdrew its partner request.`);
  expect((await brand.send('POST', `/scaler/v3/bc/partners/requests/${second}/accept`)).body.code).toBe(
    10208,
  );

  // Accepted: the partnership exists, and the agency can share.
  const third = (await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.brand })).body.data
    .id;
  const accepted = await brand.send('POST', `/scaler/v3/bc/partners/requests/${third}/accept`);
  expect(accepted.body).toMatchObject({ code: 0, data: { org_id: w.agency, org_name: 'Agency' } });
  expect(await noticesOf('admin')).toContain(`"Brand" (${w.brand}) accepted your partner request.`);
  expect(
    (
      await admin.send('PUT', `/scaler/v3/bc/partners/${w.brand}/shares`, {
        advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
      })
    ).body.code,
  ).toBe(0);
  expect((await brand.get('/scaler/v3/bc/partners')).body.data.shared_with_us).toEqual([
    {
      org_id: w.agency,
      org_name: 'Agency',
      advs: [{ adv_id: w.adv1, adv_name: 'Adv One', adv_role: 'role_analyst' }],
    },
  ]);
  expect((await admin.send('POST', '/scaler/v3/bc/partners', { partner_org_id: w.brand })).status).toBe(409);

  // Each step is in both centers' activity logs, each naming the other center.
  const agencyLog = (await actionsIn('admin', w.agency)).filter((a: string) => a.endsWith(` ${w.brand}`));
  expect(agencyLog).toEqual(
    [
      'partner.request',
      'partner.request_declined',
      'partner.request',
      'partner.request_cancel',
      'partner.request',
      'partner.request_accepted',
      'partner.share',
    ].map((a) => `${a} ${w.brand}`),
  );
  expect(await actionsIn('badmin', w.brand)).toEqual(
    [
      'partner.request_received',
      'partner.request_decline',
      'partner.request_received',
      'partner.request_cancelled',
      'partner.request_received',
      'partner.request_accept',
    ].map((a) => `${a} ${w.agency}`),
  );
});

test('partners: two requests at once for the same pair make one', async () => {
  const [fresh] = await t.db.insert(orgs).values({ orgName: 'Fresh', orgType: 1, orgStatus: 1 }).returning();
  const send = () =>
    as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/bc/partners', { partner_org_id: fresh.orgId });
  const codes = (await Promise.all([send(), send()])).map((r) => r.body.code).sort();
  expect(codes).toEqual([0, 10207]);
});
