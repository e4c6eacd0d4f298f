import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { advMembers, advShares, orgMembers, orgPartners } from '../src/db/schema';
import { call, createTestApp, createUser, lastMailToken, loginAs, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

/*
 * A user may hold one account through two centers: the owner (agency) and a partner it is shared with.
 * Each center changes only its own assignment, and the change is in that center's activity log only.
 */

let t: TestApp;
let w: World;
let both: string;
let bothToken: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  both = await createUser(t.db, 'both@world.test');
  await t.db.insert(orgMembers).values([
    { orgId: w.agency, userId: both, orgRole: 'org_user' },
    { orgId: w.partner, userId: both, orgRole: 'org_user' },
  ]);
  await t.db.insert(orgPartners).values({ orgId: w.agency, partnerOrgId: w.partner });
  await t.db.insert(advShares).values({ advId: w.adv1, partnerOrgId: w.partner, advRole: 'role_analyst' });
  bothToken = await loginAs(t.app, 'both@world.test');
});
afterAll(() => t.close());

// Every test starts from the owner's assignment alone.
beforeEach(async () => {
  await t.db.delete(advMembers).where(eq(advMembers.userId, both));
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: both, advRole: 'role_operator', orgId: w.agency });
});

const ownerAdmin = () => as(t, w, 'admin', w.agency);
const partnerAdmin = () => as(t, w, 'padmin', w.partner);

/** What `both` holds of adv1, per center, as the session sees it. */
async function reach(userToken = bothToken) {
  const info = await call(t.app, { url: '/scaler/account/user_info', token: userToken });
  return info.body.data.advs
    .filter((a: { adv_id: number }) => a.adv_id === w.adv1)
    .map((a: { org_id: number; adv_role: string }) => [a.org_id, a.adv_role]);
}

async function rowsOf(userId: string) {
  const rows = await t.db
    .select({ orgId: advMembers.orgId, role: advMembers.advRole })
    .from(advMembers)
    .where(and(eq(advMembers.userId, userId), eq(advMembers.advId, w.adv1)));
  return rows.map((r) => [r.orgId, r.role]).sort();
}

/** The newest activity entry of a center about an object, or undefined. */
async function lastEntry(who: string, orgId: number, action: string, objectId: string) {
  const log = await as(t, w, who, orgId).get('/scaler/v3/bc/activity?page_size=100');
  expect(log.body.code).toBe(0);
  return log.body.data.list.find(
    (a: { action: string; object_id: string }) => a.action === action && a.object_id === objectId,
  );
}

