import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fastifyTrustProxy, loadConfig, parseTrustProxy } from '../src/config';
import { sessions, users } from '../src/db/schema';
import { createTestApp, createUser, PASSWORD, type TestApp } from './harness';

test('TRUST_PROXY: off, one hop for true/1, a hop count, or proxy addresses and CIDR ranges', () => {
  for (const off of [undefined, '', '0', 'false', 'off', 'no']) expect(parseTrustProxy(off)).toBe(false);
  for (const one of ['1', 'true', 'TRUE', 'on', 'yes']) expect(parseTrustProxy(one)).toBe(1);
  expect(parseTrustProxy('2')).toBe(2);
  expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12,::1, fd00::/8')).toEqual([
    '10.0.0.1',
    '172.16.0.0/12',
    '::1',
    'fd00::/8',
  ]);
  for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1,nope'])
    expect(() => parseTrustProxy(bad)).toThrow();
  expect(loadConfig({}).trustProxy).toBe(false);
});

test('the trust function of a list answers per address, the same when asked again', () => {
  expect(fastifyTrustProxy(false)).toBe(false);
  const hops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
  expect([hops('1.2.3.4', 0), hops('1.2.3.4', 1), hops('1.2.3.4', 2)]).toEqual([true, true, false]);
  const trust = fastifyTrustProxy(['10.0.0.1', '172.16.0.0/12', '::1']) as (a: string, h: number) => boolean;
  const cases: [string, boolean][] = [
    ['10.0.0.1', true],
    ['10.0.0.2', false],
    ['172.20.1.9', true],
    ['172.32.0.1', false],
    ['::1', true],
    ['::ffff:10.0.0.1', true],
    ['not an address', false],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [address, trusted] of cases)
      expect([address, trust(address, round)]).toEqual([address, trusted]);
  }
});

/** A sign-in attempt that reaches the server from `peer` (the socket) and claims `forwardedFor`. */
const attempt = (t: TestApp, peer: string, forwardedFor: string | null, email: string, password: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/scaler/account/login',
      payload: { email, password },
      remoteAddress: peer,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((r) => ({ status: r.statusCode, code: r.json().code as number }));

/** The address the server recorded for the user's newest session (what `request.ip` was). */
async function lastSessionIp(t: TestApp, email: string) {
  const [row] = await t.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(desc(sessions.id))
    .limit(1);
  return row?.ip;
}

describe('behind a listed proxy (TRUST_PROXY=10.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => t.close());

  test('a client that spoofs X-Forwarded-For does not escape the login limit', async () => {
    // Thirty guesses at as many accounts, each claiming another address: all of them come from
    // 203.0.113.66, which the per-address limit then holds back, whatever the header says.
    for (let i = 1; i <= 30; i++) {
      const res = await attempt(
        t,
        '203.0.113.66',
        `198.51.100.${i}`,
        `someone-${i}@example.com`,
        'wrong-guess',
      );
      expect(res.code).toBe(10001);
    }
    await createUser(t.db, 'spoofed@example.com');
    const held = await attempt(t, '203.0.113.66', '198.51.100.99', 'spoofed@example.com', PASSWORD);
    expect(held.status).toBe(429);
    expect((await attempt(t, '203.0.113.67', null, 'spoofed@example.com', PASSWORD)).code).toBe(0);
  });

  test('the proxy’s X-Forwarded-For names the client', async () => {
    await createUser(t.db, 'proxied@example.com');
    for (let i = 1; i <= 5; i++) {
      await attempt(t, '10.0.0.1', '198.51.100.7', 'proxied@example.com', 'wrong-guess');
    }
    expect((await attempt(t, '10.0.0.1', '198.51.100.7', 'proxied@example.com', PASSWORD)).status).toBe(429);
    // Another client behind the same proxy is someone else.
    expect((await attempt(t, '10.0.0.1', '198.51.100.8', 'proxied@example.com', PASSWORD)).code).toBe(0);
    expect(await lastSessionIp(t, 'proxied@example.com')).toBe('198.51.100.8');
    // A spoofed entry before the proxy's own is not believed past an untrusted hop.
    expect(
      (await attempt(t, '10.0.0.1', '1.2.3.4, 198.51.100.9', 'proxied@example.com', PASSWORD)).code,
    ).toBe(0);
    expect(await lastSessionIp(t, 'proxied@example.com')).toBe('198.51.100.9');
  });
});

test('without TRUST_PROXY the socket’s address counts and X-Forwarded-For is ignored', async () => {
  const t = await createTestApp();
  try {
    await createUser(t.db, 'direct@example.com');
    expect((await attempt(t, '203.0.113.5', '198.51.100.1', 'direct@example.com', PASSWORD)).code).toBe(0);
    expect(await lastSessionIp(t, 'direct@example.com')).toBe('203.0.113.5');
  } finally {
    await t.close();
  }
});

test('TRUST_PROXY=1 trusts one hop: the address the proxy appended', async () => {
  const t = await createTestApp({ TRUST_PROXY: 'true' });
  try {
    await createUser(t.db, 'hop@example.com');
    expect((await attempt(t, '10.9.9.9', '1.2.3.4, 198.51.100.20', 'hop@example.com', PASSWORD)).code).toBe(
      0,
    );
    expect(await lastSessionIp(t, 'hop@example.com')).toBe('198.51.100.20');
  } finally {
    await t.close();
  }
});
