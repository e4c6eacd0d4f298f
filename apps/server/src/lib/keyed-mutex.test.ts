import { expect, test } from 'vitest';
import { createKeyedMutex } from './keyed-mutex';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('same key runs one at a time, in order; other keys run alongside; failures do not block', async () => {
  const withLock = createKeyedMutex();
  const events: string[] = [];
  const job = (key: string, name: string, ms: number, fail = false) =>
    withLock(key, async () => {
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([job('a', 'a1', 30, true), job('a', 'a2', 5), job('b', 'b1', 10)]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  expect(events.indexOf('end a1')).toBeLessThan(events.indexOf('start a2'));
  expect(events.indexOf('start b1')).toBeLessThan(events.indexOf('end a1'));
});
