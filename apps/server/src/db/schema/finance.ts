import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { advertisers, orgs } from './business-centers';

/** `wallets.owner_kind`: whose money a wallet holds. */
export const WALLET_OWNER = {
  /** A business center's, one per currency it uses. */
  center: 1,
  /** An advertiser account's, in the account's currency. */
  account: 2,
  /** The platform's bank: money that arrived by bank transfer and was credited (negative: owed to customers). */
  bank: 3,
  /** The platform's revenue: what delivery spent. */
  revenue: 4,
} as const;

/**
 * Wallets (decisions 7). `balance` is the sum of the wallet's ledger postings, kept beside them as a
 * checked running balance: every posting updates it in the transaction that writes the posting, under
 * the wallet's row lock (concurrent moves on one wallet are serialised), and records the balance after
 * it. A customer's wallet never goes below `-credit_limit` by a move a person makes; only spend already
 * delivered may take it further (the account then stops delivering, status 20).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: smallint('owner_kind').notNull(),
    orgId: integer('org_id').references(() => orgs.orgId),
    advId: integer('adv_id').references(() => advertisers.advId),
    currency: text('currency').notNull(),
    balance: numeric('balance', { precision: 24, scale: 6 }).notNull().default('0'),
    creditLimit: numeric('credit_limit', { precision: 24, scale: 6 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_center_uq').on(t.orgId, t.currency).where(sql`owner_kind = 1`),
    uniqueIndex('wallets_account_uq').on(t.advId).where(sql`owner_kind = 2`),
    uniqueIndex('wallets_platform_uq').on(t.ownerKind, t.currency).where(sql`owner_kind in (3, 4)`),
    index('wallets_org_idx').on(t.orgId),
    check(
      'wallets_owner_chk',
      sql`(owner_kind = 1 and org_id is not null and adv_id is null)
      or (owner_kind = 2 and org_id is not null and adv_id is not null)
      or (owner_kind in (3, 4) and org_id is null and adv_id is null)`,
    ),
    check('wallets_credit_chk', sql`${t.creditLimit} >= 0`),
  ],
);

/**
 * One money movement (decisions 7): its postings sum to zero, in one currency. `reference` is unique:
 * the idempotency key of whatever posted it (a client's request key, a top-up, an hour's charge), so a
 * retried request or job posts nothing twice. `request` keeps what was asked, to tell a retry (the
 * same) from a reused key (different).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique('ledger_entries_reference_uq'),
    kind: smallint('kind').notNull(),
    /** The center the movement concerns (the account's center), for its pages; null for platform moves. */
    orgId: integer('org_id').references(() => orgs.orgId),
    request: jsonb('request'),
    memo: text('memo').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_org_idx').on(t.orgId, t.id)],
);

/** The rows of the ledger: a signed amount on one wallet (money in positive) and its balance after. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    walletId: bigint('wallet_id', { mode: 'number' })
      .notNull()
      .references(() => wallets.id),
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 24, scale: 6 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A wallet's transactions, newest first, a page at a time (and its sum).
    index('ledger_postings_wallet_idx').on(t.walletId, t.id),
    index('ledger_postings_entry_idx').on(t.entryId),
    check('ledger_postings_amount_chk', sql`${t.amount} <> 0`),
  ],
);

/**
 * Bank-transfer top-ups (decisions 7): a center's admin asks, gets a reference to put on the transfer
 * and the bank details; a platform operator confirms what arrived (the center's wallet is credited, in
 * the same transaction) or rejects it. Decided once.
 */
export const topupRequests = pgTable(
  'topup_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique('topup_requests_reference_uq'),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull(),
    status: smallint('status').notNull().default(0),
    receivedAmount: numeric('received_amount', { precision: 24, scale: 6 }),
    note: text('note').notNull().default(''),
    /** The admin's request key: the same key again answers the same request. */
    requestKey: text('request_key').notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topup_requests_key_uq').on(t.orgId, t.requestKey),
    index('topup_requests_org_idx').on(t.orgId, t.id),
    index('topup_requests_status_idx').on(t.status, t.id),
    check('topup_requests_status_chk', sql`${t.status} in (0, 1, 2)`),
  ],
);

/**
 * What has been charged of each account's UTC hour (decisions 7): the statistics store's cost of the
 * hour and the commission on it, as the ledger holds them. A charge run posts the difference between the
 * store's total and this, under this row's lock, and moves it up in the same transaction: late facts are
 * charged once, a re-run charges nothing.
 */
export const spendCharges = pgTable(
  'spend_charges',
  {
    advId: integer('adv_id')
      .notNull()
      .references(() => advertisers.advId),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    cost: numeric('cost', { precision: 24, scale: 6 }).notNull().default('0'),
    fee: numeric('fee', { precision: 24, scale: 6 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.advId, t.hour] })],
);
