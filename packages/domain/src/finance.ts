import * as z from 'zod/mini';
import { CURRENCIES } from './business-centers';
import { ZCalendarDate } from './validation';

/**
 * Finance (spec 1, 2, 6; decisions 7): wallets, the double-entry ledger, top-ups and transfers. Money
 * travels as decimal strings (`"1250.50"`), never as floats: an amount a person enters has at most the
 * decimals of its currency; balances, which spend charged from the statistics store moves, carry up to
 * six.
 */

export type Currency = (typeof CURRENCIES)[number];

/** Decimals of each currency an amount may have (ISO 4217 minor units). */
export const CURRENCY_DECIMALS: Record<Currency, number> = {
  USD: 2,
  CNY: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  HKD: 2,
  SGD: 2,
};

/** The largest amount one top-up, transfer or credit line may move: a typo, not a payment, beyond it. */
export const MAX_MOVE_AMOUNT = 100_000_000;

/** Transfers in one bulk request. */
export const MAX_BULK_TRANSFERS = 100;

/** An amount as a person enters it: digits with an optional decimal part (the currency is checked apart). */
const AMOUNT_RE = /^\d{1,12}(\.\d{1,6})?$/;

/** What is wrong with an amount in a currency, as a message key, or null when it is fine. */
export function amountProblem(amount: string, currency: Currency): string | null {
  if (!AMOUNT_RE.test(amount)) return 'validation.money';
  const [whole, frac = ''] = amount.split('.');
  if (frac.replace(/0+$/, '').length > CURRENCY_DECIMALS[currency]) return 'finance.amount_decimals';
  if (/^0*$/.test(whole) && /^0*$/.test(frac)) return 'finance.amount_positive';
  // Twelve digits and six decimals convert to a double exactly enough to compare with the ceiling.
  if (Number(amount) > MAX_MOVE_AMOUNT) return 'finance.amount_ceiling';
  return null;
}

/** An amount's shape; its currency rules (`amountProblem`) are checked where the currency is known. */
export const ZAmount = z
  .string({ error: 'validation.money' })
  .check(z.regex(AMOUNT_RE, { message: 'validation.money' }));

/** A client's key for one request: the same key again posts nothing twice (idempotency). */
export const ZRequestKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'validation.invalid' }));

