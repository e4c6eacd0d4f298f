import { describe, expect, test } from 'vitest';
import { formatMicros, formatUnits, parseMicros, perImpression } from './money';

describe('money in micro-units', () => {
  test('decimal text in and out, exactly', () => {
    expect(parseMicros('9.99')).toBe(9_990_000n);
    expect(parseMicros('0.000001')).toBe(1n);
    expect(parseMicros('12')).toBe(12_000_000n);
    expect(parseMicros('1.2345678')).toBeNull();
    expect(parseMicros('-1')).toBeNull();
    expect(formatMicros(12_345_678n)).toBe('12.345678');
    expect(formatUnits(3_200_000n, 6, 4)).toBe('3.2000');
    expect(formatUnits(-5n, 6)).toBe('-0.000005');
  });

  test('billed CPM prices per impression: six decimals when whole micro-units, else nine', () => {
    // 3.21 + 0.5 CPM → 0.00371 per impression.
    expect(perImpression(3_210_000n + 500_000n)).toBe('0.003710');
    // 3.2345 CPM → 0.0032345: below a micro-unit, kept exactly.
    expect(perImpression(3_234_500n)).toBe('0.003234500');
    // A million impressions at 0.1 CPM.
    expect(perImpression(100_000n * 1_000_000n)).toBe('100.000000');
  });
});
