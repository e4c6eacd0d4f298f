import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type CommissionVersion, commissionSpans, type Span } from '../money-view/schedule';
import { accountDays } from '../money-view/view';
import { notifyUsers, orgAdminIds } from '../notices/notify';
import { decimal, micros } from '../statistics/micros';
import { money } from './format';
import { post, walletOf } from './ledger';

/**
 * Spend (decisions 7): what delivery cost, charged to the account's wallet from the statistics store's
 * cost per UTC hour (the per-creative hours, `stats_hourly_ad`: cost by billing type as the store wrote
 * it), so the ledger's spend and the reports' cost agree to the cent. Each run charges, per hour, the
 * difference between the store's total and what `spend_charges` says was charged, under that row's lock,
 * and moves it up in the same transaction: a late fact is charged once, a re-run charges nothing, two
 * runs at once charge each difference once. The commission on the hour (`use_commission`, at the version
 * in force on the account-local day, the money-view's spans) is charged beside it, rounded on the hour's
 * total. Spend already delivered may take the balance below zero; the account then stops (status 20).
 */

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const HOUR = 3_600_000;
const RATE_SCALE = 100_000_000n;

export interface ChargeOptions {
  /** One account, or every account with cost in the window. */
  advId?: number;
  /** The end of the window (default now). */
  now?: Date;
  /** How far back facts may still arrive late (hours; default 30 days). */
  lookbackHours?: number;
}

export interface ChargeResult {
  accounts: number;
  /** Ledger entries posted (spend, commission, refunds). */
  entries: number;
}

/** Charges every account (or one) the difference between the store's cost and what was charged. */
export async function chargeSpend(db: Db, options: ChargeOptions = {}): Promise<ChargeResult> {
  const now = options.now ?? new Date();
  const from = new Date(Math.floor(now.getTime() / HOUR) * HOUR - (options.lookbackHours ?? 30 * 24) * HOUR);
  const accounts =
    options.advId !== undefined
      ? [options.advId]
      : rowsOf(
          await db.execute(sql`select distinct adv_id from stats_hourly_ad
            where hour >= ${from.toISOString()}::timestamptz order by adv_id`),
        ).map((r) => Number(r.adv_id));
  let entries = 0;
  for (const advId of accounts) {
    entries += await db.transaction((tx) => chargeAccount(tx, advId, from));
  }
  return { accounts: accounts.length, entries };
}

/** The commission rate in force at an instant (scaled by 10⁸), from the account's spans. */
function rateAt(spans: Span[], at: Date): bigint {
  const t = at.getTime();
  const s = spans.find((x) => x.from.getTime() <= t && (x.to === null || t < x.to.getTime()));
  return s ? micros(s.ratio) * 100n : 0n;
}

/** `cost × rate`, rounded half away from zero to micro-units. */
const feeOf = (cost: bigint, rate: bigint) => {
  const n = cost * rate;
  const q = n / RATE_SCALE;
  const r = n % RATE_SCALE;
  return 2n * (r < 0n ? -r : r) >= RATE_SCALE ? q + (n < 0n ? -1n : 1n) : q;
};