describe('member assignments stay in the acting center', () => {
  test("a partner's admin assigning the shared account leaves the owner's assignment as it was", async () => {
    const res = await partnerAdmin().send('PUT', `/scaler/v3/bc/members/${both}/advs`, {
      advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
    });
    expect(res.body).toMatchObject({ code: 0, data: [{ adv_id: w.adv1, adv_role: 'role_analyst' }] });
    expect(await rowsOf(both)).toEqual([
      [w.agency, 'role_operator'],
      [w.partner, 'role_analyst'],
    ]);
    // The user reaches the account in both centers, each with that center's role.
    expect(await reach()).toEqual([
      [w.agency, 'role_operator'],
      [w.partner, 'role_analyst'],
    ]);
    const agencyMembers = await ownerAdmin().get('/scaler/v3/bc/members?q=both');
    expect(agencyMembers.body.data.list[0].advs).toEqual([
      { adv_id: w.adv1, adv_name: 'Adv One', adv_role: 'role_operator' },
    ]);
    const partnerMembers = await partnerAdmin().get('/scaler/v3/bc/members?q=both');
    expect(partnerMembers.body.data.list[0].advs).toEqual([
      { adv_id: w.adv1, adv_name: 'Adv One', adv_role: 'role_analyst' },
    ]);

    // The change is in the partner's log, not in the owner's.
    expect(await lastEntry('padmin', w.partner, 'member.accounts', both)).toMatchObject({
      actor_email: 'padmin@world.test',
      after: { advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }] },
    });
    expect(await lastEntry('admin', w.agency, 'member.accounts', both)).toBeUndefined();

    // And the other way round: the owner's change leaves the partner's assignment alone.
    await ownerAdmin().send('PUT', `/scaler/v3/bc/members/${both}/advs`, {
      advs: [{ adv_id: w.adv1, adv_role: 'role_admin' }],
    });
    expect(await rowsOf(both)).toEqual([
      [w.agency, 'role_admin'],
      [w.partner, 'role_analyst'],
    ]);
    await partnerAdmin().send('PUT', `/scaler/v3/bc/members/${both}/advs`, { advs: [] });
    expect(await rowsOf(both)).toEqual([[w.agency, 'role_admin']]);
  });

  test("a partner's admin setting the account's members leaves the owner's assignment as it was", async () => {
    const res = await partnerAdmin().send('PUT', `/scaler/v3/advs/${w.adv1}/members`, {
      members: [{ user_id: both, adv_role: 'role_admin' }],
    });
    expect(res.body.code).toBe(0);
    // Capped at the shared role in the partner; the owner's operator role untouched.
    expect(await rowsOf(both)).toEqual([
      [w.agency, 'role_operator'],
      [w.partner, 'role_analyst'],
    ]);
    expect(await lastEntry('padmin', w.partner, 'account.members', String(w.adv1))).toMatchObject({
      after: { members: [{ user_id: both, adv_role: 'role_analyst' }] },
    });
    expect(await lastEntry('admin', w.agency, 'account.members', String(w.adv1))).toBeUndefined();

    // Emptying the account's members in the partner removes only the partner's row.
    await partnerAdmin().send('PUT', `/scaler/v3/advs/${w.adv1}/members`, { members: [] });
    expect(await rowsOf(both)).toEqual([[w.agency, 'role_operator']]);
    // The owner's dialog, in turn, keeps the partner's assignment.
    await partnerAdmin().send('PUT', `/scaler/v3/advs/${w.adv1}/members`, {
      members: [{ user_id: both, adv_role: 'role_analyst' }],
    });
    await ownerAdmin().send('PUT', `/scaler/v3/advs/${w.adv1}/members`, {
      members: [{ user_id: w.ids.user1, adv_role: 'role_operator' }],
    });
    expect(await rowsOf(both)).toEqual([[w.partner, 'role_analyst']]);
  });

  test("accepting a partner's invitation with the shared account leaves the owner's assignment", async () => {
    const joinerId = await createUser(t.db, 'joiner@world.test');
    await t.db.insert(orgMembers).values({ orgId: w.agency, userId: joinerId, orgRole: 'org_user' });
    await t.db
      .insert(advMembers)
      .values({ advId: w.adv1, userId: joinerId, advRole: 'role_operator', orgId: w.agency });
    const invited = await partnerAdmin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['joiner@world.test'],
      org_role: 'org_user',
      advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
    });
    expect(invited.body.code).toBe(0);
    const joiner = await loginAs(t.app, 'joiner@world.test');
    const accepted = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: joiner,
      body: { token: await lastMailToken(t.db, 'joiner@world.test') },
    });
    expect(accepted.body).toMatchObject({ code: 0, data: { org_id: w.partner } });
    expect(await rowsOf(joinerId)).toEqual([
      [w.agency, 'role_operator'],
      [w.partner, 'role_analyst'],
    ]);
    expect(await reach(joiner)).toEqual([
      [w.agency, 'role_operator'],
      [w.partner, 'role_analyst'],
    ]);
    expect(await lastEntry('padmin', w.partner, 'member.join', joinerId)).toMatchObject({
      actor_email: 'joiner@world.test',
      after: { advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }] },
    });
    expect(await lastEntry('admin', w.agency, 'member.join', joinerId)).toBeUndefined();
  });
});
