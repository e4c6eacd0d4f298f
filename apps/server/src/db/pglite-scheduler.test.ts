import { PGlite } from '@electric-sql/pglite';
import { expect, test } from 'vitest';
import { HeavyTimeoutError, inHeavyLane } from './lanes';
import { inBackground, PriorityLock, scheduledPGlite } from './pglite-scheduler';

/** A unit of work that records when it ran and takes one event-loop turn. */
const unit = (log: string[], name: string) => async () => {
  log.push(`${name}:start`);
  await new Promise((resolve) => setImmediate(resolve));
  log.push(`${name}:end`);
};

test('interactive work waiting behind a background unit goes before the next background unit', async () => {
  const lock = new PriorityLock();
  const log: string[] = [];
  const first = inBackground(() => lock.run(unit(log, 'batch1')));
  const second = inBackground(() => lock.run(unit(log, 'batch2')));
  const query = lock.run(unit(log, 'query'));
  await Promise.all([first, second, query]);
  expect(log).toEqual([
    'batch1:start',
    'batch1:end',
    'query:start',
    'query:end',
    'batch2:start',
    'batch2:end',
  ]);
});

test('a request’s next query goes before a waiting batch, even though it is issued after the first ends', async () => {
  const lock = new PriorityLock();
  const log: string[] = [];
  const request = (async () => {
    await lock.run(unit(log, 'q1'));
    // Issued as soon as the first resolves, as a service's next await does.
    await lock.run(unit(log, 'q2'));
  })();
  const batch = inBackground(() => lock.run(unit(log, 'batch')));
  await Promise.all([request, batch]);
  expect(log).toEqual(['q1:start', 'q1:end', 'q2:start', 'q2:end', 'batch:start', 'batch:end']);
});

test('a batch that waited its longest goes next even while interactive work keeps coming', async () => {
  const lock = new PriorityLock({ maxBackgroundWaitMs: 5 });
  const log: string[] = [];
  let stop = false;
  const busyConsole = (async () => {
    while (!stop) await lock.run(unit(log, 'q'));
  })();
  await new Promise((resolve) => setImmediate(resolve));
  await inBackground(() => lock.run(unit(log, 'batch')));
  stop = true;
  await busyConsole;
  expect(log).toContain('batch:end');
});

test('the scheduled client runs queries and transactions of both lanes on one PGlite', async () => {
  const client = scheduledPGlite(await PGlite.create());
  await client.exec('create table t (n int)');
  await Promise.all([
    inBackground(() =>
      client.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        await tx.query('insert into t values (2)');
      }),
    ),
    client.query('insert into t values (3)'),
  ]);
  expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n).toBe(3);
  await client.close();
}, 30_000);

const far = () => ({ at: performance.now() + 60_000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('heavy work goes after waiting interactive and background work', async () => {
  const lock = new PriorityLock();
  const log: string[] = [];
  const first = lock.run(unit(log, 'q1'));
  const heavy = inHeavyLane(far(), () => lock.run(unit(log, 'report')));
  const batch = inBackground(() => lock.run(unit(log, 'batch')));
  const q2 = lock.run(unit(log, 'q2'));
  await Promise.all([first, heavy, batch, q2]);
  expect(log.filter((l) => l.endsWith(':start'))).toEqual([
    'q1:start',
    'q2:start',
    'batch:start',
    'report:start',
  ]);
});

test('while cheap calls are about, heavy statements take at most their share of the connection', async () => {
  const lock = new PriorityLock({ heavyShare: 0.25, maxHeavyWaitMs: 10_000 });
  const spans: { lane: string; start: number; end: number }[] = [];
  const timed = (lane: string, ms: number) => async () => {
    const start = performance.now();
    await sleep(ms);
    spans.push({ lane, start, end: performance.now() });
  };
  let stop = false;
  // A cheap call every 5 ms, as a console user clicking about (each runs 1 ms).
  const cheap = (async () => {
    while (!stop) {
      await lock.run(timed('cheap', 1));
      await sleep(5);
    }
  })();
  const reports = (async () => {
    for (let i = 0; i < 4; i++) await inHeavyLane(far(), () => lock.run(timed('heavy', 40)));
  })();
  await reports;
  stop = true;
  await cheap;
  const heavy = spans.filter((s) => s.lane === 'heavy');
  // After each heavy statement of ~40 ms the next waits ~120 ms (share 0.25): at least 3 × 120 ms in all.
  expect(heavy.at(-1)!.start - heavy[0].end).toBeGreaterThanOrEqual(3 * 40 + 3 * 115);
  // Cheap calls ran in the gaps: the heavy share of the busy time is close to a quarter, not all of it.
  const busyHeavy = heavy.reduce((n, s) => n + s.end - s.start, 0);
  expect(busyHeavy / (heavy.at(-1)!.end - heavy[0].start)).toBeLessThan(0.4);
});

test('without cheap calls about, heavy statements follow each other at once', async () => {
  const lock = new PriorityLock({ heavyShare: 0.1, interactiveWindowMs: 1000 });
  const started = performance.now();
  for (let i = 0; i < 3; i++) await inHeavyLane(far(), () => lock.run(() => sleep(20)));
  expect(performance.now() - started).toBeLessThan(200);
});

test('a heavy call past its deadline starts no further statement', async () => {
  const lock = new PriorityLock();
  const ran: string[] = [];
  const deadline = { at: performance.now() + 30 };
  const call = inHeavyLane(deadline, async () => {
    await lock.run(async () => {
      ran.push('first');
      await sleep(50);
    });
    await lock.run(async () => {
      ran.push('second');
    });
  });
  await expect(call).rejects.toBeInstanceOf(HeavyTimeoutError);
  expect(ran).toEqual(['first']);
  // The connection is free again for others.
  await lock.run(async () => ran.push('next'));
  expect(ran).toEqual(['first', 'next']);
});
