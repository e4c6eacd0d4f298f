import { randomBytes } from 'node:crypto';
import {
  type TBankDetails,
  type TCreditLineRequest,
  TOPUP_STATUS,
  TOPUP_STATUSES,
  type TopupStatusName,
  type TTopup,
  type TTopupDecision,
  type TTopupRequest,
  type TTopups,
  type TTopupsQuery,
  type TWallet,
} from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { requireOrgAccess } from '../../access/org-access';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { notifyUsers, orgAdminIds } from '../notices/notify';
import { requireOperator } from '../reviews/service';
import { decimal, micros } from '../statistics/micros';
import { amountIn, money, walletView } from './format';
import { post, walletOf } from './ledger';

/**
 * Bank-transfer top-ups (decisions 7): an admin of an agency center asks for one in a currency and gets
 * a reference to put on the transfer and the platform's bank details; a platform operator, who sees the
 * money arrive, confirms what was received (the center's wallet is credited from the platform's bank
 * wallet in the same transaction) or rejects it, once. Operators also set credit lines. Every operator
 * decision is in the review log (`review.*` activity) and the center's admins are notified.
 */

interface Deps {
  db: Db;
  actor: Actor;
  bank: TBankDetails;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());

const topupOf = (r: Row, bank: TBankDetails): TTopup => {
  const currency = String(r.currency);
  return {
    id: Number(r.id),
    reference: String(r.reference),
    org_id: Number(r.org_id),
    org_name: String(r.org_name),
    currency,
    amount: money(r.amount, currency),
    status: TOPUP_STATUSES[Number(r.status)],
    received_amount: r.received_amount === null ? null : money(r.received_amount, currency),
    note: String(r.note),
    requested_by: r.requested_email === null ? null : String(r.requested_email),
    requested_at: iso(r.created_at) as string,
    decided_by: r.decided_email === null ? null : String(r.decided_email),
    decided_at: iso(r.decided_at),
    bank,
  };
};

const SELECT_TOPUPS = sql`select t.*, t.amount::text as amount, t.received_amount::text as received_amount,
    o.org_name, ru.email as requested_email, du.email as decided_email, count(*) over () as total
  from topup_requests t join orgs o on o.org_id = t.org_id
  left join users ru on ru.id = t.requested_by left join users du on du.id = t.decided_by`;

/** A reference a person can type on a bank transfer: `TU` and ten characters without look-alikes. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `TU${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** An admin's top-up request; the same request key again answers the same request. */
export async function requestTopup(
  deps: Deps & { orgId: number | null; input: TTopupRequest },
): Promise<TTopup> {
  const access = await requireOrgAccess({ ...deps, permission: 'finance.manage' });
  const { input } = deps;
  const amount = amountIn(input.amount, input.currency, 'amount');
  return deps.db.transaction(async (tx) => {
    const [created] = rowsOf(
      await tx.execute(sql`insert into topup_requests (reference, org_id, currency, amount, request_key, requested_by)
        values (${newReference()}, ${access.orgId}, ${input.currency}, ${decimal(amount)}::numeric,
          ${input.request_key}, ${deps.actor.userId})
        on conflict (org_id, request_key) do nothing returning id`),
    );
    const [row] = rowsOf(
      await tx.execute(
        sql`${SELECT_TOPUPS} where t.org_id = ${access.orgId} and t.request_key = ${input.request_key}`,
      ),
    );
    if (!created && (row.currency !== input.currency || micros(String(row.amount)) !== amount)) {
      throw new AppError('FINANCE_KEY_REUSED');
    }
    return topupOf(row, deps.bank);
  });
}

