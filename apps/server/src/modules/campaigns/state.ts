import { type SQL, sql } from 'drizzle-orm';
import { STATS_LEVEL } from '../../db/schema';
import { type AccountClock, addDays, utcRange } from '../clock/clock';

/**
 * The delivery status (spec 4) in SQL, the same rule as `packages/domain/src/delivery-status.ts` (its
 * unit tests state the rule; the API test `delivery-status-parity` holds this SQL to it over a seeded
 * random account in three zones and three account states, whole and scoped; `campaigns`, `time-zones`
 * and `account-limit` check it through the lists). One account at a time: the
 * CTEs below (`cst`, `gst`) carry each campaign's and ad group's blocking reasons, split into "hard"
 * ones of the object itself (deleted, paused) and "soft" ones (account, budgets, schedule, dayparting),
 * because a paused ad group shows 12 even when its account is stopped. Spend comes from the
 * statistics store, only for objects with a budget: lifetime spend from the lifetime running totals,
 * today's from the per-creative hours since the account's midnight (`stats_hourly_ad`: no bundle,
 * country or OS, a few rows per creative and hour), or from the running totals for a UTC account.
 */

export interface StatusContext {
  advId: number;
  /** Advertiser account status: anything but 1 stops delivery (10). */
  advStatus: number;
  clock: AccountClock;
}

/**
 * Which objects the status CTEs cover: every object of the account, or (a list's page) the campaigns
 * and ad groups of these subqueries of ids, so that a page of 20 costs its 20 objects, not the
 * account's.
 */
export interface StatusScope {
  campaigns: SQL;
  adgroups: SQL;
}

/**
 * The account limit (decisions 7) as one row `(reason)`: 20 (exceeding account limit) when the account's
 * wallet has run out (balance plus credit at or below zero: finance's spend has caught up with its
 * money), or when the cost of the account's local day so far (the per-creative hours since its midnight,
 * `stats_hourly_ad`) has reached its daily spending cap (`advertisers.daily_spend_cap`), else null. An
 * account without a wallet (no money ever moved to it) is not under finance's control; nothing is
 * summed for an account without a cap.
 */
export function accountLimitSql(advId: number, clock: AccountClock): SQL {
  return sql`select case
      when exists (select 1 from wallets w where w.owner_kind = 2 and w.adv_id = ${advId}
        and w.balance + w.credit_limit <= 0) then 20
      when a.daily_spend_cap is null then null::int
      when coalesce((select sum(h.cost) from stats_hourly_ad h
        where h.adv_id = ${advId} and h.hour >= ${clock.todayStart.toISOString()}::timestamptz), 0)
        >= a.daily_spend_cap then 20 end as reason
    from advertisers a where a.adv_id = ${advId}`;
}

/**
 * `with` items defining `cst(id, hard, soft)` and `gst(id, campaign_id, hard, soft, deliverable,
 * in_review, rejected)`, for every object of the account or those of `scope`.
 */
