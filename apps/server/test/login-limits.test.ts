import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, createUser, lastMailToken, PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip = '203.0.113.1', app = t) =>
  app.app
    .inject({
      method: 'POST',
      url: '/scaler/account/login',
      payload: { email, password },
      remoteAddress: ip,
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

const OWNER_IP = '192.0.2.10';
const ATTACKER_IP = '198.51.100.66';

test('an attacker’s failures elsewhere do not lock the owner out', async () => {
  await createUser(t.db, 'target@example.com');
  for (let i = 0; i < 8; i++) {
    const guess = await attempt('target@example.com', `wrong-guess-${i}`, ATTACKER_IP);
    expect(guess.body.code).toBe(i < 5 ? 10001 : 42900);
  }
  // The attacker's address is held back for this account, even with the right password...
  const held = await attempt('target@example.com', PASSWORD, ATTACKER_IP);
  expect(held.status).toBe(429);
  expect(held.body).toMatchObject({
    code: 42900,
    msg: 'Too many failed attempts. Please wait 15 minutes and try again.',
  });
  // ...and the owner, from their own address, logs in at once.
  expect((await attempt('target@example.com', PASSWORD, OWNER_IP)).body.code).toBe(0);
});

test('the owner’s own typos are limited the same way, and the right password forgives them', async () => {
  await createUser(t.db, 'clumsy@example.com');
  for (let i = 0; i < 4; i++) await attempt('clumsy@example.com', 'wrong-pass', OWNER_IP);
  expect((await attempt('clumsy@example.com', PASSWORD, OWNER_IP)).body.code).toBe(0);
  for (let i = 0; i < 4; i++)
    expect((await attempt('clumsy@example.com', 'wrong-pass', OWNER_IP)).body.code).toBe(10001);
  expect((await attempt('clumsy@example.com', PASSWORD, OWNER_IP)).body.code).toBe(0);
  const res = await call(t.app, {
    method: 'POST',
    url: '/scaler/account/login',
    body: { email: 'x', password: '' },
  });
  expect(res.status).toBe(400);
});

test('concurrent guesses from one address cannot slip past the limit', async () => {
  await createUser(t.db, 'raced@example.com');
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) => attempt('raced@example.com', `guess-${i}-pass`, ATTACKER_IP)),
  );
  const checked = results.filter((r) => r.body.code === 10001).length;
  expect(checked).toBeLessThanOrEqual(5);
  expect(results.filter((r) => r.status === 429).length).toBe(12 - checked);
});

test('an address that keeps failing across accounts is limited too', async () => {
  const ip = '192.0.2.77';
  for (let i = 0; i < 30; i++) await attempt(`someone${i}@example.com`, 'wrong-pass', ip);
  await createUser(t.db, 'innocent@example.com');
  expect((await attempt('innocent@example.com', PASSWORD, ip)).status).toBe(429);
  expect((await attempt('innocent@example.com', PASSWORD, '192.0.2.78')).body.code).toBe(0);
});

test('concurrent logins with the right password all succeed', async () => {
  await createUser(t.db, 'many-tabs@example.com');
  const results = await Promise.all(
    Array.from({ length: 10 }, () => attempt('many-tabs@example.com', PASSWORD)),
  );
  expect(results.map((r) => r.body.code)).toEqual(Array(10).fill(0));
});

describe('distributed guessing: a ceiling per account that the owner still gets past', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({ LOGIN_MAX_FAILURES_ACCOUNT: '10' });
  });
  afterAll(() => capped.close());

  test('past the ceiling new addresses wait; the owner’s known address and the e-mailed reset still work', async () => {
    await createUser(capped.db, 'famous@example.com');
    // The owner signed in from home last week.
    expect((await attempt('famous@example.com', PASSWORD, OWNER_IP, capped)).body.code).toBe(0);
    for (let i = 1; i <= 10; i++) {
      const guess = await attempt('famous@example.com', 'wrong-guess', `203.0.113.${100 + i}`, capped);
      expect(guess.body.code).toBe(10001);
    }
    expect((await attempt('famous@example.com', PASSWORD, '203.0.113.200', capped)).status).toBe(429);
    expect((await attempt('famous@example.com', PASSWORD, OWNER_IP, capped)).body.code).toBe(0);

    // Travelling, the owner resets the password through the e-mailed link, which forgives the count.
    await call(capped.app, {
      method: 'POST',
      url: '/scaler/account/repwd',
      body: { email: 'famous@example.com' },
    });
    const token = await lastMailToken(capped.db, 'famous@example.com');
    const reset = await call(capped.app, {
      method: 'PUT',
      url: '/scaler/account/reset/pwd',
      body: { password: 'Hotel-lobby-sunrise-42', token },
    });
    expect(reset.body.code).toBe(0);
    expect(
      (await attempt('famous@example.com', 'Hotel-lobby-sunrise-42', '203.0.113.200', capped)).body.code,
    ).toBe(0);
  });
});
