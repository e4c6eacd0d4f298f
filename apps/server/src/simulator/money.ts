/**
 * Money in the simulator: integer micro-units (six decimals), never floats. Prices of the auction are
 * CPMs in micro-units of the exchange's currency (a safe integer: a CPM of a million is 10¹²); sums are
 * bigints, so a day of billing stays exact.
 */

export const MICRO = 1_000_000;

/** A CPM or an amount given as a number (a bid's `price`) in micro-units, rounded to the nearest. */
export const microsOf = (value: number): number => Math.round(value * MICRO);

/** A decimal text (`"9.99"`, at most six decimals) in micro-units; null when it is not one. */
export function parseMicros(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return null;
  return BigInt(m[1]) * BigInt(MICRO) + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/**
 * An integer count of `10^-scale` units as a decimal text with exactly `decimals` decimals (at most
 * `scale`): `formatUnits(3_200_000n, 6, 4)` → `"3.2000"`. Digits beyond `decimals` are cut, so callers pass
 * values already rounded to that many.
 */
export function formatUnits(units: bigint, scale: number, decimals = scale): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(scale, '0').slice(0, decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${frac}` : ''}`;
}

/** Micro-units as a decimal text with six decimals, the statistics store's scale. */
export const formatMicros = (micros: bigint): string => formatUnits(micros, 6);

/**
 * What a thousand impressions' price comes to per impression: the sum of CPM prices (micro-units) divided
 * by 1000, exactly. Six decimals when it is a whole number of micro-units (prices of at most three
 * decimals), else nine.
 */
export function perImpression(cpmMicros: bigint): string {
  return cpmMicros % 1000n === 0n ? formatMicros(cpmMicros / 1000n) : formatUnits(cpmMicros, 9);
}
