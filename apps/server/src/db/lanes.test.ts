import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { checkDeadline, currentLane, HeavyTimeoutError, inBackground, inHeavyLane } from './lanes';

test('a lane is seen across awaits and timers of its run, and not after the run settles', async () => {
  const seen: string[] = [];
  await inHeavyLane({ at: performance.now() + 60_000 }, async () => {
    seen.push(currentLane().kind);
    await sleep(5);
    seen.push(currentLane().kind);
  });
  seen.push(currentLane().kind);
  expect(seen).toEqual(['heavy', 'heavy', 'interactive']);
});

test('overlapping runs keep their lanes until each settles (the store is switched off only after the last)', async () => {
  const seen: string[] = [];
  const long = inHeavyLane({ at: performance.now() + 60_000 }, async () => {
    await sleep(30);
    seen.push(`long:${currentLane().kind}`);
  });
  const short = inHeavyLane({ at: performance.now() + 60_000 }, async () => {
    await sleep(5);
    seen.push(`short:${currentLane().kind}`);
  });
  await short;
  // The second run starts after the first of the two has settled.
  const later = inHeavyLane({ at: performance.now() + 60_000 }, async () => {
    await sleep(5);
    seen.push(`later:${currentLane().kind}`);
  });
  await Promise.all([long, later]);
  expect(seen.sort()).toEqual(['later:heavy', 'long:heavy', 'short:heavy']);
  expect(currentLane().kind).toBe('interactive');
});

test('background work inside a heavy call leaves the heavy lane; outside any lane it just runs', async () => {
  const inside = await inHeavyLane({ at: performance.now() + 60_000 }, () =>
    inBackground(async () => {
      await sleep(1);
      return currentLane().kind;
    }),
  );
  expect(inside).toBe('background');
  // No scheduler that tells lanes apart exists in this file: background work takes the interactive
  // lane's connections, so it runs as it is.
  expect(await inBackground(async () => currentLane().kind)).toBe('interactive');
});

test('a heavy call past its deadline starts nothing more', async () => {
  const deadline = { at: performance.now() + 60_000 };
  await expect(
    inHeavyLane(deadline, async () => {
      checkDeadline();
      deadline.at = performance.now() - 1;
      await sleep(1);
      checkDeadline();
    }),
  ).rejects.toBeInstanceOf(HeavyTimeoutError);
  expect(() => checkDeadline()).not.toThrow();
});
