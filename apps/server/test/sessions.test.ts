import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLoginLink } from '../src/cli/commands';
import { loginCodes, sessions, users } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/tokens';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const whoAmI = async (headers: Record<string, string>) =>
  (await call(t.app, { url: '/scaler/account/user_info', headers })).body?.data?.email ?? null;

const issueCode = (token: string, body: Record<string, unknown> = {}) =>
  call(t.app, { method: 'POST', url: '/scaler/account/login/code', token, body });

const exchange = (code: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/scaler/account/login/exchange', body: { code }, headers });

const peek = (code: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/scaler/account/login/code/peek', body: { code }, headers });

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie'] ?? '').match(/^token=([^;]*);/)?.[1] ?? null;

describe('where a session may come from (session fixation)', () => {
  test('the cookie wins over a header token; a header token never sets or replaces the cookie', async () => {
    await createUser(t.db, 'victim@example.com');
    await createUser(t.db, 'attacker@example.com');
    const victim = await loginAs(t.app, 'victim@example.com');
    const attacker = await loginAs(t.app, 'attacker@example.com');

    const both = await call(t.app, {
      url: '/scaler/account/user_info',
      headers: { cookie: `token=${victim}`, token: attacker },
    });
    expect(both.body.data.email).toBe('victim@example.com');
    expect(both.headers['set-cookie']).toBeUndefined();

    // Without a cookie (an API client, the CLI), the header works, and no cookie is handed out.
    const headerOnly = await call(t.app, { url: '/scaler/account/user_info', token: attacker });
    expect(headerOnly.body.data.email).toBe('attacker@example.com');
    expect(headerOnly.headers['set-cookie']).toBeUndefined();
  });

  test('a token in the query string is no session on any API call and sets no cookie', async () => {
    await createUser(t.db, 'linked@example.com');
    const token = await loginAs(t.app, 'linked@example.com');
    for (const url of [`/scaler/account/user_info?token=${token}`, `/scaler/account/routes?token=${token}`]) {
      const res = await call(t.app, { url });
      expect(res.body.code === 40100 || res.body.code === -1).toBe(true);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A signed-in browser that follows such a link keeps its own session.
    await createUser(t.db, 'owner@example.com');
    const own = await loginAs(t.app, 'owner@example.com');
    const res = await call(t.app, {
      url: `/scaler/account/user_info?token=${token}`,
      headers: { cookie: `token=${own}` },
    });
    expect(res.body.data.email).toBe('owner@example.com');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-in codes: what a login redirect hands over instead of a token', () => {
  test('a signed-in client gets a code; the browser spends it once for its own session cookie', async () => {
    await createUser(t.db, 'handover@example.com');
    const apiToken = await loginAs(t.app, 'handover@example.com');
    const issued = await issueCode(apiToken, { redirect: '/manage/overview?org=100001' });
    expect(issued.body.code).toBe(0);
    const { code, expires_at, link } = issued.body.data;
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(link).toBe(`http://console.test/manage/overview?org=100001&code=${code}`);
    // Only the code's hash is stored.
    const [row] = await t.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.codeHash, hashToken(code)));
    expect(row.usedAt).toBeNull();
    expect(JSON.stringify(row)).not.toContain(code);

    const spent = await exchange(code);
    expect(spent.body).toEqual({
      code: 0,
      msg: 'success',
      data: { _id: row.userId, email: 'handover@example.com', kept: false },
    });
    const cookie = cookieOf(spent);
    expect(cookie).toMatch(/^[\w-]{43}$/);
    expect(cookie).not.toBe(apiToken);
    expect(String(spent.headers['set-cookie'])).toContain('HttpOnly');
    expect(await whoAmI({ cookie: `token=${cookie}` })).toBe('handover@example.com');

    const again = await exchange(code);
    expect(again.body).toMatchObject({
      code: 10007,
      msg: 'This sign-in link is invalid, has expired or was already used. Please log in.',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  test('an expired or made-up code signs nobody in', async () => {
    await createUser(t.db, 'late-code@example.com');
    const token = await loginAs(t.app, 'late-code@example.com');
    const { code } = (await issueCode(token)).body.data;
    await t.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.codeHash, hashToken(code)));
    expect((await exchange(code)).body.code).toBe(10007);
    expect((await exchange('x'.repeat(43))).body.code).toBe(10007);
    expect((await exchange('short')).status).toBe(400);
  });

  test('a code never replaces the signed-in session of another user: refused, and the session stays', async () => {
    await createUser(t.db, 'signed-in@example.com');
    await createUser(t.db, 'intruder@example.com');
    const mine = await loginAs(t.app, 'signed-in@example.com');
    const theirs = await loginAs(t.app, 'intruder@example.com');
    const { code } = (await issueCode(theirs)).body.data;

    const refused = await exchange(code, { cookie: `token=${mine}`, language: 'zh-CN' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 10008,
      msg: '您当前已登录为 signed-in@example.com。如需通过此链接以其他用户身份登录，请先退出登录。',
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await whoAmI({ cookie: `token=${mine}` })).toBe('signed-in@example.com');
    // The refused code is spent: it cannot be tried again once the user has logged out.
    expect((await exchange(code)).body.code).toBe(10007);
  });

  test('the same user’s session is kept as it is; an ended session is replaced', async () => {
    await createUser(t.db, 'twice@example.com');
    const session = await loginAs(t.app, 'twice@example.com');
    const kept = await exchange((await issueCode(session)).body.data.code, { cookie: `token=${session}` });
    expect(kept.body.data).toMatchObject({ email: 'twice@example.com', kept: true });
    expect(kept.headers['set-cookie']).toBeUndefined();

    const { code } = (await issueCode(session)).body.data;
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(session)));
    const replaced = await exchange(code, { cookie: `token=${session}` });
    expect(replaced.body.data.kept).toBe(false);
    expect(await whoAmI({ cookie: `token=${cookieOf(replaced)}` })).toBe('twice@example.com');
  });

  test('peek tells who a code signs in as without spending it; exchange stays single use', async () => {
    await createUser(t.db, 'minter@example.com', { name: 'Mallory Minter' });
    const minter = await loginAs(t.app, 'minter@example.com');
    const { code } = (await issueCode(minter)).body.data;
    const seen = await peek(code);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({ email: 'minter@example.com', name: 'Mallory Minter', session: 'none' });
    expect(seen.headers['set-cookie']).toBeUndefined();
    expect(seen.headers['cache-control']).toBe('no-store');
    // Peeking again, as often as wanted, spends nothing.
    expect((await peek(code)).body.data.email).toBe('minter@example.com');
    const [row] = await t.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.codeHash, hashToken(code)));
    expect(row.usedAt).toBeNull();

    // The browser's own session is told apart: the same user, or another one.
    expect((await peek(code, { cookie: `token=${minter}` })).body.data.session).toBe('same');
    await createUser(t.db, 'bystander@example.com');
    const bystander = await loginAs(t.app, 'bystander@example.com');
    expect((await peek(code, { cookie: `token=${bystander}` })).body.data.session).toBe('other');

    // Spent once, the code is neither peekable nor spendable again; one answer for used, expired, unknown.
    const spent = await exchange(code);
    expect(await whoAmI({ cookie: `token=${cookieOf(spent)}` })).toBe('minter@example.com');
    const { code: late } = (await issueCode(minter)).body.data;
    await t.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.codeHash, hashToken(late)));
    const answers = [await peek(code), await peek(late), await peek('y'.repeat(43))].map((r) => [
      r.status,
      r.body,
    ]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0][1]).toMatchObject({ code: 10007, data: null });
    expect((await exchange(code)).body.code).toBe(10007);
    expect((await peek('short')).status).toBe(400);
    // A disabled user's code is as invalid as an unknown one.
    const { code: disabled } = (await issueCode(bystander)).body.data;
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, 'bystander@example.com'));
    expect((await peek(disabled)).body.code).toBe(10007);
  });

  test('issuing needs a session and a console path of this site', async () => {
    expect((await call(t.app, { method: 'POST', url: '/scaler/account/login/code', body: {} })).status).toBe(
      401,
    );
    await createUser(t.db, 'redirector@example.com');
    const token = await loginAs(t.app, 'redirector@example.com');
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await issueCode(token, { redirect })).status).toBe(400);
    }
  });

  test('the CLI prints a one-time link an operator opens to be signed in', async () => {
    await createUser(t.db, 'self-hosted@example.com');
    const issued = await createLoginLink({
      db: t.db,
      email: 'self-hosted@example.com',
      publicUrl: 'http://console.test',
    });
    expect(issued.link).toBe(`http://console.test/?code=${issued.code}`);
    expect(new Date(issued.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const code = new URL(issued.link).searchParams.get('code') ?? '';
    const res = await exchange(code);
    expect(await whoAmI({ cookie: `token=${cookieOf(res)}` })).toBe('self-hosted@example.com');
    await expect(createLoginLink({ db: t.db, email: 'nobody@example.com', publicUrl: 'x' })).rejects.toThrow(
      /no user/,
    );
  });
});
