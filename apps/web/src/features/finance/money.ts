import { amountProblem, CURRENCY_DECIMALS, type Currency } from '@scaler/domain';

/**
 * Money as the API sends it: decimal strings with the currency's decimals ("1250.50"). The console shows
 * them as they are, with digit grouping and the currency code, and never turns them into floats: a sum
 * is added in integers of a millionth (the ledger's own unit).
 */

/** "1234567.5" → "1,234,567.5"; the sign and the decimals are kept as given. */
export function groupDigits(amount: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole, frac = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`;
}

/** An amount with its currency code: "1,250.50 USD". */
export const moneyText = (amount: string, currency: string) => `${groupDigits(amount)} ${currency}`;

export const isNegative = (amount: string) => /^-/.test(amount) && /[1-9]/.test(amount);

/** The decimals a currency's amounts have (ISO 4217 minor units); two for a code the domain lacks. */
export const decimalsOf = (currency: string): number => CURRENCY_DECIMALS[currency as Currency] ?? 2;

const MICROS = 6;

function toMicros(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) return 0n;
  const [, sign, whole, frac = ''] = match;
  const value = BigInt(whole) * 10n ** BigInt(MICROS) + BigInt(frac.padEnd(MICROS, '0'));
  return sign ? -value : value;
}

/** The sum of amounts (anything that is not an amount counts as zero), with the currency's decimals. */
export function sumAmounts(amounts: readonly string[], currency: string): string {
  const total = amounts.reduce((sum, a) => sum + toMicros(a), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(MICROS + 1, '0');
  const whole = digits.slice(0, -MICROS);
  const frac = digits.slice(-MICROS).slice(0, decimalsOf(currency));
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** What is wrong with an amount typed for `currency`: a message key with its parameters, or null. */
export function amountIssue(
  amount: string,
  currency: string,
): { key: string; params: Record<string, unknown> } | null {
  const key = amountProblem(amount.trim(), currency as Currency);
  return key ? { key, params: { currency, decimals: decimalsOf(currency) } } : null;
}

/** A credit line may also be zero (none); otherwise it follows the rules of an amount. */
export function creditLineIssue(
  value: string,
  currency: string,
): { key: string; params: Record<string, unknown> } | null {
  return /^0+(\.0+)?$/.test(value.trim()) ? null : amountIssue(value, currency);
}
