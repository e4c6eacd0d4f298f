import type { FastifyBaseLogger } from 'fastify';
import { expect, test } from 'vitest';
import type { Db } from '../../db/client';
import { batchSize, type IngestItem, IngestWriter, WriterBusy } from './writer';

const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const eventItem = (n: number): IngestItem => ({
  kind: 'event',
  row: {
    dedupKey: `k${n}`,
    source: 'pixel',
    advId: 1,
    eventId: 'page_view',
    eventName: 'PageView',
    eventTime: new Date(),
    requestTime: new Date(),
    receivedAt: new Date(),
    attributed: false,
    userKey: 'u',
  },
  log: { advId: 1, receivedAt: new Date(), source: 'pixel', accepted: true, event: 'PageView' },
});

test('a full queue refuses new events at once instead of growing without bound', async () => {
  // A database that never finishes a transaction: everything submitted stays waiting.
  const stuck = { transaction: () => new Promise(() => {}) } as unknown as Db;
  const writer = new IngestWriter(stuck, log, { maxQueue: 3, parallel: 1 });
  void writer.submit([eventItem(1)]);
  await new Promise((resolve) => setImmediate(resolve));
  // A transaction is opening (it takes what waits once it has begun); three items fit, a fourth does not.
  void writer.submit([eventItem(2), eventItem(3)]);
  await expect(writer.submit([eventItem(4)])).rejects.toBeInstanceOf(WriterBusy);
});

test('what arrives while a transaction begins goes in it, not in the next one', async () => {
  let begin = () => {};
  const begun = new Promise<void>((resolve) => {
    begin = resolve;
  });
  // A transaction whose `begin` is answered when the test says; its statements store nothing.
  const tx = { execute: async () => ({ rows: [] }) };
  let transactions = 0;
  const db = {
    transaction: async (fn: (t: typeof tx) => Promise<unknown>) => {
      transactions++;
      await begun;
      return fn(tx);
    },
  } as unknown as Db;
  const writer = new IngestWriter(db, log, { parallel: 1 });
  const first = writer.submit([eventItem(1)]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(transactions).toBe(1);
  const more = writer.submit([eventItem(2), eventItem(3)]);
  begin();
  expect(await Promise.all([first, more])).toEqual([['duplicate'], ['duplicate', 'duplicate']]);
  await writer.drain();
  expect(transactions).toBe(1);
});

test('on PGlite a batch is bounded by time: what the recent cost per item fits in the target', () => {
  const bounds = { max: 1000, min: 50, targetMs: 25 };
  expect(batchSize({ ...bounds, targetMs: null, msPerItem: 0.1 })).toBe(1000);
  expect(batchSize({ ...bounds, msPerItem: null })).toBe(50);
  expect(batchSize({ ...bounds, msPerItem: 0.1 })).toBe(250);
  expect(batchSize({ ...bounds, msPerItem: 0.001 })).toBe(1000);
  expect(batchSize({ ...bounds, msPerItem: 5 })).toBe(50);
});
