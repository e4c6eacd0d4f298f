import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, createUser, lastMailToken, loginAs, PASSWORD, type TestApp } from './harness';
import { as, buildWorld } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'PUT', url: '/scaler/account/reset/pwd', token, body, headers });

const userInfo = (token: string) => call(t.app, { url: '/scaler/account/user_info', token });

describe('changing the password while signed in', () => {
  test('needs the current password; ends the other sessions and keeps this one', async () => {
    await createUser(t.db, 'changer@example.com');
    const here = await loginAs(t.app, 'changer@example.com');
    const elsewhere = await loginAs(t.app, 'changer@example.com');

    const missing = await change(here, { password: 'Quiet-harbour-lantern-7' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields).toEqual([
      { path: 'body.current_password', message: 'Please enter your current password.' },
    ]);

    const ok = await change(here, { password: 'Quiet-harbour-lantern-7', current_password: PASSWORD });
    expect(ok.body).toEqual({ code: 0, msg: 'success', data: null });
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect((await userInfo(here)).status).toBe(200);
    expect((await userInfo(elsewhere)).status).toBe(401);
    await expect(loginAs(t.app, 'changer@example.com')).rejects.toThrow();
    expect(await loginAs(t.app, 'changer@example.com', 'Quiet-harbour-lantern-7')).toBeTruthy();
  });

  test('a wrong current password is a field error and counts as a failed sign-in', async () => {
    await createUser(t.db, 'stolen-session@example.com');
    const session = await loginAs(t.app, 'stolen-session@example.com');
    for (let i = 0; i < 5; i++) {
      const wrong = await change(
        session,
        { password: 'Quiet-harbour-lantern-7', current_password: `guess-${i}` },
        { language: i === 0 ? 'zh-CN' : 'en-US' },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields).toEqual([
        {
          path: 'body.current_password',
          message: i === 0 ? '当前密码不正确。' : 'The current password is incorrect.',
        },
      ]);
    }
    // Five guesses through the dialog hold this address back like five wrong logins.
    const held = await change(session, { password: 'Quiet-harbour-lantern-7', current_password: PASSWORD });
    expect(held.status).toBe(429);
    const login = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/login',
      body: { email: 'stolen-session@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(429);
  });
});

describe('reset links', () => {
  test('a newer link voids the older ones; a used one is refused', async () => {
    await createUser(t.db, 'twice-forgot@example.com');
    const ask = () =>
      call(t.app, {
        method: 'POST',
        url: '/scaler/account/repwd',
        body: { email: 'twice-forgot@example.com' },
      });
    await ask();
    const older = await lastMailToken(t.db, 'twice-forgot@example.com');
    await ask();
    const newer = await lastMailToken(t.db, 'twice-forgot@example.com');
    expect(newer).not.toBe(older);

    const set = (token: string, password: string) =>
      call(t.app, { method: 'PUT', url: '/scaler/account/reset/pwd', body: { password, token } });
    expect((await set(older, 'Meadow-violin-copper-3')).body.code).toBe(10004);
    const described = await call(t.app, { url: `/scaler/account/email/token?token=${older}` });
    expect(described.body.data).toMatchObject({ purpose: 'reset', used: true });
    expect((await set(newer, 'Meadow-violin-copper-3')).body.code).toBe(0);
    expect((await set(newer, 'Another-violin-copper-4')).body.code).toBe(10004);
    expect(await loginAs(t.app, 'twice-forgot@example.com', 'Meadow-violin-copper-3')).toBeTruthy();
  });

  test('a password change voids the reset links sent before it', async () => {
    await createUser(t.db, 'changed-meanwhile@example.com');
    await call(t.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'changed-meanwhile@example.com' },
    });
    const link = await lastMailToken(t.db, 'changed-meanwhile@example.com');
    const session = await loginAs(t.app, 'changed-meanwhile@example.com');
    expect(
      (await change(session, { password: 'Quiet-harbour-lantern-7', current_password: PASSWORD })).body.code,
    ).toBe(0);
    const late = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'Meadow-violin-copper-3', token: link },
    });
    expect(late.body.code).toBe(10004);
  });
});

describe('common and short passwords are refused everywhere a password is set', () => {
  const WEAK = ['password1', 'Password1!', 'qwerty123', 'iloveyou2'];
  const weakField = { path: 'body.password', message: expect.stringMatching(/^This password is too easy/) };

  test('sign-up', async () => {
    for (const password of WEAK) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/scaler/account/user',
        body: { email: 'weak@example.com', password },
      });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([weakField]);
    }
    // A password made of the user's own address is as easy.
    const own = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/user',
      headers: { language: 'zh-CN' },
      body: { email: 'margaret.thornbury@example.com', password: 'margaret.thornbury' },
    });
    expect(own.body.data.fields).toEqual([
      { path: 'body.password', message: expect.stringMatching(/^该密码太容易/) },
    ]);
  });

  test('reset by link and signed-in change; the link stays usable after a refusal', async () => {
    await createUser(t.db, 'weak-reset@example.com');
    await call(t.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'weak-reset@example.com' },
    });
    const token = await lastMailToken(t.db, 'weak-reset@example.com');
    const weak = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'password1', token },
    });
    expect(weak.body.data.fields).toEqual([weakField]);
    const strong = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'Meadow-violin-copper-3', token },
    });
    expect(strong.body.code).toBe(0);

    const session = await loginAs(t.app, 'weak-reset@example.com', 'Meadow-violin-copper-3');
    const changed = await change(session, {
      password: 'qwerty123',
      current_password: 'Meadow-violin-copper-3',
    });
    expect(changed.body.data.fields).toEqual([weakField]);
  });

  test('signing up through an invitation', async () => {
    const w = await buildWorld(t);
    await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/bc/invitations', {
      emails: ['invited-weak@example.com'],
      org_role: 'org_user',
    });
    const token = await lastMailToken(t.db, 'invited-weak@example.com');
    const accept = (password: string) =>
      call(t.app, { method: 'POST', url: '/scaler/account/invitation/accept', body: { token, password } });
    const weak = await accept('Password1!');
    expect(weak.status).toBe(400);
    expect(weak.body.data.fields).toEqual([weakField]);
    expect((await accept('Meadow-violin-copper-3')).body.code).toBe(0);
  });
});
