import { expect, test } from 'vitest';
import { AppError } from './errors';
import { HeavyGate, type HeavyLimits, rangeDays } from './heavy-calls';

const limits = (over: Partial<HeavyLimits> = {}): HeavyLimits => ({
  perUser: 2,
  perCenter: 3,
  total: 4,
  queuePerUser: 2,
  maxWaitMs: 5_000,
  timeoutMs: 30_000,
  ...over,
});

const settled = () => new Promise((resolve) => setImmediate(resolve));

test('a user runs at most perUser calls; the next waits and runs when one ends', async () => {
  const gate = new HeavyGate(limits());
  const a = await gate.acquire('u1', 'c1');
  await gate.acquire('u1', 'c1');
  let third = false;
  const waiting = gate.acquire('u1', 'c1').then((release) => {
    third = true;
    return release;
  });
  await settled();
  expect(third).toBe(false);
  expect(gate.stats()).toEqual({ running: 2, waiting: 1 });
  a();
  await waiting;
  expect(third).toBe(true);
  expect(gate.stats()).toEqual({ running: 2, waiting: 0 });
});

test("one user's queue does not hold back another user: a free slot goes to the first waiter that fits", async () => {
  const gate = new HeavyGate(limits({ perUser: 1, total: 2, perCenter: 2 }));
  const mine = await gate.acquire('u1', 'c1');
  const order: string[] = [];
  const u1b = gate.acquire('u1', 'c1').then(() => order.push('u1'));
  // u2 fits at once although u1 has a call waiting.
  const u2 = await gate.acquire('u2', 'c1');
  order.push('u2');
  expect(order).toEqual(['u2']);
  u2();
  mine();
  await u1b;
  expect(order).toEqual(['u2', 'u1']);
});

test('the center limit holds across its users; another center is not held back', async () => {
  const gate = new HeavyGate(limits({ perUser: 5, perCenter: 2, total: 10 }));
  await gate.acquire('u1', 'c1');
  await gate.acquire('u2', 'c1');
  let third = false;
  void gate.acquire('u3', 'c1').then(() => {
    third = true;
  });
  await gate.acquire('u4', 'c2');
  await settled();
  expect(third).toBe(false);
});

test('past queuePerUser waiting calls a call is refused at once with HEAVY_BUSY (429)', async () => {
  const gate = new HeavyGate(limits({ perUser: 1, queuePerUser: 2 }));
  await gate.acquire('u1', 'c1');
  void gate.acquire('u1', 'c1');
  void gate.acquire('u1', 'c1');
  const refused = await gate.acquire('u1', 'c1').catch((err: AppError) => err);
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).code).toBe('HEAVY_BUSY');
  expect((refused as AppError).status).toBe(429);
});

test('a call that waited maxWaitMs is refused; a withdrawn call leaves the queue', async () => {
  const gate = new HeavyGate(limits({ perUser: 1, maxWaitMs: 30 }));
  await gate.acquire('u1', 'c1');
  await expect(gate.acquire('u1', 'c1')).rejects.toMatchObject({ code: 'HEAVY_BUSY' });
  const full = new HeavyGate(limits({ total: 1 }));
  const held = await full.acquire('x', 'y');
  const left = new AbortController();
  const queued = full.acquire('u2', 'c9', left.signal).catch((err: AppError) => err.code);
  expect(full.stats().waiting).toBe(1);
  left.abort();
  expect(await queued).toBe('HEAVY_BUSY');
  expect(full.stats().waiting).toBe(0);
  held();
  expect(full.stats().running).toBe(0);
});

test('a release is counted once however often it is called', async () => {
  const gate = new HeavyGate(limits({ perUser: 1 }));
  const release = await gate.acquire('u1', 'c1');
  release();
  release();
  expect(gate.stats().running).toBe(0);
  await gate.acquire('u1', 'c1');
  await gate.acquire('u2', 'c1');
  expect(gate.stats().running).toBe(2);
});

test('rangeDays counts both ends', () => {
  expect(rangeDays({ start_date: '2026-01-01', end_date: '2026-01-31' })).toBe(31);
  expect(rangeDays({ start_date: '2026-01-01', end_date: '2026-01-01' })).toBe(1);
  expect(rangeDays({})).toBe(0);
});