export function statusCtes(ctx: StatusContext, scope?: StatusScope): SQL {
  const { advId, clock } = ctx;
  const accountSoft = ctx.advStatus !== 1 ? sql`10` : sql`(select reason from acct)`;
  const inScope = (column: string, level: 'campaign' | 'adgroup') =>
    scope
      ? sql` and ${sql.raw(column)} in (${level === 'campaign' ? scope.campaigns : scope.adgroups})`
      : sql``;
  // What the budget of each campaign and ad group with one compares with: lifetime spend (the lifetime
  // running totals) for a lifetime budget; for a daily one, today's spend: for a UTC account (its day
  // is a whole UTC day) the day's running total minus the day before's (no row today: nothing spent;
  // no row the day before: today is its first day), else the hours since its midnight.
  const today = utcRange(clock.today, clock.today, clock.zone);
  const spend = (level: 'campaign' | 'adgroup') => {
    const n = STATS_LEVEL[level];
    const key = sql.raw(level === 'campaign' ? 'campaign_id' : 'adgroup_id');
    const todayJoin =
      today.dayFrom !== today.dayTo
        ? sql`left join stats_cumulative r on r.adv_id = ${advId} and r.level = ${n} and r.day = ${today.dayFrom}::date
            and r.object_id = o.id
          left join stats_cumulative p on p.adv_id = ${advId} and p.level = ${n}
            and p.day = ${addDays(today.dayFrom, -1)}::date and p.object_id = o.id`
        : sql`left join (select ${key} as id, sum(cost) as cost from stats_hourly_ad
            where adv_id = ${advId} and hour >= ${clock.todayStart.toISOString()}::timestamptz
              ${inScope(level === 'campaign' ? 'campaign_id' : 'adgroup_id', level)}
            group by 1) h on h.id = o.id`;
    const todaySpend = today.dayFrom !== today.dayTo ? sql`r.cost - coalesce(p.cost, 0)` : sql`h.cost`;
    return sql`select o.id, case when o.budget_type = 1 then l.cost else ${todaySpend} end as v
      from ${sql.raw(level === 'campaign' ? 'campaigns' : 'ad_groups')} o
      left join stats_lifetime l on l.adv_id = ${advId} and l.level = ${n} and l.object_id = o.id
      ${todayJoin}
      where o.adv_id = ${advId} and o.budget_type is not null and o.deleted_at is null
        ${inScope('o.id', level)}`;
  };
  // Spend materialised: computed once for the budgeted objects, not probed per object of a list. The
  // status CTEs too when scoped to a page (a few rows, planned apart: some 2 ms less planning);
  // for the whole account they stay inlinable, so a query of one object filters them by its id.
  const scoped = sql.raw(scope ? 'materialized ' : '');
  return sql`
    acct as materialized (${accountLimitSql(advId, clock)}),
    c_spend as materialized (${spend('campaign')}),
    g_spend as materialized (${spend('adgroup')}),
    cst as ${scoped}(
      select c.id,
        case when c.deleted_at is not null then 14 when not c.enabled then 11 end as hard,
        coalesce(${accountSoft},
          case when c.budget_type = 1 and coalesce(cp.v, 0) >= c.budget then 21
               when c.budget_type = 0 and coalesce(cp.v, 0) >= c.budget then 25 end) as soft
      from campaigns c
      left join c_spend cp on cp.id = c.id
      where c.adv_id = ${advId}${inScope('c.id', 'campaign')}),
    cr_sum as ${scoped}(
      select adgroup_id as id,
        count(*) filter (where enabled and review_status = 3) as deliverable,
        count(*) filter (where review_status = 1) as in_review,
        count(*) filter (where review_status = 2) as rejected
      from creatives where adv_id = ${advId} and deleted_at is null${inScope('adgroup_id', 'adgroup')} group by 1),
    gst as ${scoped}(
      select g.id, g.campaign_id,
        case when g.deleted_at is not null then 14 when not g.enabled then 12 end as hard,
        case when g.budget_type = 1 and coalesce(gp.v, 0) >= g.budget then 24
             when g.budget_type = 0 and coalesce(gp.v, 0) >= g.budget then 22
             when g.start_date is not null and g.start_date > ${clock.today}::date then 10
             when g.schedule_type = 1 and g.end_date is not null and g.end_date < ${clock.today}::date then 10
             when g.dayparting_type = 1 and substr(g.dayparting, ${clock.weekHour + 1}, 1) <> '1' then 10
        end as soft,
        coalesce(cs.deliverable, 0) as deliverable,
        coalesce(cs.in_review, 0) as in_review,
        coalesce(cs.rejected, 0) as rejected
      from ad_groups g
      left join g_spend gp on gp.id = g.id
      left join cr_sum cs on cs.id = g.id
      where g.adv_id = ${advId}${inScope('g.id', 'adgroup')})`;
}

/** A campaign's status, with `cst` joined as `cs` and `c` the campaign. */
export const campaignStatusSql = sql`coalesce(
  case when cs.hard = 14 then 14 end,
  case when cs.hard = 11 then 11 end,
  cs.soft,
  case when exists (select 1 from gst g2 where g2.campaign_id = c.id and g2.hard is null and g2.soft is null
    and g2.deliverable > 0) then 0 else 10 end)`;

/** An ad group's status, with `cst` as `cs` and `gst` as `gs`. */
export const adGroupStatusSql = sql`coalesce(
  case when cs.hard = 14 or gs.hard = 14 then 14 end,
  case when cs.hard = 11 then 11 end,
  case when gs.hard = 12 then 12 end,
  cs.soft, gs.soft,
  case when gs.deliverable > 0 then 0 when gs.in_review > 0 then 1 when gs.rejected > 0 then 2 else 10 end)`;

/** A creative's status, with `cst` as `cs`, `gst` as `gs` and `cr` the creative. */
export const creativeStatusSql = sql`coalesce(
  case when cs.hard = 14 or gs.hard = 14 or cr.deleted_at is not null then 14 end,
  case when cs.hard = 11 then 11 end,
  case when gs.hard = 12 then 12 end,
  case when not cr.enabled then 13 end,
  case cr.review_status when 1 then 1 when 2 then 2 when 3 then null else 10 end,
  cs.soft, gs.soft, 0)`;
