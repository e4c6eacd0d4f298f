import { randomUUID } from 'node:crypto';
import { parseDeviceIds } from '@scaler/domain';
import { expect, test } from 'vitest';
import { parseDeviceIdsInSteps } from './parse';

test('a 200,000-id list parses in steps as in one piece, and the event loop turns between them', async () => {
  const ids = Array.from({ length: 200_000 }, () => randomUUID());
  // Repeats far apart (in different steps) and a line that is no id.
  const text = [...ids, ids[0].toLowerCase(), 'idfa', ids[199_999]].join('\n');
  let turns = 0;
  let stop = false;
  const counter = (async () => {
    while (!stop) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
  })();
  const stepped = await parseDeviceIdsInSteps(text);
  stop = true;
  await counter;
  expect(stepped).toEqual(parseDeviceIds(text));
  expect(stepped).toMatchObject({ duplicates: 2, invalid: 1 });
  expect(stepped.valid).toHaveLength(200_000);
  // About 7.4 MB in steps of 256 KB: other work ran between the steps.
  expect(turns).toBeGreaterThanOrEqual(25);
});
