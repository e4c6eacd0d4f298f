import type { CSSProperties } from 'react';
import { isNegative, moneyText } from './money';

/**
 * An amount as the API gives it, grouped, with its currency code. `signed`: money in reads green with a
 * plus, money out red (a ledger row's amount).
 */
export function Money({
  amount,
  currency,
  signed = false,
  style,
}: {
  amount: string;
  currency: string;
  signed?: boolean;
  style?: CSSProperties;
}) {
  const negative = isNegative(amount);
  const positive = !negative && /[1-9]/.test(amount);
  const color = !signed
    ? undefined
    : negative
      ? 'var(--ant-color-error)'
      : positive
        ? 'var(--ant-color-success)'
        : undefined;
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color, ...style }}>
      {signed && positive ? '+' : ''}
      {moneyText(amount, currency)}
    </span>
  );
}