async function chargeAccount(tx: Tx, advId: number, from: Date): Promise<number> {
  const [adv] = rowsOf(
    await tx.execute(sql`select a.adv_id, a.org_id, a.currency, a.timezone,
        (select json_agg(json_build_object('at', v.effective_at,
            'rate', case when v.use_commission then v.commission_rate::text else '0' end) order by v.id)
          from org_commission_versions v where v.org_id = a.org_id) as versions
      from advertisers a where a.adv_id = ${advId}`),
  );
  if (!adv) return 0;
  // The hours whose store total differs from what was charged, their charge rows locked (opened first).
  const totals = sql`select hour, sum(cost) as cost from stats_hourly_ad
    where adv_id = ${advId} and hour >= ${from.toISOString()}::timestamptz group by hour`;
  await tx.execute(sql`insert into spend_charges (adv_id, hour)
    select ${advId}, h.hour from (${totals}) h
    where not exists (select 1 from spend_charges c where c.adv_id = ${advId} and c.hour = h.hour)
    order by h.hour on conflict do nothing`);
  const hours = rowsOf(
    await tx.execute(sql`with h as materialized (${totals})
      select c.hour, c.cost::text as charged, c.fee::text as charged_fee, h.cost::text as cost
      from spend_charges c join h on h.hour = c.hour
      where c.adv_id = ${advId} and c.hour >= ${from.toISOString()}::timestamptz and c.cost is distinct from h.cost
      order by c.hour for update of c`),
  );
  const raw = adv.versions;
  const versions: CommissionVersion[] = ((typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []).map(
    (v: { at: string; rate: string }) => ({ effectiveAt: new Date(v.at), rate: v.rate }),
  );
  const spans = commissionSpans(versions, accountDays(String(adv.timezone)));
  let spend = 0n;
  let fee = 0n;
  const updates: { hour: string; cost: bigint; fee: bigint }[] = [];
  for (const h of hours) {
    const hour = new Date(h.hour as string);
    const cost = micros(String(h.cost ?? '0'));
    // Facts are only added, so a total below the charge is a statement that began before a concurrent
    // run committed what it saw: that run charged it; this one leaves the hour alone.
    if (cost < micros(String(h.charged))) continue;
    const hourFee = feeOf(cost, rateAt(spans, hour));
    spend += cost - micros(String(h.charged));
    fee += hourFee - micros(String(h.charged_fee));
    updates.push({ hour: hour.toISOString(), cost, fee: hourFee });
  }
  if (updates.length === 0) return 0;
  await tx.execute(sql`update spend_charges c set cost = v.cost, fee = v.fee, updated_at = now()
    from (values ${sql.join(
      updates.map(
        (u) => sql`(${u.hour}::timestamptz, ${decimal(u.cost)}::numeric, ${decimal(u.fee)}::numeric)`,
      ),
      sql`, `,
    )}) v(hour, cost, fee) where c.adv_id = ${advId} and c.hour = v.hour`);

  const orgId = Number(adv.org_id);
  const currency = String(adv.currency);
  const account = await walletOf(tx, { kind: 'account', orgId, advId, currency });
  const revenue = await walletOf(tx, { kind: 'revenue', currency });
  const [before] = rowsOf(
    await tx.execute(sql`select w.balance::text as balance, a.low_balance_alert::text as alert
      from wallets w join advertisers a on a.adv_id = w.adv_id where w.id = ${account}`),
  );
  // The run's key: the hours and the totals it charged them up to (another run that finds the same
  // differences charges nothing: it waited for this one's row locks and sees them charged).
  const key = createHash('sha1')
    .update(updates.map((u) => `${u.hour}=${u.cost}/${u.fee}`).join(','))
    .digest('base64url');
  const memo = `${updates[0].hour.slice(0, 13)}:00Z – ${updates[updates.length - 1].hour.slice(0, 13)}:00Z`;
  let entries = 0;
  for (const [kind, amount] of [
    ['spend', spend],
    ['commission', fee],
  ] as const) {
    if (amount === 0n) continue;
    await post(tx, {
      reference: `${kind}:${advId}:${key}`,
      kind: amount < 0n ? 'refund' : kind,
      orgId,
      memo,
      postings: [
        { walletId: account, amount: -amount, floor: 'none' },
        { walletId: revenue, amount, floor: 'none' },
      ],
    });
    entries++;
  }
  await alertLowBalance(tx, { advId, orgId, currency, wallet: account, before });
  return entries;
}

/** Tells the account's admins when this charge took its balance below its alert threshold. */
async function alertLowBalance(
  tx: Tx,
  o: { advId: number; orgId: number; currency: string; wallet: number; before: Row },
) {
  if (o.before.alert === null) return;
  const threshold = micros(String(o.before.alert));
  const [after] = rowsOf(
    await tx.execute(sql`select balance::text as balance from wallets where id = ${o.wallet}`),
  );
  if (!(micros(String(o.before.balance)) >= threshold && micros(String(after.balance)) < threshold)) return;
  const admins = rowsOf(
    await tx.execute(sql`select user_id from adv_members where adv_id = ${o.advId} and org_id = ${o.orgId}
      and adv_role = 'role_admin'`),
  ).map((r) => String(r.user_id));
  await notifyUsers(tx, [...(await orgAdminIds(tx, o.orgId)), ...admins], {
    type: 'finance',
    code: 3,
    message: 'notices.low_balance',
    params: {
      adv_id: o.advId,
      balance: money(String(after.balance), o.currency),
      threshold: money(String(o.before.alert), o.currency),
      currency: o.currency,
    },
    orgId: o.orgId,
    advId: o.advId,
  });
}
