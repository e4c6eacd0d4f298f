import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailTokens, sessions, users } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/tokens';
import { call, createTestApp, createUser, lastMailToken, loginAs, PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up and e-mail verification', () => {
  test('registers, e-mails a link to /email, and refuses login until verified', async () => {
    const email = 'new.person@example.com';
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/user',
      body: { email: 'New.Person@Example.com ', password: 'long-enough-1', name: 'New Person' },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), email });

    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row.passwordHash).not.toContain('long-enough-1');
    expect(row.emailVerifiedAt).toBeNull();

    const login = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/login',
      body: { email, password: 'long-enough-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.code).toBe(10002);
    expect(login.headers['set-cookie']).toBeUndefined();

    const token = await lastMailToken(t.db, email);
    const described = await call(t.app, { url: `/scaler/account/email/token?token=${token}` });
    expect(described.body.data).toEqual({ purpose: 'verify', email, expired: false, used: false });

    const verified = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/email/verify',
      body: { token },
    });
    expect(verified.body).toMatchObject({ code: 0, data: { email } });
    const again = await call(t.app, { method: 'POST', url: '/scaler/account/email/verify', body: { token } });
    expect(again.body.code).toBe(10004);

    expect(await loginAs(t.app, email, 'long-enough-1')).toMatch(/^[\w-]{43}$/);
  });

  test('rejects a taken e-mail, a bad e-mail and a short password, in the request language', async () => {
    await createUser(t.db, 'taken@example.com');
    const taken = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/user',
      body: { email: 'taken@example.com', password: 'long-enough-1' },
    });
    expect(taken.body).toMatchObject({ code: 10003, msg: 'This e-mail address is already registered.' });

    const bad = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/user',
      headers: { language: 'zh-CN' },
      body: { email: 'not-an-email', password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40000);
    expect(bad.body.msg).toBe('部分字段无效，请检查。');
    expect(bad.body.data.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: '请输入有效的邮箱地址。' },
        { path: 'body.password', message: '密码长度须为 8 到 128 个字符。' },
      ]),
    );
  });

  test('an expired verification link says so and verifies nothing', async () => {
    const email = 'late@example.com';
    await call(t.app, {
      method: 'POST',
      url: '/scaler/account/user',
      body: { email, password: 'long-enough-1' },
    });
    const token = await lastMailToken(t.db, email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const res = await call(t.app, { method: 'POST', url: '/scaler/account/email/verify', body: { token } });
    expect(res.body.code).toBe(10005);
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/email/verify',
      body: { token: 'x'.repeat(43) },
    });
    expect(unknown.body.code).toBe(10004);
  });
});

