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

test('cheap calls kept waiting by heavy statements shrink the heavy share; heavy units then wait their turn', async () => {
  const lock = new PriorityLock({
    cheapWaitMs: 5,
    cheapWaitShare: 0.01,
    minHeavyShare: 0.1,
    maxHeavyWaitMs: 10_000,
  });
  const spans: { lane: string; start: number; end: number; waited: number }[] = [];
  const timed = (lane: string, ms: number) => {
    const asked = performance.now();
    return async () => {
      const start = performance.now();
      await sleep(ms);
      spans.push({ lane, start, end: performance.now(), waited: start - asked });
    };
  };
  let stop = false;
  // A cheap call every few milliseconds, as console users clicking about.
  const cheap = (async () => {
    while (!stop) {
      await lock.run(timed('cheap', 1));
      await sleep(3);
    }
  })();
  const reports = (async () => {
    for (let i = 0; i < 12; i++) await inHeavyLane(far(), () => lock.run(timed('heavy', 30)));
  })();
  await reports;
  stop = true;
  await cheap;
  expect(lock.heavyShare()).toBeLessThan(0.5);
  // Once the share has shrunk, each heavy unit waits longer than it runs, while cheap calls go on.
  const heavy = spans.filter((s) => s.lane === 'heavy').slice(-6);
  for (let i = 1; i < heavy.length; i++) {
    expect(heavy[i].start - heavy[i - 1].end).toBeGreaterThan(heavy[i - 1].end - heavy[i - 1].start);
  }
  const cheapSpans = spans.filter((s) => s.lane === 'cheap');
  expect(cheapSpans.filter((s) => s.start > heavy[0].end).length).toBeGreaterThan(20);
});

test('the share grows back while cheap calls wait no longer than allowed', async () => {
  const lock = new PriorityLock({ cheapWaitMs: 5, cheapWaitShare: 0.01 });
  // Hurt cheap units: each waits behind a heavy unit of 20 ms.
  for (let i = 0; i < 10; i++) {
    const heavy = inHeavyLane(far(), () => lock.run(() => sleep(20)));
    await sleep(1);
    await lock.run(async () => {});
    await heavy;
  }
  const low = lock.heavyShare();
  expect(low).toBeLessThan(1);
  for (let i = 0; i < 1000; i++) await lock.run(async () => {});
  expect(lock.heavyShare()).toBeGreaterThan(low);
});

test('without cheap calls about, heavy statements follow each other at once', async () => {
  const lock = new PriorityLock({ interactiveWindowMs: 1000 });
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
