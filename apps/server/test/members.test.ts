import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailTokens, invitations } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/tokens';
import { call, createTestApp, createUser, lastMailToken, loginAs, type TestApp } from './harness';
import { as, buildWorld, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const admin = () => as(t, w, 'admin', w.agency);

describe('members: listing', () => {
  test('admins see members with their accounts and the pending invitations; users only members', async () => {
    const res = await admin().get('/scaler/v3/bc/members');
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(4);
    const user1 = res.body.data.list.find((m: { email: string }) => m.email === 'user1@world.test');
    expect(user1).toMatchObject({
      org_role: 'org_user',
      advs: [{ adv_id: w.adv1, adv_name: 'Adv One', adv_role: 'role_operator' }],
    });
    expect((await admin().get('/scaler/v3/bc/invitations')).body.data).toEqual({ list: [], total: 0 });
    const asUser = await as(t, w, 'user2', w.agency).get('/scaler/v3/bc/members');
    expect(asUser.body.data.list).toHaveLength(4);
    expect((await as(t, w, 'user2', w.agency).get('/scaler/v3/bc/invitations')).status).toBe(403);
  });

  test('members are paged, searched and filtered by role in the server, longest-standing first', async () => {
    const emails = (body: { data: { list: { email: string }[] } }) => body.data.list.map((m) => m.email);
    const first = await admin().get('/scaler/v3/bc/members?page=1&page_size=3');
    expect(first.body.data.total).toBe(4);
    expect(emails(first.body)).toEqual(['admin@world.test', 'admin2@world.test', 'user1@world.test']);
    const second = await admin().get('/scaler/v3/bc/members?page=2&page_size=3');
    expect(emails(second.body)).toEqual(['user2@world.test']);
    // Only the page's members carry their accounts.
    expect(second.body.data.list[0].advs).toEqual([]);
    const users = await admin().get('/scaler/v3/bc/members?org_role=org_user');
    expect(users.body.data).toMatchObject({ total: 2 });
    expect(emails(users.body)).toEqual(['user1@world.test', 'user2@world.test']);
    const search = await admin().get('/scaler/v3/bc/members?q=USER2');
    expect(search.body.data.total).toBe(1);
    expect(emails(search.body)).toEqual(['user2@world.test']);
    // LIKE wildcards are searched for literally.
    expect((await admin().get('/scaler/v3/bc/members?q=%25')).body.data.total).toBe(0);
    expect((await admin().get('/scaler/v3/bc/members?q=_')).body.data.total).toBe(0);
    expect((await admin().get('/scaler/v3/bc/members?page_size=101')).status).toBe(400);
    expect((await admin().get('/scaler/v3/bc/members?q=a%00b')).status).toBe(400);
    expect((await admin().get('/scaler/v3/bc/invitations?q=%00')).status).toBe(400);
    expect((await admin().get('/scaler/v3/bc/members?org_role=boss')).status).toBe(400);
    // Another center's members are out of reach.
    expect((await as(t, w, 'oadmin', w.agency).get('/scaler/v3/bc/members')).status).toBe(404);
  });
});

describe('members: invitations', () => {
  test('invite an existing user, who accepts signed in, gets the accounts, and the inviter is notified', async () => {
    await createUser(t.db, 'joiner@example.com');
    const res = await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['Joiner@Example.com'],
      org_role: 'org_user',
      advs: [{ adv_id: w.adv1, adv_role: 'role_analyst' }],
    });
    expect(res.body).toMatchObject({ code: 0, data: { invited: 1 } });
    const token = await lastMailToken(t.db, 'joiner@example.com');
    const info = await call(t.app, { url: `/scaler/account/invitation?token=${token}` });
    expect(info.body.data).toMatchObject({
      org_id: w.agency,
      org_name: 'Agency',
      org_role: 'org_user',
      status: 'pending',
      has_account: true,
    });

    const anon = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      body: { token },
    });
    expect(anon.status).toBe(401);
    const joiner = await loginAs(t.app, 'joiner@example.com');
    const accepted = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: joiner,
      body: { token },
    });
    expect(accepted.body).toMatchObject({ code: 0, data: { org_id: w.agency, signed_up: false } });
    const routes = await call(t.app, {
      url: '/scaler/account/routes',
      token: joiner,
      headers: { 'org-id': String(w.agency) },
    });
    expect(routes.body.data.advs.map((a: { adv_id: number }) => a.adv_id)).toEqual([w.adv1]);
    const again = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: joiner,
      body: { token },
    });
    expect(again.body.code).toBe(10004);
    const sent = await admin().get('/scaler/v3/info/msg');
    expect(sent.body.data.list.map((n: { msg: string }) => n.msg)).toContain(
      'joiner@example.com accepted your invitation to Agency.',
    );
  });

  test('a new address signs up through the invitation and is signed in', async () => {
    await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['fresh@example.com'],
      org_role: 'org_user',
    });
    const token = await lastMailToken(t.db, 'fresh@example.com');
    const noPassword = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      body: { token },
    });
    expect(noPassword.status).toBe(400);
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      body: { token, password: 'fresh-pass-1', name: 'Fresh' },
    });
    expect(res.body.data).toEqual({ org_id: w.agency, signed_up: true });
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const info = await call(t.app, { url: '/scaler/account/user_info', headers: { cookie } });
    expect(info.body.data.orgs).toEqual([
      expect.objectContaining({ org_id: w.agency, org_role: 'org_user' }),
    ]);
  });

  test('a link for another e-mail, an expired link and a cancelled invitation are refused', async () => {
    await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['target@example.com'],
      org_role: 'org_user',
    });
    const token = await lastMailToken(t.db, 'target@example.com');
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: w.tokens.oadmin,
      body: { token },
    });
    expect(wrong.body.code).toBe(10203);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    await createUser(t.db, 'target@example.com');
    const target = await loginAs(t.app, 'target@example.com');
    const expired = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: target,
      body: { token },
    });
    expect(expired.body.code).toBe(10005);

    const list = await admin().get('/scaler/v3/bc/invitations?q=target');
    expect(list.body.data.total).toBe(1);
    const invitation = list.body.data.list.find((i: { email: string }) => i.email === 'target@example.com');
    const resent = await admin().send('POST', `/scaler/v3/bc/invitations/${invitation.id}/resend`);
    expect(resent.body.code).toBe(0);
    const newToken = await lastMailToken(t.db, 'target@example.com');
    expect(newToken).not.toBe(token);
    expect((await admin().send('DELETE', `/scaler/v3/bc/invitations/${invitation.id}`)).body.code).toBe(0);
    const cancelled = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: target,
      body: { token: newToken },
    });
    expect(cancelled.body.code).toBe(10004);
    expect(
      (await call(t.app, { url: `/scaler/account/invitation?token=${newToken}` })).body.data.status,
    ).toBe('cancelled');
  });

  test('members, duplicates, bad e-mails and foreign accounts are refused without inviting anyone', async () => {
    const before = (await t.db.select().from(invitations)).length;
    const member = await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['new1@example.com', 'user2@world.test'],
      org_role: 'org_user',
    });
    expect(member.body).toMatchObject({
      code: 10204,
      msg: 'Item already exists: user2@world.test is already a member or invited.',
    });
    const dup = await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['a@b.co', 'A@b.co'],
      org_role: 'org_user',
    });
    expect(dup.body.data.fields).toEqual([
      { path: 'body.emails', message: 'Duplicates exist, please confirm.' },
    ]);
    const bad = await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['nope'],
      org_role: 'org_user',
    });
    expect(bad.status).toBe(400);
    const foreign = await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['new2@example.com'],
      org_role: 'org_user',
      advs: [{ adv_id: w.advOther, adv_role: 'role_analyst' }],
    });
    expect(foreign.status).toBe(404);
    await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['twice@example.com'],
      org_role: 'org_user',
    });
    const twice = await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['twice@example.com'],
      org_role: 'org_user',
    });
    expect(twice.body.code).toBe(10204);
    expect((await t.db.select().from(invitations)).length).toBe(before + 1);
  });
});

