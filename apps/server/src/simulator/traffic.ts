/**
 * When traffic comes: a day/night curve by the local hour of the user's country, and a token bucket that
 * turns a rate into requests.
 *
 * The curve is the share of a mobile audience's day in each local hour (low at 3–5 am, highest at 8–9 pm),
 * scaled to a mean of 1, so `qps` is the rate at the curve's mean. Each country follows it in its own
 * standard time (no daylight saving); the rate at a moment is `qps` × the countries' curve values
 * weighted by their traffic shares, and a request's country is drawn with the same weights, so at 4 am in
 * Europe the traffic comes mostly from the Americas and Asia.
 */

const SHAPE = [
  0.55, 0.4, 0.3, 0.25, 0.25, 0.3, 0.45, 0.7, 0.9, 1.0, 1.05, 1.1, 1.15, 1.1, 1.1, 1.15, 1.2, 1.3, 1.45, 1.6,
  1.7, 1.65, 1.35, 0.9,
];
const MEAN = SHAPE.reduce((a, b) => a + b, 0) / SHAPE.length;

/** The curve at a local hour (0–23.99, fractions interpolated), mean 1 over the day. */
export function curve(hour: number): number {
  const h = ((hour % 24) + 24) % 24;
  const i = Math.floor(h);
  const f = h - i;
  return (SHAPE[i] * (1 - f) + SHAPE[(i + 1) % 24] * f) / MEAN;
}

/** The local hour (with fractions) at `nowMs` in a zone `utcOffset` hours from UTC. */
export const localHour = (nowMs: number, utcOffset: number): number =>
  (((nowMs / 3_600_000 + utcOffset) % 24) + 24) % 24;

/**
 * The traffic of each country at `nowMs` (share × curve of its local hour) and their sum: the factor of
 * `qps` at that moment (1 on average over a day).
 */
export function countryTraffic(
  countries: readonly { weight: number; utcOffset: number }[],
  nowMs: number,
): { weights: number[]; factor: number } {
  const total = countries.reduce((sum, c) => sum + c.weight, 0);
  const weights = countries.map((c) => (c.weight / total) * curve(localHour(nowMs, c.utcOffset)));
  return { weights, factor: weights.reduce((a, b) => a + b, 0) };
}

/**
 * A token bucket: `rate` tokens a second, at most `burst` kept. `take` answers how many requests are due
 * at `nowMs` (monotonic milliseconds) and spends them.
 */
export class TokenBucket {
  private tokens = 0;
  private last: number | null = null;

  take(nowMs: number, rate: number, burst = Math.max(1, rate / 10)): number {
    if (this.last !== null) this.tokens = Math.min(burst, this.tokens + ((nowMs - this.last) / 1000) * rate);
    this.last = nowMs;
    const due = Math.floor(this.tokens);
    this.tokens -= due;
    return due;
  }
}