const page = (q: TTopupsQuery) =>
  sql`order by t.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;

async function listOf(deps: Deps, where: SQL, query: TTopupsQuery): Promise<TTopups> {
  const status = query.status ? sql` and t.status = ${TOPUP_STATUS[query.status]}` : sql``;
  const rows = rowsOf(await deps.db.execute(sql`${SELECT_TOPUPS} where ${where}${status} ${page(query)}`));
  const total =
    rows.length > 0 || query.page === 1
      ? Number(rows[0]?.total ?? 0)
      : Number(
          rowsOf(
            await deps.db.execute(sql`select count(*) as n from topup_requests t where ${where}${status}`),
          )[0].n,
        );
  return { list: rows.map((r) => topupOf(r, deps.bank)), total };
}

/** The center's top-up requests, newest first. */
export async function listTopups(
  deps: Deps & { orgId: number | null; query: TTopupsQuery },
): Promise<TTopups> {
  const access = await requireOrgAccess({ ...deps, permission: 'finance.manage' });
  return listOf(deps, sql`t.org_id = ${access.orgId}`, deps.query);
}

/** Every center's top-up requests (platform operators): the queue to match against the bank. */
export async function listAllTopups(deps: Deps & { query: TTopupsQuery }): Promise<TTopups> {
  requireOperator(deps.actor);
  return listOf(deps, sql`true`, deps.query);
}

/**
 * An operator's decision on a pending top-up: confirm with the amount received (it may differ from the
 * amount asked) or reject with a reason. A decided top-up cannot be decided again.
 */
export async function decideTopup(deps: Deps & { id: number; input: TTopupDecision }): Promise<TTopup> {
  requireOperator(deps.actor);
  const { input } = deps;
  return deps.db.transaction(async (tx) => {
    const [current] = rowsOf(
      await tx.execute(sql`select id, org_id, currency, status, reference from topup_requests
        where id = ${deps.id} for update`),
    );
    if (!current) throw new AppError('NOT_FOUND');
    if (Number(current.status) !== TOPUP_STATUS.pending) {
      const status = TOPUP_STATUSES[Number(current.status)] as TopupStatusName;
      throw new AppError('TOPUP_DECIDED', { message: `errors.topup_${status}` as never });
    }
    const orgId = Number(current.org_id);
    const currency = String(current.currency);
    let entryId: number | null = null;
    let received: bigint | null = null;
    if (input.decision === 'confirm') {
      received = amountIn(input.received_amount, currency, 'received_amount');
      const bank = await walletOf(tx, { kind: 'bank', currency });
      const center = await walletOf(tx, { kind: 'center', orgId, currency });
      ({ entryId } = await post(tx, {
        reference: `topup:${deps.id}`,
        kind: 'topup',
        orgId,
        memo: String(current.reference),
        actorId: deps.actor.userId,
        postings: [
          { walletId: bank, amount: -received, floor: 'none' },
          { walletId: center, amount: received },
        ],
      }));
    }
    await tx.execute(sql`update topup_requests set
        status = ${input.decision === 'confirm' ? TOPUP_STATUS.confirmed : TOPUP_STATUS.rejected},
        received_amount = ${received === null ? null : decimal(received)}::numeric, note = ${input.note},
        decided_by = ${deps.actor.userId}, decided_at = now(), entry_id = ${entryId}
      where id = ${deps.id}`);
    await recordActivity(tx, {
      orgId,
      actor: deps.actor,
      action: `review.topup_${input.decision === 'confirm' ? 'confirmed' : 'rejected'}`,
      objectType: 'topup',
      objectId: deps.id,
      before: { status: 'pending' },
      after: {
        status: input.decision === 'confirm' ? 'confirmed' : 'rejected',
        received: received === null ? null : decimal(received),
        note: input.note,
      },
    });
    const [row] = rowsOf(await tx.execute(sql`${SELECT_TOPUPS} where t.id = ${deps.id}`));
    const topup = topupOf(row, deps.bank);
    await notifyUsers(tx, await orgAdminIds(tx, orgId), {
      type: 'finance',
      code: input.decision === 'confirm' ? 1 : 2,
      message: input.decision === 'confirm' ? 'notices.topup_confirmed' : 'notices.topup_rejected',
      params: { reference: topup.reference, amount: topup.received_amount ?? topup.amount, currency },
      orgId,
      reason: input.decision === 'reject' ? input.note : '',
    });
    return topup;
  });
}

/** A wallet's credit line (platform operators): how far below zero the customer's balance may go. */
export async function setCreditLine(
  deps: Deps & { walletId: number; input: TCreditLineRequest },
): Promise<TWallet> {
  requireOperator(deps.actor);
  return deps.db.transaction(async (tx) => {
    const [before] = rowsOf(
      await tx.execute(sql`select id, org_id, adv_id, currency, credit_limit::text as credit_limit from wallets
        where id = ${deps.walletId} and owner_kind in (1, 2) for update`),
    );
    if (!before) throw new AppError('NOT_FOUND');
    const currency = String(before.currency);
    const limit =
      deps.input.credit_limit === '0' || /^0+(\.0+)?$/.test(deps.input.credit_limit)
        ? 0n
        : amountIn(deps.input.credit_limit, currency, 'credit_limit');
    const [after] = rowsOf(
      await tx.execute(sql`update wallets set credit_limit = ${decimal(limit)}::numeric where id = ${deps.walletId}
        returning id, currency, balance::text as balance, credit_limit::text as credit_limit`),
    );
    await recordActivity(tx, {
      orgId: Number(before.org_id),
      actor: deps.actor,
      action: 'review.credit_line',
      objectType: before.adv_id === null ? 'wallet' : 'advertiser',
      objectId: before.adv_id === null ? deps.walletId : Number(before.adv_id),
      before: { credit_limit: money(before.credit_limit, currency) },
      after: { credit_limit: money(after.credit_limit, currency), currency },
    });
    return walletView(after, currency);
  });
}