describe('login, session and logout', () => {
  test('login sets an HttpOnly SameSite=Lax 7-day cookie and user_info answers the spec fields', async () => {
    await createUser(t.db, 'ann@example.com', { name: 'Ann' });
    const res = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/login',
      body: { email: 'ANN@example.com', password: PASSWORD },
    });
    expect(res.body.code).toBe(0);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^token=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=604800');

    const info = await call(t.app, {
      url: '/scaler/account/user_info',
      headers: { cookie: cookie.split(';')[0] },
    });
    expect(Object.keys(info.body.data).sort()).toEqual(
      [
        '_id',
        'advs',
        'advs_total',
        'avatar_middle',
        'email',
        'is_operator',
        'language',
        'mark',
        'name',
        'orgs',
        'status_fee',
        'v',
      ].sort(),
    );
    expect(info.body.data).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      orgs: [],
      advs: [],
      mark: 0,
      v: 0,
    });
  });

  test('wrong password and unknown user get the same answer', async () => {
    await createUser(t.db, 'bob@example.com');
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/login',
      body: { email: 'bob@example.com', password: 'nope-nope' },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/login',
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 10001, msg: 'Incorrect e-mail or password.' });
  });

  test('no session or an unknown token is 401; an expired one is 402', async () => {
    expect((await call(t.app, { url: '/scaler/account/user_info' })).status).toBe(401);
    const unknown = await call(t.app, { url: '/scaler/account/user_info', token: 'forged-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: 40100, msg: 'You are not logged in, please log in.', data: null });

    await createUser(t.db, 'expiring@example.com');
    const token = await loginAs(t.app, 'expiring@example.com');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const expired = await call(t.app, { url: '/scaler/account/user_info', token });
    expect(expired.status).toBe(402);
    expect(expired.body).toMatchObject({ code: 40200, msg: 'Login timed out, please log in again.' });
    const routes = await call(t.app, { url: '/scaler/account/routes', token });
    expect(routes.status).toBe(200);
    expect(routes.body.code).toBe(-1);
  });

  test('the token works from the header, the cookie and a login redirect query, which sets the cookie', async () => {
    await createUser(t.db, 'carrier@example.com');
    const token = await loginAs(t.app, 'carrier@example.com');
    expect((await call(t.app, { url: '/scaler/account/user_info', token })).status).toBe(200);
    expect(
      (await call(t.app, { url: '/scaler/account/user_info', headers: { cookie: `token=${token}` } })).status,
    ).toBe(200);
    const viaQuery = await call(t.app, { url: `/scaler/account/user_info?token=${token}` });
    expect(viaQuery.status).toBe(200);
    expect(String(viaQuery.headers['set-cookie'])).toContain(`token=${token}`);
  });

  test('logout revokes the session', async () => {
    await createUser(t.db, 'leaver@example.com');
    const token = await loginAs(t.app, 'leaver@example.com');
    const out = await call(t.app, { method: 'POST', url: '/scaler/account/logout', token });
    expect(out.body.code).toBe(0);
    expect(String(out.headers['set-cookie'])).toMatch(/token=;/);
    expect((await call(t.app, { url: '/scaler/account/user_info', token })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/scaler/account/logout', token })).status).toBe(401);
  });
});

describe('password reset', () => {
  test('repwd answers the same for known and unknown e-mails and mails only the known one', async () => {
    await createUser(t.db, 'forgetful@example.com');
    const known = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'forgetful@example.com' },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'ghost@example.com' },
    });
    expect(known.body).toEqual(unknown.body);
    expect(known.body.code).toBe(0);
    await expect(lastMailToken(t.db, 'ghost@example.com')).rejects.toThrow();
    expect(await lastMailToken(t.db, 'forgetful@example.com')).toBeTruthy();
  });

  test('the e-mailed token sets a new password once and revokes every session', async () => {
    await createUser(t.db, 'resetter@example.com');
    const oldSession = await loginAs(t.app, 'resetter@example.com');
    await call(t.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'resetter@example.com' },
    });
    const token = await lastMailToken(t.db, 'resetter@example.com');
    const res = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'brand-new-pass', token },
    });
    expect(res.body.code).toBe(0);
    expect((await call(t.app, { url: '/scaler/account/user_info', token: oldSession })).status).toBe(401);
    await expect(loginAs(t.app, 'resetter@example.com')).rejects.toThrow();
    expect(await loginAs(t.app, 'resetter@example.com', 'brand-new-pass')).toBeTruthy();
    const reused = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'another-pass-9', token },
    });
    expect(reused.body.code).toBe(10004);
  });

  test('a signed-in change revokes the current session; without a session it is 401', async () => {
    await createUser(t.db, 'changer@example.com');
    const token = await loginAs(t.app, 'changer@example.com');
    const res = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      token,
      body: { password: 'changed-pass-1' },
    });
    expect(res.body.code).toBe(0);
    expect((await call(t.app, { url: '/scaler/account/user_info', token })).status).toBe(401);
    expect(await loginAs(t.app, 'changer@example.com', 'changed-pass-1')).toBeTruthy();
    const anon = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'x-long-pass' },
    });
    expect(anon.status).toBe(401);
    const empty = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      token,
      body: { password: '' },
    });
    expect(empty.status).toBe(400);
  });
});
