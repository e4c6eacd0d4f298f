import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailTokens, mailOutbox, sessions, users } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/tokens';
import {
  call,
  createTestApp,
  createUser,
  lastMailToken,
  loginAs,
  mailsTo,
  PASSWORD,
  type TestApp,
} from './harness';

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
    expect(res.body.data).toEqual({ email });

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

  test('a taken e-mail answers like a new one and mails its owner instead (no enumeration)', async () => {
    await createUser(t.db, 'taken@example.com', { language: 'zh-CN' });
    const sign = (email: string) =>
      call(t.app, {
        method: 'POST',
        url: '/scaler/account/user',
        body: { email, password: 'long-enough-1' },
      });
    const taken = await sign('taken@example.com');
    const fresh = await sign('untaken@example.com');
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({ ...fresh.body, data: { email: 'taken@example.com' } });
    expect(taken.body).toEqual({ code: 0, msg: 'success', data: { email: 'taken@example.com' } });

    // The owner hears of it in their own language, with the way in and the way to reset; no link to act on.
    const [notice] = await mailsTo(t.db, 'taken@example.com');
    expect(notice).toMatchObject({
      kind: 'account_exists',
      subject: '有人尝试使用您的邮箱地址注册',
      link: null,
    });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, notice.id));
    expect(row.bodyText).toContain('http://console.test/login?tab=forgot');
    // The account and its password are untouched.
    expect(await loginAs(t.app, 'taken@example.com')).toBeTruthy();
    expect((await t.db.select().from(users).where(eq(users.email, 'taken@example.com'))).length).toBe(1);
  });

  test('rejects a bad e-mail and a short password, in the request language', async () => {
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

  test('a signed-in change without a session is 401; without a new password 400', async () => {
    const anon = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'x-long-pass-2026', current_password: PASSWORD },
    });
    expect(anon.status).toBe(401);
    await createUser(t.db, 'changer@example.com');
    const token = await loginAs(t.app, 'changer@example.com');
    const empty = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      token,
      body: { password: '', current_password: PASSWORD },
    });
    expect(empty.status).toBe(400);
  });
});
