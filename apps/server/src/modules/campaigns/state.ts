import { type SQL, sql } from 'drizzle-orm';
import { STATS_LEVEL } from '../../db/schema';
import { type AccountClock, addDays, utcRange } from './clock';

/**
 * The delivery status (spec 4) in SQL, the same rule as `packages/domain/src/delivery-status.ts`
 * (`apps/server/test/campaigns-status.test.ts` holds the two together). One account at a time: the
 * CTEs below (`cst`, `gst`) carry each campaign's and ad group's blocking reasons, split into "hard"
 * ones of the object itself (deleted, paused) and "soft" ones (account, budgets, schedule, dayparting),
 * because a paused ad group shows 12 even when its account is stopped. Spend comes from the
 * statistics store, only for objects with a budget of that kind: today's from the hourly facts since
 * the account's midnight (from the running totals for a UTC account), lifetime spend from the lifetime
 * running totals.
 */

export interface StatusContext {
  advId: number;
  /** Advertiser account status: anything but 1 stops delivery (10). */
  advStatus: number;
  /** Decisions 7: balance plus credit or the spending cap ran out (the finance issue sets it). */
  accountLimitReached: boolean;
  clock: AccountClock;
}

/**
 * Which objects the status CTEs cover: every object of the account, or (a list's page) the campaigns
 * and ad groups of these subqueries of ids, so a page of 20 costs its 20 objects, not the account's.
 */
export interface StatusScope {
  campaigns: SQL;
  adgroups: SQL;
}

/**
 * `with` items defining `cst(id, hard, soft)` and `gst(id, campaign_id, hard, soft, deliverable,
 * in_review, rejected)`, for every object of the account or those of `scope`.
 */
export function statusCtes(ctx: StatusContext, scope?: StatusScope): SQL {
  const { advId, clock } = ctx;
  const accountSoft = ctx.advStatus !== 1 ? sql`10` : ctx.accountLimitReached ? sql`20` : sql`null::int`;
  const inScope = (column: string, level: 'campaign' | 'adgroup') =>
    scope
      ? sql` and ${sql.raw(column)} in (${level === 'campaign' ? scope.campaigns : scope.adgroups})`
      : sql``;
  /** The account's (scoped) campaigns or ad groups with a budget of this type, not deleted. */
  const budgeted = (level: 'campaign' | 'adgroup', budgetType: 0 | 1) =>
    sql`select id from ${sql.raw(level === 'campaign' ? 'campaigns' : 'ad_groups')}
      where adv_id = ${advId} and budget_type = ${budgetType} and deleted_at is null${inScope('id', level)}`;
  // Today's spend of the objects with a daily budget: for a UTC account (its day is a whole UTC day)
  // the day's running total minus the day before's (no row today: nothing spent; no row the day
  // before: today is its first day), else the hours since its midnight.
  const today = utcRange(clock.today, clock.today, clock.offset);
  const todaySpend = (level: 'campaign' | 'adgroup') => {
    if (today.dayFrom !== today.dayTo) {
      return sql`select r.object_id as id, r.cost - coalesce(p.cost, 0) as v
        from stats_cumulative r
        left join stats_cumulative p on p.adv_id = ${advId} and p.level = ${STATS_LEVEL[level]}
          and p.day = ${addDays(today.dayFrom, -1)}::date and p.object_id = r.object_id
        where r.adv_id = ${advId} and r.level = ${STATS_LEVEL[level]} and r.day = ${today.dayFrom}::date
          and r.object_id in (${budgeted(level, 0)})`;
    }
    const key = sql.raw(level === 'campaign' ? 'campaign_id' : 'adgroup_id');
    return sql`select ${key} as id, sum(cost) as v from stats_hourly
      where adv_id = ${advId} and hour >= ${clock.todayStart.toISOString()}::timestamptz
        and ${key} in (${budgeted(level, 0)})
      group by 1`;
  };
  const lifetimeSpend = (level: 'campaign' | 'adgroup') =>
    sql`select l.object_id as id, l.cost as v from stats_lifetime l
      where l.adv_id = ${advId} and l.level = ${STATS_LEVEL[level]} and l.object_id in (${budgeted(level, 1)})`;
  // Materialised: each is computed once for the budgeted objects, not probed per object of the list.
  return sql`
    c_today as materialized (${todaySpend('campaign')}),
    g_today as materialized (${todaySpend('adgroup')}),
    c_total as materialized (${lifetimeSpend('campaign')}),
    g_total as materialized (${lifetimeSpend('adgroup')}),
    cst as (
      select c.id,
        case when c.deleted_at is not null then 14 when not c.enabled then 11 end as hard,
        coalesce(${accountSoft},
          case when c.budget_type = 1 and coalesce(ct.v, 0) >= c.budget then 21
               when c.budget_type = 0 and coalesce(cd.v, 0) >= c.budget then 23 end) as soft
      from campaigns c
      left join c_today cd on cd.id = c.id
      left join c_total ct on ct.id = c.id
      where c.adv_id = ${advId}${inScope('c.id', 'campaign')}),
    cr_sum as (
      select adgroup_id as id,
        count(*) filter (where enabled and review_status = 3) as deliverable,
        count(*) filter (where review_status = 1) as in_review,
        count(*) filter (where review_status = 2) as rejected
      from creatives where adv_id = ${advId} and deleted_at is null${inScope('adgroup_id', 'adgroup')} group by 1),
    gst as (
      select g.id, g.campaign_id,
        case when g.deleted_at is not null then 14 when not g.enabled then 12 end as hard,
        case when g.budget_type = 1 and coalesce(gt.v, 0) >= g.budget then 24
             when g.budget_type = 0 and coalesce(gd.v, 0) >= g.budget then 22
             when g.start_date is not null and g.start_date > ${clock.today}::date then 10
             when g.schedule_type = 1 and g.end_date is not null and g.end_date < ${clock.today}::date then 10
             when g.dayparting_type = 1 and substr(g.dayparting, ${clock.weekHour + 1}, 1) <> '1' then 10
        end as soft,
        coalesce(cs.deliverable, 0) as deliverable,
        coalesce(cs.in_review, 0) as in_review,
        coalesce(cs.rejected, 0) as rejected
      from ad_groups g
      left join g_today gd on gd.id = g.id
      left join g_total gt on gt.id = g.id
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
