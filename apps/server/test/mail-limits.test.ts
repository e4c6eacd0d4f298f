import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, createUser, mailsTo, type TestApp } from './harness';
import { startSmtpSink } from './smtp-sink';
import { as, buildWorld, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

/** An anonymous call from a client address. */
async function from(app: TestApp, ip: string, url: string, body: unknown, language = 'en-US') {
  const res = await app.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: ip,
    headers: { language },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('e-mails per recipient', () => {
  test('repeated reset requests for one address mail it 5 times an hour, and answer the same throughout', async () => {
    await createUser(t.db, 'flooded@example.com');
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await from(t, `198.51.100.${i + 1}`, '/scaler/account/repwd', { email: 'flooded@example.com' }),
      );
    }
    expect(answers.every((a) => a.status === 200 && a.body.code === 0)).toBe(true);
    expect((await mailsTo(t.db, 'flooded@example.com')).length).toBe(5);
  });

  test('sign-ups of a registered address mail its owner at most 5 times an hour, same answer', async () => {
    await createUser(t.db, 'popular@example.com');
    for (let i = 0; i < 7; i++) {
      const res = await from(t, `198.51.101.${i + 1}`, '/scaler/account/user', {
        email: 'popular@example.com',
        password: 'Unrelated-words-2026',
      });
      expect(res.body).toEqual({ code: 0, msg: 'success', data: { email: 'popular@example.com' } });
    }
    const mails = await mailsTo(t.db, 'popular@example.com');
    expect(mails.map((m) => m.kind)).toEqual(Array(5).fill('account_exists'));
  });

  test('an admin invites fifty people at once without being held back; resending to one address is', async () => {
    const emails = Array.from({ length: 50 }, (_, i) => `team-${i}@example.com`);
    const admin = as(t, w, 'admin', w.agency);
    const invited = await admin.send('POST', '/scaler/v3/bc/invitations', { emails, org_role: 'org_user' });
    expect(invited.body).toMatchObject({ code: 0, data: { invited: 50 } });
    for (const email of emails.slice(0, 3)) expect((await mailsTo(t.db, email)).length).toBe(1);

    const list = await admin.get('/scaler/v3/bc/invitations?page_size=100');
    const invitation = list.body.data.list.find((i: { email: string }) => i.email === 'team-0@example.com');
    const resend = () => admin.send('POST', `/scaler/v3/bc/invitations/${invitation.id}/resend`);
    for (let i = 0; i < 4; i++) expect((await resend()).body.code).toBe(0);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 10010,
      msg: 'Too many e-mails were sent to team-0@example.com in the last hour. Please wait 60 minutes and try again.',
    });
    const zh = await call(t.app, {
      method: 'POST',
      url: `/scaler/v3/bc/invitations/${invitation.id}/resend`,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), language: 'zh-CN' },
    });
    expect(zh.body).toMatchObject({
      code: 10010,
      msg: '过去一小时内发送给 team-0@example.com 的邮件过多，请 60 分钟后再试。',
    });
    expect((await mailsTo(t.db, 'team-0@example.com')).length).toBe(5);
    // The refused resend changed nothing: the last link sent still works.
    expect((await mailsTo(t.db, 'team-1@example.com')).length).toBe(1);
  });
});

describe('anonymous calls that send e-mail, per client address', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ MAIL_LIMIT_ADDRESS: '3' });
  });
  afterAll(() => small.close());

  test('sign-up, the login of an unverified account and repwd count together; the wait is told', async () => {
    const ip = '203.0.113.40';
    const email = 'unverified@example.com';
    const signUp = await from(small, ip, '/scaler/account/user', { email, password: 'Unrelated-words-2026' });
    expect(signUp.body.code).toBe(0);
    const unverified = await from(small, ip, '/scaler/account/login', {
      email,
      password: 'Unrelated-words-2026',
    });
    expect(unverified.body.code).toBe(10002);
    // A wrong password sends nothing, so it does not count here (it counts for the guess limit).
    expect(
      (await from(small, ip, '/scaler/account/login', { email, password: 'wrong-words-9' })).body.code,
    ).toBe(10001);
    expect((await from(small, ip, '/scaler/account/repwd', { email: 'ghost@example.com' })).body.code).toBe(
      0,
    );

    for (const [url, body] of [
      ['/scaler/account/repwd', { email: 'ghost@example.com' }],
      ['/scaler/account/repwd', { email }],
      ['/scaler/account/user', { email: 'another@example.com', password: 'Unrelated-words-2026' }],
      ['/scaler/account/login', { email, password: 'Unrelated-words-2026' }],
    ] as const) {
      const limited = await from(small, ip, url, body);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        code: 10009,
        msg: 'Too many e-mails were requested from your network. Please wait 60 minutes and try again.',
      });
    }
    const zh = await from(small, ip, '/scaler/account/repwd', { email }, 'zh-CN');
    expect(zh.body.msg).toBe('您所在网络请求发送的邮件过多，请 60 分钟后再试。');
    expect((await mailsTo(small.db, 'another@example.com')).length).toBe(0);
    // Another address is not affected, and neither is a signed-in admin inviting from the same one.
    expect((await from(small, '203.0.113.41', '/scaler/account/repwd', { email })).body.code).toBe(0);
  });

  test('invitations by a signed-in admin are not counted per client address', async () => {
    const sw = await buildWorld(small);
    for (let i = 0; i < 3; i++)
      await from(small, '127.0.0.1', '/scaler/account/repwd', { email: `x${i}@example.com` });
    expect(
      (await from(small, '127.0.0.1', '/scaler/account/repwd', { email: 'x9@example.com' })).status,
    ).toBe(429);
    const invited = await as(small, sw, 'admin', sw.agency).send('POST', '/scaler/v3/bc/invitations', {
      emails: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'],
      org_role: 'org_user',
    });
    expect(invited.body).toMatchObject({ code: 0, data: { invited: 4 } });
  });
});

describe('repwd does not tell whether an address has an account', () => {
  test('same answer and the same time for a known and an unknown address, even with a slow mail server', async () => {
    const sink = await startSmtpSink({ delayMs: 600 });
    const slow = await createTestApp({ SMTP_URL: sink.url, MAIL_LIMIT_ADDRESS: '100' });
    try {
      await createUser(slow.db, 'known@example.com');
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await from(slow, '192.0.2.10', '/scaler/account/repwd', { email });
        return { ms: performance.now() - started, status: res.status, body: res.body };
      };
      const known = [];
      const unknown = [];
      for (let i = 0; i < 3; i++) {
        known.push(await timed('known@example.com'));
        unknown.push(await timed(`nobody-${i}@example.com`));
      }
      for (const answer of [...known, ...unknown]) {
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 200,
          body: { code: 0, msg: 'success', data: null },
        });
      }
      const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[1];
      // Delivering takes the mail server 600 ms; the answer must not wait for it.
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(300);
      expect(median(known)).toBeLessThan(600);

      // The links did go out, after the answers.
      await slow.mailer.idle();
      expect(sink.received.filter((m) => m.to.includes('known@example.com'))).toHaveLength(3);
      expect(sink.received.filter((m) => m.to.some((to) => to.startsWith('nobody-')))).toHaveLength(0);
    } finally {
      await slow.close();
      await sink.close();
    }
  });
});
