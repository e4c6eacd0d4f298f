import { amountProblem, CURRENCY_DECIMALS, type Currency, type TWallet } from '@scaler/domain';
import { AppError } from '../../http/errors';
import { decimal, micros } from '../statistics/micros';

/** Amounts between the ledger's `numeric` and what people read and type. */

type Row = Record<string, unknown>;

/** A stored amount for the pages: trailing zeros beyond the currency's decimals dropped ("12.50"). */
export function money(value: unknown, currency: string): string {
  const s = String(value ?? '0');
  const decimals = CURRENCY_DECIMALS[currency as Currency] ?? 2;
  const [whole, frac = ''] = s.split('.');
  const kept = frac.replace(/0+$/, '');
  const digits = kept.length > decimals ? kept : frac.padEnd(decimals, '0').slice(0, decimals);
  return digits ? `${whole}.${digits}` : whole;
}

/** A wallet row (`id, currency, balance, credit_limit`) as the pages show it; no row: an empty wallet. */
export function walletView(row: Row | undefined, currency: string): TWallet {
  const balance = String(row?.balance ?? '0');
  const credit = String(row?.credit_limit ?? '0');
  const available = micros(balance) + micros(credit);
  return {
    wallet_id: row?.id == null ? null : Number(row.id),
    currency,
    balance: money(balance, currency),
    credit_limit: money(credit, currency),
    available: money(decimal(available), currency),
  };
}

/** The amount in micro-units, or a 400 naming the rule it breaks. */
export function amountIn(amount: string, currency: string, field: string): bigint {
  const problem = amountProblem(amount, currency as Currency);
  if (problem) {
    const params = { currency, decimals: CURRENCY_DECIMALS[currency as Currency] ?? 2 };
    throw new AppError('VALIDATION', {
      message: problem as never,
      params,
      data: { fields: [{ path: field, message: problem, params }] },
    });
  }
  return micros(amount);
}