/** Where a transfer moves money: from the center's wallet to the account, or back. */
export const TRANSFER_DIRECTIONS = ['to_account', 'to_center'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

export const ZTransferItem = z.object({
  adv_id: z.number().check(z.int(), z.gte(1)),
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: ZAmount,
});
export type TTransferItem = z.infer<typeof ZTransferItem>;

/** POST /scaler/v3/finance/transfers: one or more transfers, all or none, once per `request_key`. */
export const ZTransferRequest = z.object({
  request_key: ZRequestKey,
  items: z.array(ZTransferItem).check(z.minLength(1), z.maxLength(MAX_BULK_TRANSFERS)),
  memo: z._default(z.string().check(z.maxLength(200)), ''),
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;

/** A wallet as the finance pages show it. */
export const ZWallet = z.object({
  /** Null: no money has moved yet, the wallet opens with the first. */
  wallet_id: z.nullable(z.int()),
  currency: z.string(),
  /** Sum of the wallet's ledger rows (decimal string). */
  balance: z.string(),
  /** Credit granted by a platform operator: the balance may go this far below zero. */
  credit_limit: z.string(),
  /** What can be spent or moved: balance plus credit. */
  available: z.string(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZTransferResult = z.object({
  /** The ledger entries posted (or, for a repeated key, posted the first time). */
  entry_ids: z.array(z.int()),
  /** False when the key was already used: nothing was posted again. */
  posted: z.boolean(),
  center: ZWallet,
  accounts: z.array(z.object({ adv_id: z.int(), wallet: ZWallet })),
});
export type TTransferResult = z.infer<typeof ZTransferResult>;

/** Ledger entry kinds (decisions 7). */
export const LEDGER_KIND = {
  topup: 1,
  transfer: 2,
  spend: 3,
  refund: 4,
  adjustment: 5,
  commission: 6,
} as const;
export type LedgerKindName = keyof typeof LEDGER_KIND;

/** GET /scaler/v3/finance/transactions: a page of ledger rows of the center's and its accounts' wallets. */
export const ZTransactionsQuery = z.object({
  /** One account's wallet, or (absent) the center's wallets and every account's. */
  adv_id: z.optional(z.coerce.number().check(z.int(), z.gte(1))),
  kind: z.optional(z.enum(Object.keys(LEDGER_KIND) as [LedgerKindName, ...LedgerKindName[]])),
  /** Local dates (the `timezone` header), inclusive. */
  start_date: z.optional(ZCalendarDate),
  end_date: z.optional(ZCalendarDate),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;

export const ZTransaction = z.object({
  id: z.int(),
  entry_id: z.int(),
  time: z.string(),
  kind: z.string(),
  /** The wallet's owner: the center (adv_id null) or an account. */
  adv_id: z.nullable(z.int()),
  adv_name: z.nullable(z.string()),
  currency: z.string(),
  /** Signed: money in is positive. */
  amount: z.string(),
  balance_after: z.string(),
  reference: z.string(),
  memo: z.string(),
  by: z.nullable(z.string()),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactions = z.object({
  list: z.array(ZTransaction),
  /** Matching rows, counted up to 10,000 (`more`: there are more than that). */
  total: z.int(),
  more: z._default(z.boolean(), false),
});
export type TTransactions = z.infer<typeof ZTransactions>;

/** Top-up request states. */
export const TOPUP_STATUS = { pending: 0, confirmed: 1, rejected: 2 } as const;
export const TOPUP_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type TopupStatusName = (typeof TOPUP_STATUSES)[number];

/** POST /scaler/v3/finance/topups: a bank-transfer top-up of the center's wallet in a currency. */
export const ZTopupRequest = z.object({
  request_key: ZRequestKey,
  currency: z.enum(CURRENCIES, { message: 'validation.required' }),
  amount: ZAmount,
});
export type TTopupRequest = z.infer<typeof ZTopupRequest>;

/** Where a top-up is paid to (the platform's bank account, `BANK_*` settings of the instance). */
export const ZBankDetails = z.object({
  account_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  swift: z.string(),
});
export type TBankDetails = z.infer<typeof ZBankDetails>;

export const ZTopup = z.object({
  id: z.int(),
  /** Put on the bank transfer, so the operator can match the payment. */
  reference: z.string(),
  org_id: z.int(),
  org_name: z.string(),
  currency: z.string(),
  amount: z.string(),
  status: z.enum(TOPUP_STATUSES),
  received_amount: z.nullable(z.string()),
  note: z.string(),
  requested_by: z.nullable(z.string()),
  requested_at: z.string(),
  decided_by: z.nullable(z.string()),
  decided_at: z.nullable(z.string()),
  bank: ZBankDetails,
});
export type TTopup = z.infer<typeof ZTopup>;

export const ZTopups = z.object({ list: z.array(ZTopup), total: z.int() });
export type TTopups = z.infer<typeof ZTopups>;

export const ZTopupsQuery = z.object({
  status: z.optional(z.enum(TOPUP_STATUSES)),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export type TTopupsQuery = z.infer<typeof ZTopupsQuery>;

/** POST /scaler/sa/topups/{id}/decision (platform operators): confirm with what arrived, or reject. */
export const ZTopupDecision = z.union([
  z.object({
    decision: z.literal('confirm'),
    received_amount: ZAmount,
    note: z._default(z.string().check(z.maxLength(500)), ''),
  }),
  z.object({ decision: z.literal('reject'), note: z.string().check(z.minLength(1), z.maxLength(500)) }),
]);
export type TTopupDecision = z.infer<typeof ZTopupDecision>;

/** PUT /scaler/sa/wallets/{wallet_id}/credit (platform operators): the credit line of a wallet. */
export const ZCreditLineRequest = z.object({
  credit_limit: z.string().check(z.regex(/^\d{1,12}(\.\d{1,6})?$/)),
});
export type TCreditLineRequest = z.infer<typeof ZCreditLineRequest>;

/** GET /scaler/v3/finance/overview: the center's wallets and a page of its accounts with theirs. */
export const ZFinanceAccountsQuery = z.object({
  keyword: z.optional(z.string().check(z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export type TFinanceAccountsQuery = z.infer<typeof ZFinanceAccountsQuery>;

export const ZFinanceAccount = z.object({
  adv_id: z.int(),
  adv_name: z.string(),
  status: z.int(),
  wallet: ZWallet,
  daily_spend_cap: z.nullable(z.string()),
});
export type TFinanceAccount = z.infer<typeof ZFinanceAccount>;

export const ZFinanceOverview = z.object({
  /** The center's wallets, one per currency it uses. */
  wallets: z.array(ZWallet),
  accounts: z.object({ list: z.array(ZFinanceAccount), total: z.int() }),
});
export type TFinanceOverview = z.infer<typeof ZFinanceOverview>;

/** GET /scaler/v3/finance/account (the `adv-id` account): its money, as `/setting/payment` and the home page show it. */
export const ZAccountFinance = z.object({
  adv_id: z.int(),
  currency: z.string(),
  wallet: ZWallet,
  /** Cost of the account's local day so far (the statistics store). */
  today_spend: z.string(),
  /** Whole days the available money lasts at the last seven days' average spend (null: nothing spent). */
  days_left: z.nullable(z.int()),
  daily_spend_cap: z.nullable(z.string()),
  low_balance_alert: z.nullable(z.string()),
  /** The money has run out (balance plus credit at or below zero): the account does not deliver (status 20). */
  limited: z.boolean(),
});
export type TAccountFinance = z.infer<typeof ZAccountFinance>;

/** PUT /scaler/v3/finance/account: the daily spending cap and the low-balance alert (null: none). */
export const ZAccountFinanceSettings = z.object({
  daily_spend_cap: z.nullable(ZAmount),
  low_balance_alert: z.nullable(ZAmount),
});
export type TAccountFinanceSettings = z.infer<typeof ZAccountFinanceSettings>;

/** GET .../statement: a month's statement of the center's wallets or the `adv-id` account's, as PDF or CSV. */
export const ZStatementQuery = z.object({
  month: z.string().check(z.regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { message: 'validation.invalid' })),
  format: z._default(z.enum(['pdf', 'csv']), 'pdf'),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;
