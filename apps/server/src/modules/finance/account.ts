import {
  ORG_TYPE,
  type TAccountFinance,
  type TAccountFinanceSettings,
  type TTransactions,
  type TTransactionsQuery,
} from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { requireAdvAccess } from '../../access/org-access';
import type { Db } from '../../db/client';
import { forbiddenBecause } from '../../http/errors';
import { requireAds } from '../account-scope/scope';
import { recordActivity } from '../activity/service';
import { accountClock } from '../clock/clock';
import { hourCost } from '../money-view/cost-sql';
import { moneyViewOf } from '../money-view/view';
import { decimal, micros } from '../statistics/micros';
import { amountIn, money, walletView } from './format';
import { transactionsOf } from './service';

/**
 * One account's money (`/setting/payment`, the home page's balance card): its wallet, today's spend, how
 * many days the money lasts at the last seven days' pace, its daily cap and low-balance alert. Readers
 * with `finance.view` on the account (its admins, the client's admin, org admins) through its owner center;
 * the cap and the alert need `money.move` (not the client's admin). An account of an advertiser-type
 * center has no finance.
 */

interface Deps {
  db: Db;
  actor: Actor;
  /** `mark` header: an org admin previewing the Advertiser view (markup on today's spend). */
  mark?: boolean;
  orgId: number | null;
  advId: number;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const HOUR = 3_600_000;

/** The account's money may be read (`finance.view`) or changed (`money.move`) by the caller. */
export async function reachAccountFinance(deps: Deps, permission: 'finance.view' | 'money.move') {
  const adv = await requireAdvAccess({ ...deps, permission });
  const [owner] = rowsOf(
    await deps.db.execute(sql`select o.org_type from orgs o where o.org_id = ${adv.owner_org_id}`),
  );
  if (Number(owner.org_type) !== ORG_TYPE.agency) throw forbiddenBecause('org_type');
  // A partner runs a shared account's ads; its money stays with the owner center.
  if (adv.shared) throw forbiddenBecause('role');
  return adv;
}

export async function accountFinance(deps: Deps): Promise<TAccountFinance> {
  await reachAccountFinance(deps, 'finance.view');
  const [adv] = rowsOf(
    await deps.db.execute(sql`select a.currency, a.timezone, a.daily_spend_cap::text as cap, a.status,
        a.low_balance_alert::text as alert,
        w.id, w.balance::text as balance, w.credit_limit::text as credit_limit
      from advertisers a left join wallets w on w.owner_kind = 2 and w.adv_id = a.adv_id
      where a.adv_id = ${deps.advId}`),
  );
  const currency = String(adv.currency);
  const clock = accountClock(String(adv.timezone));
  const now = Date.now();
  const weekFrom = new Date(Math.floor(now / HOUR) * HOUR - 7 * 24 * HOUR);
  // Today's spend is a cost figure: in the Advertiser view with the markup of the day, as lists and
  // reports show it (decisions 3, the money view). The balance and the pace are money, at cost.
  const pricing = await requireAds(
    { ...deps, locale: 'en-US', timezone: 0, reportType: 'event', mark: deps.mark ?? false },
    'ads.view',
  );
  const view = moneyViewOf(pricing, deps.mark ?? false);
  const [spend] = rowsOf(
    await deps.db.execute(sql`select
        coalesce(sum(${hourCost(view.cost)}) filter (where hour >= ${clock.todayStart.toISOString()}::timestamptz), 0)::numeric(24, 6)::text as today,
        coalesce(sum(cost) filter (where hour < ${new Date(Math.floor(now / HOUR) * HOUR).toISOString()}::timestamptz), 0)::text as week
      from stats_hourly_ad where adv_id = ${deps.advId} and hour >= ${weekFrom.toISOString()}::timestamptz`),
  );
  const wallet = walletView(adv.id == null ? undefined : adv, currency);
  const available = micros(wallet.available);
  const perDay = micros(String(spend.week)) / 7n;
  return {
    adv_id: deps.advId,
    currency,
    wallet,
    today_spend: money(spend.today, currency),
    /** Whole days the available money lasts at the last 7 days' average (null: nothing spent). */
    days_left: perDay > 0n ? Number(available > 0n ? available / perDay : 0n) : null,
    daily_spend_cap: adv.cap === null ? null : money(adv.cap, currency),
    low_balance_alert: adv.alert == null ? null : money(adv.alert, currency),
    limited: available <= 0n && adv.id != null,
  };
}

export async function accountTransactions(
  deps: Deps & { query: TTransactionsQuery; offset: number },
): Promise<TTransactions> {
  await reachAccountFinance(deps, 'finance.view');
  return transactionsOf(deps.db, {
    wallets: sql`select id from wallets where owner_kind = 2 and adv_id = ${deps.advId}`,
    query: deps.query,
    offset: deps.offset,
  });
}

/** The account's daily spending cap and low-balance alert (null: none). */
export async function setAccountFinance(
  deps: Deps & { input: TAccountFinanceSettings },
): Promise<TAccountFinance> {
  await reachAccountFinance(deps, 'money.move');
  const { input } = deps;
  await deps.db.transaction(async (tx) => {
    const [before] = rowsOf(
      await tx.execute(sql`select a.currency, a.org_id, a.daily_spend_cap::text as cap, a.low_balance_alert::text as alert
        from advertisers a where a.adv_id = ${deps.advId} for update`),
    );
    const currency = String(before.currency);
    const cap =
      input.daily_spend_cap === null ? null : amountIn(input.daily_spend_cap, currency, 'daily_spend_cap');
    const alert =
      input.low_balance_alert === null
        ? null
        : amountIn(input.low_balance_alert, currency, 'low_balance_alert');
    await tx.execute(sql`update advertisers set daily_spend_cap = ${cap === null ? null : decimal(cap)}::numeric,
      low_balance_alert = ${alert === null ? null : decimal(alert)}::numeric, updated_at = now()
      where adv_id = ${deps.advId}`);
    await recordActivity(tx, {
      orgId: Number(before.org_id),
      actor: deps.actor,
      action: 'finance.account_limits',
      objectType: 'advertiser',
      objectId: deps.advId,
      before: {
        daily_spend_cap: before.cap === null ? null : money(before.cap, currency),
        low_balance_alert: before.alert == null ? null : money(before.alert, currency),
      },
      after: { daily_spend_cap: input.daily_spend_cap, low_balance_alert: input.low_balance_alert },
    });
  });
  return accountFinance(deps);
}
