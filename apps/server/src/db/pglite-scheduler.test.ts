import { PGlite } from '@electric-sql/pglite';
import { expect, test } from 'vitest';
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
