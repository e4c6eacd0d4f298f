import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, test } from 'vitest';
import { WorkerPool, WorkerPoolError } from './worker-pool';

/**
 * A worker that echoes its message, except `'spin'` (a loop that never yields), `'hoard'` (allocates
 * until its heap cap ends it) and `'throw'`.
 */
const SCRIPT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m === 'spin') for (;;) {}
  if (m === 'hoard') { const a = []; for (;;) a.push({ x: new Array(1000).fill(1) }); }
  if (m === 'throw') throw new Error('boom');
  parentPort.postMessage(m);
});
parentPort.postMessage('ready');
`;
const start = () =>
  new Worker(SCRIPT, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });

let pool: WorkerPool<string, string>;
afterEach(() => pool.close());

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: unknown) => (err instanceof WorkerPoolError ? err.reason : String(err)),
  );

describe('worker pool', () => {
  test('answers jobs, and a job that never yields is ended at its deadline; the next job gets a new worker', async () => {
    pool = new WorkerPool({ start, size: 1, queue: 4, timeoutMs: 300 });
    expect(await pool.run('a')).toBe('a');
    const began = performance.now();
    expect(await reason(pool.run('spin'))).toBe('timeout');
    const took = performance.now() - began;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1000);
    expect(await pool.run('b')).toBe('b');
  });

  test('the event loop stays free while a worker spins', async () => {
    pool = new WorkerPool({ start, size: 1, queue: 4, timeoutMs: 500 });
    await pool.run('warm');
    const spinning = reason(pool.run('spin'));
    const ticks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 20));
      ticks.push(performance.now() - t);
    }
    expect(Math.max(...ticks)).toBeLessThan(100);
    expect(await spinning).toBe('timeout');
  });

  test('a worker that exhausts its heap or throws fails its job only', async () => {
    pool = new WorkerPool({ start, size: 1, queue: 4, timeoutMs: 10_000 });
    expect(await reason(pool.run('hoard'))).toBe('failed');
    expect(await reason(pool.run('throw'))).toBe('failed');
    expect(await pool.run('c')).toBe('c');
  });

  test('at most size jobs run; a bounded queue; one more is refused at once', async () => {
    pool = new WorkerPool({ start, size: 1, queue: 2, timeoutMs: 400 });
    await pool.run('warm');
    const jobs = [pool.run('spin'), pool.run('x'), pool.run('y')];
    expect(pool.load).toEqual({ running: 1, waiting: 2 });
    expect(await reason(pool.run('z'))).toBe('busy');
    expect(await Promise.all(jobs.map(reason))).toEqual(['timeout', 'answered', 'answered']);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  test('closing refuses what waits', async () => {
    pool = new WorkerPool({ start, size: 1, queue: 2, timeoutMs: 400 });
    await pool.run('warm');
    const running = reason(pool.run('spin'));
    const waiting = reason(pool.run('x'));
    await pool.close();
    expect(await waiting).toBe('failed');
    expect(await running).toBe('failed');
    expect(await reason(pool.run('y'))).toBe('failed');
  });
});