describe('members: roles, removal and the last admin', () => {
  test('change a role, assign accounts, remove a member', async () => {
    await createUser(t.db, 'temp@example.com');
    await admin().send('POST', '/scaler/v3/bc/invitations', {
      emails: ['temp@example.com'],
      org_role: 'org_user',
    });
    const token = await lastMailToken(t.db, 'temp@example.com');
    const temp = await loginAs(t.app, 'temp@example.com');
    await call(t.app, {
      method: 'POST',
      url: '/scaler/account/invitation/accept',
      token: temp,
      body: { token },
    });
    const tempId = (await call(t.app, { url: '/scaler/account/user_info', token: temp })).body.data._id;

    const assigned = await admin().send('PUT', `/scaler/v3/bc/members/${tempId}/advs`, {
      advs: [{ adv_id: w.adv1, adv_role: 'role_operator' }],
    });
    expect(assigned.body.data).toEqual([{ adv_id: w.adv1, adv_role: 'role_operator' }]);
    expect(
      (await admin().send('PUT', `/scaler/v3/bc/members/${tempId}`, { org_role: 'org_admin' })).body.code,
    ).toBe(0);
    expect(
      (await admin().send('PUT', `/scaler/v3/bc/members/${tempId}`, { org_role: 'org_user' })).body.code,
    ).toBe(0);
    expect((await admin().send('DELETE', `/scaler/v3/bc/members/${tempId}`)).body.code).toBe(0);
    const after = await call(t.app, { url: '/scaler/account/user_info', token: temp });
    expect(after.body.data.orgs).toEqual([]);
    expect(after.body.data.advs).toEqual([]);
    expect((await admin().send('DELETE', `/scaler/v3/bc/members/${tempId}`)).status).toBe(404);
  });

  test('two admins demoting each other at once: exactly one succeeds, one admin remains', async () => {
    // The loser either finds itself demoted already (403) or hits the last-admin rule (10202).
    const [a, b] = await Promise.all([
      as(t, w, 'admin', w.agency).send('PUT', `/scaler/v3/bc/members/${w.ids.admin2}`, {
        org_role: 'org_user',
      }),
      as(t, w, 'admin2', w.agency).send('PUT', `/scaler/v3/bc/members/${w.ids.admin}`, {
        org_role: 'org_user',
      }),
    ]);
    const codes = [a.body.code, b.body.code];
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect([40300, 10202]).toContain(codes.find((c) => c !== 0));
    const members = (await as(t, w, 'user2', w.agency).get('/scaler/v3/bc/members')).body.data.list;
    expect(members.filter((m: { org_role: string }) => m.org_role === 'org_admin')).toHaveLength(1);
    const survivor = a.body.code === 0 ? 'admin' : 'admin2';
    const lastId = w.ids[survivor];
    const self = await as(t, w, survivor, w.agency).send('PUT', `/scaler/v3/bc/members/${lastId}`, {
      org_role: 'org_user',
    });
    expect(self.body).toMatchObject({
      code: 10202,
      msg: 'A business center needs at least one member and one admin.',
    });
    expect(
      (await as(t, w, survivor, w.agency).send('DELETE', `/scaler/v3/bc/members/${lastId}`)).body.code,
    ).toBe(10202);
    // Restore the world for later tests.
    const demoted = survivor === 'admin' ? 'admin2' : 'admin';
    await as(t, w, survivor, w.agency).send('PUT', `/scaler/v3/bc/members/${w.ids[demoted]}`, {
      org_role: 'org_admin',
    });
  });

  test('concurrent removals cannot leave a center without an admin', async () => {
    const results = await Promise.all([
      as(t, w, 'admin', w.agency).send('DELETE', `/scaler/v3/bc/members/${w.ids.admin2}`),
      as(t, w, 'admin2', w.agency).send('DELETE', `/scaler/v3/bc/members/${w.ids.admin}`),
    ]);
    const ok = results.filter((r) => r.body.code === 0);
    expect(ok.length).toBeLessThanOrEqual(1);
    const remaining = await t.db.query.orgMembers.findMany({ where: (m, { eq: e }) => e(m.orgId, w.agency) });
    expect(remaining.filter((m) => m.orgRole === 'org_admin').length).toBeGreaterThanOrEqual(1);
  });

  test('standard users cannot manage members', async () => {
    const u = as(t, w, 'user1', w.agency);
    expect(
      (await u.send('POST', '/scaler/v3/bc/invitations', { emails: ['x@y.co'], org_role: 'org_user' }))
        .status,
    ).toBe(403);
    expect(
      (await u.send('PUT', `/scaler/v3/bc/members/${w.ids.user2}`, { org_role: 'org_admin' })).status,
    ).toBe(403);
    expect((await u.send('DELETE', `/scaler/v3/bc/members/${w.ids.user2}`)).status).toBe(403);
  });
});
