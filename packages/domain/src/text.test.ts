import { describe, expect, test } from 'vitest';
import { listEntries, trimChars, trimEndChars } from './text';

/** Milliseconds `fn` takes. */
const timed = (fn: () => unknown) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

describe('linear text helpers', () => {
  test('trimChars strips the given characters at both ends only', () => {
    expect(trimChars(`"'abc"'`, `"'`)).toBe('abc');
    expect(trimChars(`a"b`, `"`)).toBe('a"b');
    expect(trimChars(`""""`, `"`)).toBe('');
    expect(trimChars('abc', '_')).toBe('abc');
    expect(trimEndChars('https://x.test///', '/')).toBe('https://x.test');
    expect(trimEndChars('///', '/')).toBe('');
  });

  test('listEntries splits at any separator, trims, leaves out empty pieces', () => {
    expect(listEntries(' a ,b\n\n c ;d', ',\n')).toEqual(['a', 'b', 'c ;d']);
    expect(listEntries('a，b', ',，')).toEqual(['a', 'b']);
    expect(listEntries(' , \n ', ',\n')).toEqual([]);
    expect(listEntries('', ',')).toEqual([]);
  });

  // A quadratic version takes minutes on these; the 100 ms budget is `linear-parsers.test.ts`'s (best of three).
  test('a 1 MB run between two other characters costs milliseconds, not minutes', () => {
    const quotes = `x${'"'.repeat(1 << 20)}x`;
    expect(timed(() => trimChars(quotes, '"'))).toBeLessThan(1_000);
    expect(timed(() => trimEndChars(`${'/'.repeat(1 << 20)}x`, '/'))).toBeLessThan(1_000);
    expect(timed(() => listEntries(`x${','.repeat(1 << 20)}x`, ','))).toBeLessThan(1_000);
  });
});
