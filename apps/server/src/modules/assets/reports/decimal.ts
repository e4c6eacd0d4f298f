/** Exact sums of decimal strings (money and event values never pass through a float). */
const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);

function toScaled(value: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const fraction = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const scaled = BigInt(m[2]) * FACTOR + BigInt(fraction);
  return m[1] ? -scaled : scaled;
}

function fromScaled(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / FACTOR;
  const fraction = (abs % FACTOR).toString().padStart(SCALE, '0').slice(0, decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** The sum of decimal strings, written with four decimals. */
export function sumDecimals(values: readonly string[], decimals = 4): string {
  return fromScaled(
    values.reduce((sum, v) => sum + toScaled(v), 0n),
    decimals,
  );
}
