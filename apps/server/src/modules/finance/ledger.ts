import { LEDGER_KIND, type LedgerKindName } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { WALLET_OWNER } from '../../db/schema';
import { AppError } from '../../http/errors';
import { decimal, micros } from '../statistics/micros';
import { money } from './format';

/**
 * The double-entry ledger (decisions 7): the one place money moves. An entry's postings sum to zero in
 * one currency; each wallet's balance is the sum of its postings, kept as a running balance that the
 * posting updates under the wallet's row lock, wallets locked in id order so two moves never deadlock.
 * The entry's `reference` is its idempotency key: posting the same reference again posts nothing and
 * answers the first entry (a different request under the same key is refused).
 */

export interface Posting {
  walletId: number;
  /** Micro-units, signed: money into the wallet is positive. */
  amount: bigint;
  /**
   * How low a payment may take the wallet: its credit line (the default: a center funding accounts on
   * credit), zero (money moved out of an account: credit is for spending, not for taking out), or no
   * limit (spend already delivered, and the platform's own wallets).
   */
  floor?: 'credit' | 'zero' | 'none';
}

export interface EntryInput {
  reference: string;
  kind: LedgerKindName;
  /** The center concerned (its pages list the entry). */
  orgId: number | null;
  memo?: string;
  actorId?: string | null;
  /** What was asked, to tell a retry (equal) from a reused key. */
  request?: unknown;
  postings: Posting[];
}

export interface PostResult {
  entryId: number;
  /** False: the reference was posted before, nothing moved now. */
  posted: boolean;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** Posts one entry inside the caller's transaction. */
export async function post(tx: Tx, entry: EntryInput): Promise<PostResult> {
  const byWallet = new Map<number, { amount: bigint; floor: Posting['floor'] }>();
  let sum = 0n;
  for (const p of entry.postings) {
    if (p.amount === 0n) continue;
    const w = byWallet.get(p.walletId) ?? { amount: 0n, floor: p.floor ?? 'credit' };
    w.amount += p.amount;
    byWallet.set(p.walletId, w);
    sum += p.amount;
  }
  if (sum !== 0n) throw new Error(`ledger entry ${entry.reference} does not balance (${decimal(sum)})`);
  if (byWallet.size < 2) throw new Error(`ledger entry ${entry.reference} moves nothing`);

  const request = entry.request === undefined ? null : JSON.stringify(entry.request);
  const [inserted] = rowsOf(
    await tx.execute(sql`insert into ledger_entries (reference, kind, org_id, request, memo, created_by)
      values (${entry.reference}, ${LEDGER_KIND[entry.kind]}, ${entry.orgId}, ${request}::jsonb,
        ${entry.memo ?? ''}, ${entry.actorId ?? null})
      on conflict (reference) do nothing returning id`),
  );
  if (!inserted) {
    // Posted before (or just now by a concurrent request, which the unique index waited for).
    const [first] = rowsOf(
      await tx.execute(sql`select id, request = ${request}::jsonb as same from ledger_entries
        where reference = ${entry.reference}`),
    );
    if (request !== null && first.same !== true) throw new AppError('FINANCE_KEY_REUSED');
    return { entryId: Number(first.id), posted: false };
  }
  const entryId = Number(inserted.id);

  const ids = [...byWallet.keys()].sort((a, b) => a - b);
  const locked = rowsOf(
    await tx.execute(sql`select id, currency, balance::text as balance, credit_limit::text as credit_limit
      from wallets where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id for update`),
  );
  if (locked.length !== ids.length) throw new Error(`ledger entry ${entry.reference}: unknown wallet`);
  if (new Set(locked.map((w) => w.currency)).size !== 1) throw new AppError('FINANCE_CURRENCY_MISMATCH');

  const after = locked.map((w) => {
    const move = byWallet.get(Number(w.id)) as { amount: bigint; floor: Posting['floor'] };
    const balance = micros(String(w.balance)) + move.amount;
    const floor = move.floor === 'zero' ? 0n : -micros(String(w.credit_limit));
    if (move.amount < 0n && move.floor !== 'none' && balance < floor) {
      const available = micros(String(w.balance)) - floor;
      const shown = money(decimal(available < 0n ? 0n : available), String(w.currency));
      throw new AppError('FINANCE_INSUFFICIENT', {
        params: { available: shown, currency: String(w.currency) },
        data: { wallet_id: Number(w.id), available: shown },
      });
    }
    return { id: Number(w.id), amount: move.amount, balance };
  });
  await tx.execute(sql`update wallets w set balance = v.balance
    from (values ${sql.join(
      after.map((a) => sql`(${a.id}::bigint, ${decimal(a.balance)}::numeric)`),
      sql`, `,
    )}) v(id, balance) where w.id = v.id`);
  await tx.execute(sql`insert into ledger_postings (entry_id, wallet_id, amount, balance_after)
    values ${sql.join(
      after.map(
        (a) => sql`(${entryId}, ${a.id}, ${decimal(a.amount)}::numeric, ${decimal(a.balance)}::numeric)`,
      ),
      sql`, `,
    )}`);
  return { entryId, posted: true };
}

/** The owner of a wallet to open or find. */
export type WalletOwner =
  | { kind: 'center'; orgId: number; currency: string }
  | { kind: 'account'; orgId: number; advId: number; currency: string }
  | { kind: 'bank' | 'revenue'; currency: string };

/** The wallet of an owner, opened on first use; its id. */
export async function walletOf(db: Executor, owner: WalletOwner): Promise<number> {
  const ownerKind = WALLET_OWNER[owner.kind];
  const orgId = owner.kind === 'center' || owner.kind === 'account' ? owner.orgId : null;
  const advId = owner.kind === 'account' ? owner.advId : null;
  // An account has one wallet, in its currency (found by the account alone: a wallet in another
  // currency means the account's currency changed after money moved, which finance refuses).
  const find = () =>
    owner.kind === 'account'
      ? db.execute(
          sql`select id, currency from wallets where owner_kind = ${ownerKind} and adv_id = ${advId}`,
        )
      : db.execute(sql`select id, currency from wallets where owner_kind = ${ownerKind}
          and currency = ${owner.currency} and org_id is not distinct from ${orgId}::int and adv_id is null`);
  const checked = (row: Row) => {
    if (row.currency !== owner.currency) throw new AppError('FINANCE_CURRENCY_MISMATCH');
    return Number(row.id);
  };
  const [found] = rowsOf(await find());
  if (found) return checked(found);
  const [opened] = rowsOf(
    await db.execute(sql`insert into wallets (owner_kind, org_id, adv_id, currency)
      values (${ownerKind}, ${orgId}, ${advId}, ${owner.currency}) on conflict do nothing returning id`),
  );
  return opened ? Number(opened.id) : checked(rowsOf(await find())[0]);
}
