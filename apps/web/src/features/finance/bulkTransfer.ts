import type { TFinanceAccount, TransferDirection, TTransferItem } from '@scaler/domain';
import { moneyText, sumAmounts } from './money';

/** The bulk transfer form: one direction, and one amount for all or an amount per account. */
export type BulkMode = 'same' | 'each';
export interface BulkValues {
  direction: TransferDirection;
  mode: BulkMode;
  same: string;
  /** By adv_id. */
  each: Record<string, string>;
}

type Account = Pick<TFinanceAccount, 'adv_id'> & { wallet: Pick<TFinanceAccount['wallet'], 'currency'> };

/** The amounts of the form, in the order of `accounts` (trimmed; empty when not typed yet). */
export const bulkAmounts = (values: Partial<BulkValues>, accounts: readonly Account[]): string[] =>
  accounts.map((a) => String((values.mode === 'each' ? values.each?.[a.adv_id] : values.same) ?? '').trim());

/** The items of the one request the form sends: all move or none. */
export function bulkItems(values: BulkValues, accounts: readonly Account[]): TTransferItem[] {
  const amounts = bulkAmounts(values, accounts);
  return accounts.map((a, i) => ({ adv_id: a.adv_id, direction: values.direction, amount: amounts[i] }));
}

/** What the form would move, per currency ("300.00 USD · 5000 JPY"), added exactly. */
export function bulkTotals(values: Partial<BulkValues>, accounts: readonly Account[]): string {
  const amounts = bulkAmounts(values, accounts);
  const currencies = [...new Set(accounts.map((a) => a.wallet.currency))];
  return currencies
    .map((c) =>
      moneyText(
        sumAmounts(
          amounts.filter((_, i) => accounts[i].wallet.currency === c),
          c,
        ),
        c,
      ),
    )
    .join(' · ');
}

/** The form field a server's `items.<n>.amount` problem belongs to. */
export function bulkFieldOf(
  path: string,
  mode: BulkMode,
  accounts: readonly Account[],
): ['same'] | ['each', string] | null {
  const index = /^items\.(\d+)\.amount$/.exec(path)?.[1];
  const account = index === undefined ? undefined : accounts[Number(index)];
  if (!account) return null;
  return mode === 'each' ? ['each', String(account.adv_id)] : ['same'];
}
