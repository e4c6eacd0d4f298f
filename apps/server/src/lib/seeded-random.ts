/**
 * mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed, the same sequence on
 * every run (the demo workspace, the stats generator, tests with random cases that must fail alike).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
