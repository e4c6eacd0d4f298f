import {
  LEDGER_KIND,
  ORG_TYPE,
  type TFinanceAccountsQuery,
  type TFinanceOverview,
  type TransferDirection,
  type TTransactions,
  type TTransactionsQuery,
  type TTransferRequest,
  type TTransferResult,
} from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { requireOrgAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { AppError } from '../../http/errors';
import { addDays, dayStartUtc } from '../clock/clock';
import { requireOperator } from '../reviews/service';
import { amountIn, money, walletView } from './format';
import { post, walletOf } from './ledger';

/**
 * The finance center of an agency (spec 1, 2, 6; decisions 7): its wallets, its accounts' balances,
 * transfers between them and the ledger rows of both. Org admins of active agency centers only
 * (`finance.manage`: an advertiser-type center has no finance); accounts are the center's own.
 */

interface Deps {
  db: Db;
  actor: Actor;
  orgId: number | null;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
/** Rows the transactions list counts at most (`more` says there are more). */
const TRANSACTIONS_COUNT_CAP = 10_000;
const KIND_NAMES = Object.fromEntries(Object.entries(LEDGER_KIND).map(([k, v]) => [v, k]));

const CENTER_WALLETS = (orgId: number) => sql`select id, currency, balance::text as balance,
  credit_limit::text as credit_limit from wallets where owner_kind = 1 and org_id = ${orgId} order by currency`;

/** The center's wallets (its own currency's, empty, before any money arrived) and a page of its accounts. */
export async function financeOverview(
  deps: Deps & { query: TFinanceAccountsQuery },
): Promise<TFinanceOverview> {
  const access = await requireOrgAccess({ ...deps, permission: 'finance.manage' });
  return overviewOf(deps.db, access.orgId, deps.query);
}

/** The same for a platform operator (credit lines): any center of agency type. */
export async function centerFinance(
  deps: Omit<Deps, 'orgId'> & { orgId: number; query: TFinanceAccountsQuery },
): Promise<TFinanceOverview> {
  requireOperator(deps.actor);
  const [org] = rowsOf(await deps.db.execute(sql`select org_type from orgs where org_id = ${deps.orgId}`));
  if (!org || Number(org.org_type) !== ORG_TYPE.agency) throw new AppError('NOT_FOUND');
  return overviewOf(deps.db, deps.orgId, deps.query);
}

async function overviewOf(db: Db, orgId: number, query: TFinanceAccountsQuery): Promise<TFinanceOverview> {
  const keyword = query.keyword?.trim();
  const match = keyword
    ? sql`and (a.adv_name ilike ${containsPattern(keyword)} or a.adv_id::text = ${keyword})`
    : sql``;
  const [centerRows, [org], accountRows] = await Promise.all([
    db.execute(CENTER_WALLETS(orgId)).then(rowsOf),
    db.execute(sql`select currency from orgs where org_id = ${orgId}`).then(rowsOf),
    db
      .execute(sql`select a.adv_id, a.adv_name, a.status, a.currency, a.daily_spend_cap::text as cap,
          w.id, w.balance::text as balance, w.credit_limit::text as credit_limit, count(*) over () as total
        from advertisers a
        left join wallets w on w.owner_kind = 2 and w.adv_id = a.adv_id
        where a.org_id = ${orgId} ${match}
        order by a.adv_id desc limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`)
      .then(rowsOf),
  ]);
  const wallets = centerRows.map((r) => walletView(r, String(r.currency)));
  if (!wallets.some((w) => w.currency === org.currency))
    wallets.unshift(walletView(undefined, String(org.currency)));
  const total =
    accountRows.length > 0 || query.page === 1
      ? Number(accountRows[0]?.total ?? 0)
      : Number(
          rowsOf(
            await db.execute(sql`select count(*) as n from advertisers a where a.org_id = ${orgId} ${match}`),
          )[0].n,
        );
  return {
    wallets,
    accounts: {
      list: accountRows.map((r) => ({
        adv_id: Number(r.adv_id),
        adv_name: String(r.adv_name),
        status: Number(r.status),
        wallet: walletView(r.id == null ? undefined : r, String(r.currency)),
        daily_spend_cap: r.cap === null ? null : money(r.cap, String(r.currency)),
      })),
      total,
    },
  };
}

/**
 * Moves money between the center's wallet and its accounts', all items or none, once per request key:
 * a retry with the same key and items answers the first result and posts nothing.
 */
export async function transfer(deps: Deps & { input: TTransferRequest }): Promise<TTransferResult> {
  const access = await requireOrgAccess({ ...deps, permission: 'finance.manage' });
  const { input } = deps;
  const advIds = [...new Set(input.items.map((i) => i.adv_id))];
  return deps.db.transaction(async (tx) => {
    const accounts = new Map(
      rowsOf(
        await tx.execute(sql`select adv_id, currency, closed_at from advertisers
          where org_id = ${access.orgId} and adv_id in (${sql.join(
            advIds.map((id) => sql`${id}`),
            sql`, `,
          )})`),
      ).map((r) => [Number(r.adv_id), r]),
    );
    // Another center's account (or none) is not found, whatever else the request holds.
    if (accounts.size !== advIds.length) throw new AppError('NOT_FOUND');
    const amounts = input.items.map((item, i) =>
      amountIn(item.amount, String(accounts.get(item.adv_id)?.currency), `items.${i}.amount`),
    );
    const entryIds: number[] = [];
    let posted = true;
    for (const [i, item] of input.items.entries()) {
      const account = accounts.get(item.adv_id) as Row;
      const currency = String(account.currency);
      if (item.direction === 'to_account' && account.closed_at !== null) throw new AppError('ADV_CLOSED');
      const center = await walletOf(tx, { kind: 'center', orgId: access.orgId, currency });
      const wallet = await walletOf(tx, {
        kind: 'account',
        orgId: access.orgId,
        advId: item.adv_id,
        currency,
      });
      const sign = (d: TransferDirection) => (d === 'to_account' ? 1n : -1n);
      const result = await post(tx, {
        reference: `transfer:${access.orgId}:${input.request_key}:${i}`,
        kind: 'transfer',
        orgId: access.orgId,
        memo: input.memo,
        actorId: deps.actor.userId,
        request: { item, count: input.items.length },
        postings: [
          { walletId: center, amount: -sign(item.direction) * amounts[i] },
          { walletId: wallet, amount: sign(item.direction) * amounts[i], floor: 'zero' },
        ],
      });
      entryIds.push(result.entryId);
      posted &&= result.posted;
    }
    const balances = rowsOf(
      await tx.execute(sql`select w.id, w.adv_id, w.owner_kind, w.currency, w.balance::text as balance,
          w.credit_limit::text as credit_limit
        from wallets w where w.org_id = ${access.orgId}
          and (w.owner_kind = 1 or (w.owner_kind = 2 and w.adv_id in (${sql.join(
            advIds.map((id) => sql`${id}`),
            sql`, `,
          )})))`),
    );
    const firstCurrency = String(accounts.get(advIds[0])?.currency);
    return {
      entry_ids: entryIds,
      posted,
      center: walletView(
        balances.find((b) => Number(b.owner_kind) === 1 && b.currency === firstCurrency),
        firstCurrency,
      ),
      accounts: advIds.map((advId) => ({
        adv_id: advId,
        wallet: walletView(
          balances.find((b) => Number(b.adv_id) === advId),
          String(accounts.get(advId)?.currency),
        ),
      })),
    };
  });
}

/** A page of the ledger rows of the center's wallets and its accounts' wallets, newest first. */
export async function listTransactions(
  deps: Deps & { query: TTransactionsQuery; offset: number },
): Promise<TTransactions> {
  const access = await requireOrgAccess({ ...deps, permission: 'finance.manage' });
  return transactionsOf(deps.db, {
    wallets: deps.query.adv_id
      ? sql`select id from wallets where owner_kind = 2 and org_id = ${access.orgId} and adv_id = ${deps.query.adv_id}`
      : sql`select id from wallets where owner_kind in (1, 2) and org_id = ${access.orgId}`,
    query: deps.query,
    offset: deps.offset,
  });
}

/**
 * Ledger rows of the wallets a subquery names, filtered by kind and local dates (the caller's offset),
 * paged and counted in SQL: a wallet's rows are read by `ledger_postings_wallet_idx`.
 */
export async function transactionsOf(
  db: Executor,
  o: { wallets: SQL; query: TTransactionsQuery; offset: number },
): Promise<TTransactions> {
  const { query } = o;
  const conditions: SQL[] = [sql`p.wallet_id in (${o.wallets})`];
  if (query.kind) conditions.push(sql`e.kind = ${LEDGER_KIND[query.kind]}`);
  if (query.start_date) {
    conditions.push(
      sql`p.created_at >= ${dayStartUtc(query.start_date, o.offset).toISOString()}::timestamptz`,
    );
  }
  if (query.end_date) {
    const end = dayStartUtc(addDays(query.end_date, 1), o.offset);
    conditions.push(sql`p.created_at < ${end.toISOString()}::timestamptz`);
  }
  // The count stops past the cap: a wallet charged every minute holds some 1,440 rows a day, and counting
  // a year of them for a page of 20 would cost the whole year.
  const [counted] = rowsOf(
    await db.execute(sql`select count(*) as n from (select 1 from ledger_postings p
      join ledger_entries e on e.id = p.entry_id where ${sql.join(conditions, sql` and `)}
      limit ${TRANSACTIONS_COUNT_CAP + 1}) x`),
  );
  const total = Number(counted.n);
  const rows = rowsOf(
    await db.execute(sql`select p.id, p.entry_id, p.created_at, e.kind, w.adv_id, a.adv_name, w.currency,
        p.amount::text as amount, p.balance_after::text as balance_after, e.reference, e.memo, u.email
      from ledger_postings p
      join wallets w on w.id = p.wallet_id
      join ledger_entries e on e.id = p.entry_id
      left join advertisers a on a.adv_id = w.adv_id
      left join users u on u.id = e.created_by
      where ${sql.join(conditions, sql` and `)}
      order by p.id desc limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`),
  );
  return {
    list: rows.map((r) => {
      const currency = String(r.currency);
      return {
        id: Number(r.id),
        entry_id: Number(r.entry_id),
        time: new Date(r.created_at as string).toISOString(),
        kind: KIND_NAMES[Number(r.kind)] ?? 'adjustment',
        adv_id: r.adv_id === null ? null : Number(r.adv_id),
        adv_name: r.adv_name === null ? null : String(r.adv_name),
        currency,
        amount: money(r.amount, currency),
        balance_after: money(r.balance_after, currency),
        reference: String(r.reference),
        memo: String(r.memo),
        by: r.email === null ? null : String(r.email),
      };
    }),
    total: Math.min(total, TRANSACTIONS_COUNT_CAP),
    more: total > TRANSACTIONS_COUNT_CAP,
  };
}
