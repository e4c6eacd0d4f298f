/** Money in memory as integer micro-units (six decimals, the store's scale), so sums stay exact. */

const MICRO = 1_000_000n;

/** A decimal string (exact) or a number (rounded to six decimals) as micro-units. */
export function micros(v: string | number | undefined): bigint {
  if (v === undefined) return 0n;
  const s = typeof v === 'number' ? v.toFixed(6) : v;
  const negative = s.startsWith('-');
  const [whole, frac = ''] = (negative ? s.slice(1) : s).split('.');
  const value = BigInt(whole || '0') * MICRO + BigInt(`${frac}000000`.slice(0, 6));
  return negative ? -value : value;
}

/** Micro-units as a decimal string with six decimals. */
export function decimal(v: bigint): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const s = `${abs / MICRO}.${(abs % MICRO).toString().padStart(6, '0')}`;
  return negative ? `-${s}` : s;
}
