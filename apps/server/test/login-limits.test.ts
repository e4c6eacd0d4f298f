import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp, createUser, loginAs, PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip = '203.0.113.1') =>
  t.app
    .inject({
      method: 'POST',
      url: '/scaler/account/login',
      payload: { email, password },
      remoteAddress: ip,
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

test('five failures lock the account for 15 minutes, even for the right password', async () => {
  await createUser(t.db, 'target@example.com');
  for (let i = 0; i < 5; i++)
    expect((await attempt('target@example.com', 'wrong-pass')).body.code).toBe(10001);
  const locked = await attempt('target@example.com', PASSWORD);
  expect(locked.status).toBe(429);
  expect(locked.body).toMatchObject({
    code: 42900,
    msg: 'Too many failed attempts. Please wait 15 minutes and try again.',
  });
  // Another account from another address is unaffected.
  await createUser(t.db, 'other@example.com');
  expect(await loginAs(t.app, 'other@example.com')).toBeTruthy();
});

test('concurrent guesses cannot slip past the account limit', async () => {
  await createUser(t.db, 'raced@example.com');
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      attempt('raced@example.com', `guess-${i}-pass`, `198.51.100.${i + 1}`),
    ),
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

test('a successful login clears earlier failures of the account', async () => {
  await createUser(t.db, 'clumsy@example.com');
  for (let i = 0; i < 4; i++) await attempt('clumsy@example.com', 'wrong-pass', '203.0.113.9');
  expect((await attempt('clumsy@example.com', PASSWORD, '203.0.113.9')).body.code).toBe(0);
  for (let i = 0; i < 4; i++)
    expect((await attempt('clumsy@example.com', 'wrong-pass', '203.0.113.9')).body.code).toBe(10001);
  expect((await attempt('clumsy@example.com', PASSWORD, '203.0.113.9')).body.code).toBe(0);
  const res = await call(t.app, {
    method: 'POST',
    url: '/scaler/account/login',
    body: { email: 'x', password: '' },
  });
  expect(res.status).toBe(400);
});
