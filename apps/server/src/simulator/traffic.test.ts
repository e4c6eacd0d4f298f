import { describe, expect, test } from 'vitest';
import { COUNTRIES } from './supply';
import { countryTraffic, curve, localHour, TokenBucket } from './traffic';

describe('the day/night curve', () => {
  test('averages 1 over a day; nights are quiet, evenings busy', () => {
    const mean =
      Array.from({ length: 24 * 60 }, (_, m) => curve(m / 60)).reduce((a, b) => a + b, 0) / (24 * 60);
    expect(mean).toBeCloseTo(1, 6);
    expect(curve(4)).toBeLessThan(0.3);
    expect(curve(20)).toBeGreaterThan(1.5);
    expect(curve(24 + 20)).toBe(curve(20));
  });

  test('each country in its own hours: at 09:00 UTC Tokyo is in its evening, New York asleep', () => {
    const at = Date.parse('2026-03-10T09:00:00Z');
    expect(localHour(at, 9)).toBe(18);
    expect(localHour(at, -5)).toBe(4);
    const { weights } = countryTraffic(COUNTRIES, at);
    const share = (code: string) => weights[COUNTRIES.findIndex((c) => c.code === code)];
    // The US brings 20 % of the day's traffic but less than Japan (7 %) at this hour.
    expect(share('US')).toBeLessThan(share('JP'));
  });

  test('the rate factor averages 1 over a day', () => {
    const day = Date.parse('2026-03-10T00:00:00Z');
    const factors = Array.from(
      { length: 24 * 12 },
      (_, i) => countryTraffic(COUNTRIES, day + i * 300_000).factor,
    );
    expect(factors.reduce((a, b) => a + b, 0) / factors.length).toBeCloseTo(1, 2);
    expect(Math.min(...factors)).toBeGreaterThan(0.5);
    expect(Math.max(...factors)).toBeLessThan(1.5);
  });
});

describe('the token bucket', () => {
  test('gives `rate` requests a second however the ticks fall, and keeps at most `burst`', () => {
    const bucket = new TokenBucket();
    let sent = 0;
    let t = 0;
    for (let i = 0; i < 1000; i++) {
      t += i % 3 === 0 ? 7 : 13;
      sent += bucket.take(t, 50);
    }
    expect(Math.abs(sent - (t / 1000) * 50)).toBeLessThanOrEqual(1);
    // A long pause does not bring a flood.
    expect(bucket.take(t + 60_000, 50)).toBe(5);
  });
});
