import { LEDGER_KIND, type LedgerKindName, type TStatementQuery } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { requireOrgAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { dayStartUtc } from '../clock/clock';
import { decimal, micros } from '../statistics/micros';
import { reachAccountFinance } from './account';
import { money } from './format';

/**
 * Monthly statements (issue 20): a wallet's month as the ledger holds it: the balance it opened with,
 * every top-up, transfer and adjustment on its own line, spend and commission summed per day (the charge
 * runs every minute), the totals per kind and the closing balance, which is the opening balance plus the
 * lines and equals the balance after the month's last posting. Days and the month are in the caller's
 * time zone (the `timezone` header), stated on the statement.
 */

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const KIND_NAMES = Object.fromEntries(Object.entries(LEDGER_KIND).map(([k, v]) => [v, k])) as Record<
  number,
  LedgerKindName
>;
/** Kinds summed per day on a statement rather than listed one by one. */
const DAILY = [LEDGER_KIND.spend, LEDGER_KIND.commission, LEDGER_KIND.refund];

export interface StatementLine {
  /** Local date (and time for single movements). */
  date: string;
  time: string | null;
  kind: LedgerKindName;
  reference: string;
  memo: string;
  amount: string;
  balance: string;
}

export interface StatementSection {
  currency: string;
  opening: string;
  closing: string;
  lines: StatementLine[];
  totals: Partial<Record<LedgerKindName, string>>;
}

export interface Statement {
  owner: { kind: 'center' | 'account'; id: number; name: string; center: string };
  month: string;
  /** The offset the days are counted in, e.g. `+08:00`. */
  zone: string;
  generatedAt: string;
  sections: StatementSection[];
}

const zoneLabel = (offset: number) => {
  const sign = offset < 0 ? '-' : '+';
  const m = Math.abs(offset);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The center's statement (its wallets, one section per currency). */
export async function centerStatement(o: {
  db: Db;
  actor: Actor;
  orgId: number | null;
  query: TStatementQuery;
  offset: number;
}): Promise<Statement> {
  const access = await requireOrgAccess({ ...o, permission: 'finance.manage' });
  const [org] = rowsOf(
    await o.db.execute(sql`select org_name, currency from orgs where org_id = ${access.orgId}`),
  );
  const wallets = rowsOf(
    await o.db.execute(sql`select id, currency from wallets where owner_kind = 1 and org_id = ${access.orgId}
      order by currency`),
  );
  return statementOf(o.db, {
    owner: { kind: 'center', id: access.orgId, name: String(org.org_name), center: String(org.org_name) },
    wallets: wallets.length > 0 ? wallets : [{ id: null, currency: org.currency }],
    query: o.query,
    offset: o.offset,
  });
}

/** One account's statement (the `adv-id` account, read by those who may see its money). */
export async function accountStatement(o: {
  db: Db;
  actor: Actor;
  orgId: number | null;
  advId: number;
  query: TStatementQuery;
  offset: number;
}): Promise<Statement> {
  await reachAccountFinance(o, 'finance.view');
  const [adv] = rowsOf(
    await o.db.execute(sql`select a.adv_name, a.currency, g.org_name, w.id from advertisers a
      join orgs g on g.org_id = a.org_id
      left join wallets w on w.owner_kind = 2 and w.adv_id = a.adv_id where a.adv_id = ${o.advId}`),
  );
  return statementOf(o.db, {
    owner: { kind: 'account', id: o.advId, name: String(adv.adv_name), center: String(adv.org_name) },
    wallets: [{ id: adv.id, currency: adv.currency }],
    query: o.query,
    offset: o.offset,
  });
}

async function statementOf(
  db: Executor,
  o: { owner: Statement['owner']; wallets: Row[]; query: TStatementQuery; offset: number },
): Promise<Statement> {
  const first = `${o.query.month}-01`;
  const [y, m] = o.query.month.split('-').map(Number);
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const start = dayStartUtc(first, o.offset);
  const end = dayStartUtc(next, o.offset);
  const sections: StatementSection[] = [];
  for (const w of o.wallets) {
    sections.push(
      await sectionOf(db, {
        walletId: w.id === null ? null : Number(w.id),
        currency: String(w.currency),
        start,
        end,
        offset: o.offset,
      }),
    );
  }
  return {
    owner: o.owner,
    month: o.query.month,
    zone: zoneLabel(o.offset),
    generatedAt: new Date().toISOString(),
    sections,
  };
}

async function sectionOf(
  db: Executor,
  o: { walletId: number | null; currency: string; start: Date; end: Date; offset: number },
): Promise<StatementSection> {
  const { currency } = o;
  if (o.walletId === null)
    return { currency, opening: money('0', currency), closing: money('0', currency), lines: [], totals: {} };
  const local = sql`(p.created_at + make_interval(mins => ${o.offset}))`;
  const inMonth = sql`p.wallet_id = ${o.walletId} and p.created_at >= ${o.start.toISOString()}::timestamptz
    and p.created_at < ${o.end.toISOString()}::timestamptz`;
  const [opening] = rowsOf(
    await db.execute(sql`select balance_after::text as b from ledger_postings
      where wallet_id = ${o.walletId} and created_at < ${o.start.toISOString()}::timestamptz order by id desc limit 1`),
  );
  const daily = sql.join(
    DAILY.map((k) => sql`${k}`),
    sql`, `,
  );
  // Single movements with their time; the daily kinds summed per local day (placed at the day's end).
  const rows = rowsOf(
    await db.execute(sql`
      select to_char(${local}, 'YYYY-MM-DD') as day, to_char(${local}, 'HH24:MI') as time, e.kind,
        e.reference, e.memo, p.amount::text as amount, p.id as seq
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where ${inMonth} and e.kind not in (${daily})
      union all
      select to_char(${local}, 'YYYY-MM-DD'), null, e.kind, '', '', sum(p.amount)::text, max(p.id)
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where ${inMonth} and e.kind in (${daily})
      group by 1, 3
      order by 1, 2 nulls last, 7`),
  );
  let balance = micros(String(opening?.b ?? '0'));
  const totals = new Map<LedgerKindName, bigint>();
  const lines = rows.map((r) => {
    const amount = micros(String(r.amount));
    balance += amount;
    const kind = KIND_NAMES[Number(r.kind)] ?? 'adjustment';
    totals.set(kind, (totals.get(kind) ?? 0n) + amount);
    return {
      date: String(r.day),
      time: r.time === null ? null : String(r.time),
      kind,
      reference: String(r.reference),
      memo: String(r.memo),
      amount: money(decimal(amount), currency),
      balance: money(decimal(balance), currency),
    };
  });
  return {
    currency,
    opening: money(String(opening?.b ?? '0'), currency),
    closing: money(decimal(balance), currency),
    lines,
    totals: Object.fromEntries([...totals].map(([k, v]) => [k, money(decimal(v), currency)])),
  };
}
