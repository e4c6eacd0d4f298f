import { createServer } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { call, createTestApp, createUser, mailsTo, type TestApp } from './harness';
import { startSmtpSink } from './smtp-sink';
import { as, buildWorld } from './world';

const newestRow = async (t: TestApp, email: string) =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toEmail, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
  )[0];

const tokenOf = (link: string | null) => new URL(link ?? 'http://x').searchParams.get('token') ?? '';

describe('without SMTP: the log shows the link once, the outbox keeps it redacted', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { log: (line) => log.push(line) });
  });
  afterAll(() => t.close());

  test('a reset link: printed in the log, redacted in the outbox, and still good', async () => {
    await createUser(t.db, 'outbox-reset@example.com');
    await call(t.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'outbox-reset@example.com' },
    });
    const [logged] = await mailsTo(t.db, 'outbox-reset@example.com');
    const token = tokenOf(logged.link);
    expect(token).toMatch(/^[\w-]{43}$/);
    // The mailer logs the link once; nothing else in the log carries it.
    expect(t.mails.filter((m) => m.link?.includes(token))).toHaveLength(1);
    expect(log.some((line) => line.includes(token))).toBe(false);

    const row = await newestRow(t, 'outbox-reset@example.com');
    expect(row.link).toBe('http://console.test/email?type=reset&token=[redacted]');
    expect(row.bodyText).not.toContain(token);
    expect(row.bodyText).toContain('http://console.test/email?type=reset&token=[redacted]');
    expect(row.redactedAt).not.toBeNull();
    const reset = await call(t.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'Meadow-violin-copper-3', token },
    });
    expect(reset.body.code).toBe(0);
  });

  test('an invitation link too', async () => {
    const w = await buildWorld(t);
    await as(t, w, 'admin', w.agency).send('POST', '/scaler/v3/bc/invitations', {
      emails: ['outbox-invite@example.com'],
      org_role: 'org_user',
    });
    const [logged] = await mailsTo(t.db, 'outbox-invite@example.com');
    const row = await newestRow(t, 'outbox-invite@example.com');
    expect(row.link).toBe('http://console.test/email?type=invite&token=[redacted]');
    expect(row.bodyText).not.toContain(tokenOf(logged.link));
  });

  test('the request log hides a token nested, encoded, in a logged URL', async () => {
    const secret = 'bmVzdGVkLXNlc3Npb24tdG9rZW4tb2YtYS11c2Vy';
    const nested = encodeURIComponent(`/manage/overview?org=100001&token=${secret}`);
    await t.app.inject({ url: `/login?redirect=${nested}` });
    await t.app.inject({ url: `/select?code=${secret}` });
    const lines = log.filter(
      (line) => line.includes('"url":"/login?redirect=') || line.includes('/select?code'),
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(log.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).toContain('token%3D%5Bredacted%5D');
  });
});

describe('with SMTP', () => {
  test('a delivered mail carries its link; the outbox then keeps it redacted', async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ SMTP_URL: sink.url });
    try {
      await createUser(t.db, 'smtp-reset@example.com');
      await call(t.app, {
        method: 'POST',
        url: '/scaler/account/repwd',
        body: { email: 'smtp-reset@example.com' },
      });
      await t.mailer.idle();
      expect(t.mails).toEqual([]);
      const [message] = sink.received;
      expect(message.to).toEqual(['smtp-reset@example.com']);
      const token =
        /token=3D([\w-]{43})/.exec(message.text)?.[1] ?? /token=([\w-]{43})/.exec(message.text)?.[1];
      expect(token).toMatch(/^[\w-]{43}$/);

      const row = await newestRow(t, 'smtp-reset@example.com');
      expect(row.sentAt).not.toBeNull();
      expect(row.link).toBe('http://console.test/email?type=reset&token=[redacted]');
      expect(row.bodyText).not.toContain(token);
    } finally {
      await t.close();
      await sink.close();
    }
  });

  test('a mail the server could not deliver is kept whole, to be sent again', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      await createUser(t.db, 'smtp-down@example.com');
      await call(t.app, {
        method: 'POST',
        url: '/scaler/account/repwd',
        body: { email: 'smtp-down@example.com' },
      });
      await t.mailer.idle();
      const row = await newestRow(t, 'smtp-down@example.com');
      expect(row.error).not.toBeNull();
      expect(row.redactedAt).toBeNull();
      expect(tokenOf(row.link)).toMatch(/^[\w-]{43}$/);
    } finally {
      await t.close();
    }
  });
});
