import { seededRandom } from '../lib/seeded-random';

/**
 * Draws of the simulation, all from one seeded generator (`lib/seeded-random.ts`), so a seed replays the
 * same traffic. A chain of one auction (its competitors, the render, the user's click, install and
 * events) draws from a generator of its own, seeded from the main one, so chains running side by side
 * over the network do not change each other's draws.
 */

export type Rng = () => number;

export const rngOf = (seed: number): Rng => seededRandom(seed);

/** A fresh generator seeded from `rng` (one draw). */
export const childOf = (rng: Rng): Rng => seededRandom(Math.floor(rng() * 4294967296));

/** A standard normal draw (Box–Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** A lognormal draw with the given median and spread (sigma of the log). */
export const lognormal = (rng: Rng, median: number, sigma: number): number =>
  median * Math.exp(sigma * normal(rng));

/** A Poisson draw (Knuth; small means only). */
export function poisson(rng: Rng, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng();
  while (p > limit) {
    k++;
    p *= rng();
  }
  return k;
}

export const between = (rng: Rng, min: number, max: number): number => min + (max - min) * rng();

export const chance = (rng: Rng, p: number): boolean => rng() < p;

/** Cumulative weights of a list, for `pickWeighted`. */
export function cumulative<T>(items: readonly T[], weight: (item: T) => number): number[] {
  let sum = 0;
  return items.map((item) => {
    sum += Math.max(0, weight(item));
    return sum;
  });
}

/** One item drawn by weight, from its cumulative weights (binary search). */
export function pickWeighted<T>(rng: Rng, items: readonly T[], cum: readonly number[]): T {
  const x = rng() * cum[cum.length - 1];
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return items[lo];
}

/** `bytes` random bytes as hex. */
export function hex(rng: Rng, bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++)
    out += Math.floor(rng() * 256)
      .toString(16)
      .padStart(2, '0');
  return out;
}

/** A version-4 UUID made of draws. */
export function uuid(rng: Rng): string {
  const h = hex(rng, 16);
  const variant = ((Number.parseInt(h[16], 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
