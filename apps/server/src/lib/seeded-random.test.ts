import { describe, expect, test } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  test('the same seed gives the same sequence, in [0, 1); another seed another one', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
    const c = seededRandom(43);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs.slice(0, 5));
  });
});
