import { expect, test } from 'vitest';
import { nextInTurn } from './build';

/** Drains `waiting` the way the builder does, returning the audiences in the order they are built. */
function drain(jobs: [number, number][]): number[] {
  const waiting = new Map(jobs.map(([audience, advId]) => [audience, { advId }]));
  const served = new Map<number, number>();
  const order: number[] = [];
  for (let turn = 1, next = nextInTurn(waiting, served); next; next = nextInTurn(waiting, served), turn++) {
    order.push(next[0]);
    waiting.delete(next[0]);
    served.set(next[1].advId, turn);
  }
  return order;
}

test('accounts take turns: one account’s many audiences do not hold another’s back', () => {
  // Account 1 asked for five builds before accounts 2 and 3 asked for one each.
  expect(
    drain([
      [11, 1],
      [12, 1],
      [13, 1],
      [14, 1],
      [15, 1],
      [21, 2],
      [31, 3],
    ]),
  ).toEqual([11, 21, 31, 12, 13, 14, 15]);
});

test('within an account, in the order asked for', () => {
  expect(
    drain([
      [3, 7],
      [1, 7],
      [2, 7],
    ]),
  ).toEqual([3, 1, 2]);
  expect(drain([])).toEqual([]);
});
