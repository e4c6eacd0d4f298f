import { BUDGET_TYPE } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AccountClock, accountClock, addDays, dayStartUtc, weekHour } from '../clock/clock';
import type { Catalog, IndexedGroup } from './catalog';

/**
 * Budgets, the account limit and even pacing, in memory (decisions 7 and 8).
 *
 * What has been spent comes from the statistics store, read again every `syncMs` (`sync`): today's cost
 * per ad group, campaign and account since the account's midnight, the lifetime cost of objects with a
 * lifetime budget, and each funded account's money left (wallet balance plus credit, less what the
 * store holds that finance has not charged yet). Between reads, what this process learns is added at
 * once: each bid it answers reserves its price until its billing notice, a loss notice or `holdMs`
 * (`reserve` / `release`), and each billing notice it stores adds its cost (`spent`).
 *
 * A bid goes out only if, with its own price and every reservation added, no budget, daily cap or the
 * account's money would be passed, so bids that all win and bill still stop at the budget: overspend is
 * bounded by the notices that arrive after their reservation expired (none, when notices come within
 * `holdMs`) and, across several bidder processes, by one `syncMs` of the others' spend.
 *
 * Even pacing: a daily budget may have spent, at any moment, the share of the day's delivery hours
 * (dayparting in the account's zone) that has passed, plus `PACE_SLACK` of the budget, so it lasts the
 * day rather than going in the first busy hour. A lifetime budget with an end date is paced the same way
 * over its dates; without one it is only capped.
 */

const PACE_SLACK = 0.02;
const HOUR = 3_600_000;

interface Reservation {
  keys: string[];
  amount: number;
  expires: number;
}

export interface PacerOptions {
  /** How long a bid's price stays reserved without a billing or loss notice. */
  holdMs?: number;
}

/** The share of today's delivery hours (dayparting) passed at `now`, 0–1. */
export function dayFraction(clock: AccountClock, dayparting: string | null, now: number): number {
  const start = clock.todayStart.getTime();
  const end = clock.todayEnd.getTime();
  if (!dayparting) return Math.min(1, Math.max(0, (now - start) / (end - start)));
  let total = 0;
  let passed = 0;
  for (let t = start; t < end; t += HOUR) {
    if (dayparting[weekHour(new Date(t), clock.zone)] !== '1') continue;
    total += 1;
    if (now >= t + HOUR) passed += 1;
    else if (now > t) passed += (now - t) / HOUR;
  }
  return total === 0 ? 1 : passed / total;
}

/** The share of a date range (account days, inclusive) passed at `now`, 0–1. */
function rangeFraction(zone: string, startDay: string, endDay: string, now: number): number {
  const from = dayStartUtc(startDay, zone).getTime();
  const to = dayStartUtc(addDays(endDay, 1), zone).getTime();
  return to <= from ? 1 : Math.min(1, Math.max(0, (now - from) / (to - from)));
}

export class Pacer {
  /** Spend from the store at the last sync plus notices stored since: `g<id>`, `c<id>`, `a<adv>` today. */
  private today = new Map<string, number>();
  /** Lifetime spend of objects with a lifetime budget: `G<id>`, `C<id>`. */
  private lifetime = new Map<string, number>();
  /** Money left per funded account (`a<adv>`). */
  private funds = new Map<string, number>();
  /** Reserved by bids in flight, per key (today's keys; lifetime keys as `G`/`C`). */
  private reserved = new Map<string, number>();
  private reservations = new Map<string, Reservation>();
  /** Allowed share of each budget now (`g<id>`, `c<id>`, `G<id>`, `C<id>`), from the last tick. */
  private pace = new Map<string, number>();
  private readonly holdMs: number;

  constructor(options: PacerOptions = {}) {
    this.holdMs = options.holdMs ?? 30_000;
  }

  private keysOf(g: IndexedGroup): string[] {
    const keys = [`g${g.adgroupId}`, `c${g.campaignId}`, `a${g.advId}`];
    if (g.budgets.group?.type === BUDGET_TYPE.lifetime) keys.push(`G${g.adgroupId}`);
    if (g.budgets.campaign?.type === BUDGET_TYPE.lifetime) keys.push(`C${g.campaignId}`);
    return keys;
  }

  private used(key: string, lifetime: boolean): number {
    return ((lifetime ? this.lifetime : this.today).get(key) ?? 0) + (this.reserved.get(key) ?? 0);
  }

  /** Whether the group may bid `amount` (its price for one impression) now. */
  canSpend(g: IndexedGroup, amount: number): boolean {
    const a = `a${g.advId}`;
    if (g.hasWallet && (this.funds.get(a) ?? 0) - (this.reserved.get(a) ?? 0) - amount <= 0) return false;
    const cap = g.budgets.accountDailyCap;
    if (cap !== null && this.used(a, false) + amount > cap) return false;
    const check = (budget: { type: number; amount: number } | null, id: number, level: 'g' | 'c') => {
      if (!budget) return true;
      const lifetime = budget.type === BUDGET_TYPE.lifetime;
      const key = lifetime ? `${level.toUpperCase()}${id}` : `${level}${id}`;
      const share = this.pace.get(key) ?? 1;
      return this.used(key, lifetime) + amount <= budget.amount * Math.min(1, share + PACE_SLACK);
    };
    return check(g.budgets.group, g.adgroupId, 'g') && check(g.budgets.campaign, g.campaignId, 'c');
  }

  /** Holds a bid's price until its billing or loss notice (or `holdMs`). */
  reserve(notice: string, g: IndexedGroup, amount: number, now = Date.now()) {
    const keys = this.keysOf(g);
    for (const k of keys) this.reserved.set(k, (this.reserved.get(k) ?? 0) + amount);
    this.reservations.set(notice, { keys, amount, expires: now + this.holdMs });
  }

  release(notice: string) {
    const r = this.reservations.get(notice);
    if (!r) return;
    this.reservations.delete(notice);
    for (const k of r.keys) this.reserved.set(k, Math.max(0, (this.reserved.get(k) ?? 0) - r.amount));
  }

  /** A billing notice this process stored: its cost counts now, not at the next sync. */
  spent(notice: string, g: IndexedGroup | undefined, cost: number) {
    this.release(notice);
    if (!g || cost <= 0) return;
    for (const k of this.keysOf(g)) {
      const map = k[0] === 'G' || k[0] === 'C' ? this.lifetime : this.today;
      map.set(k, (map.get(k) ?? 0) + cost);
    }
    const a = `a${g.advId}`;
    if (g.hasWallet) this.funds.set(a, (this.funds.get(a) ?? 0) - cost);
  }

  /** Drops reservations whose notices never came. */
  expire(now = Date.now()) {
    for (const [notice, r] of this.reservations) if (r.expires <= now) this.release(notice);
  }

  get inFlight(): number {
    return this.reservations.size;
  }

  /** Recomputes the allowed shares of every budget for `now` (cheap: once a second). */
  tick(catalog: Catalog, now = Date.now()) {
    const clocks = new Map<string, AccountClock>();
    const clockOf = (zone: string) => {
      let c = clocks.get(zone);
      if (!c) {
        c = accountClock(zone, new Date(now));
        clocks.set(zone, c);
      }
      return c;
    };
    const pace = new Map<string, number>();
    for (const g of catalog.groups.values()) {
      const clock = clockOf(g.zone);
      const { group, campaign } = g.budgets;
      if (group?.type === BUDGET_TYPE.daily)
        pace.set(`g${g.adgroupId}`, dayFraction(clock, g.dayparting, now));
      if (campaign?.type === BUDGET_TYPE.daily) pace.set(`c${g.campaignId}`, dayFraction(clock, null, now));
      if (group?.type === BUDGET_TYPE.lifetime && g.scheduleType === 1 && g.startDate && g.endDate)
        pace.set(`G${g.adgroupId}`, rangeFraction(g.zone, g.startDate, g.endDate, now));
    }
    this.pace = pace;
  }

  /** Reads spend and money from the store (see the class comment). */
  async sync(db: Executor, catalog: Catalog, now = new Date()) {
    const accounts = new Map<number, string>();
    const lifetimeGroups = new Set<number>();
    const lifetimeCampaigns = new Set<number>();
    for (const g of catalog.groups.values()) {
      accounts.set(g.advId, g.zone);
      if (g.budgets.group?.type === BUDGET_TYPE.lifetime) lifetimeGroups.add(g.adgroupId);
      if (g.budgets.campaign?.type === BUDGET_TYPE.lifetime) lifetimeCampaigns.add(g.campaignId);
    }
    if (accounts.size === 0) return;
    const since = [...accounts].map(
      ([adv, zone]) => sql`(${adv}::int, ${accountClock(zone, now).todayStart.toISOString()}::timestamptz)`,
    );
    const advList = sql.join(
      [...accounts.keys()].map((a) => sql`${a}`),
      sql`, `,
    );
    const todayRows = (await db.execute(sql`
      with accts(adv_id, since) as (values ${sql.join(since, sql`, `)})
      select h.adv_id, h.campaign_id, h.adgroup_id, sum(h.cost)::float8 as cost
      from stats_hourly_ad h join accts on accts.adv_id = h.adv_id
        and h.hour >= date_trunc('hour', accts.since)
      group by grouping sets ((h.adv_id), (h.adv_id, h.campaign_id), (h.adv_id, h.campaign_id, h.adgroup_id))`)) as unknown as {
      rows: { adv_id: number; campaign_id: number | null; adgroup_id: number | null; cost: number }[];
    };
    const objects = [
      ...[...lifetimeGroups].map((id) => sql`(2, ${id}::int)`),
      ...[...lifetimeCampaigns].map((id) => sql`(1, ${id}::int)`),
    ];
    const lifetimeRows =
      objects.length === 0
        ? { rows: [] }
        : ((await db.execute(sql`
          select level, object_id, cost::float8 as cost from stats_lifetime
          where adv_id in (${advList}) and (level, object_id) in (${sql.join(objects, sql`, `)})`)) as unknown as {
            rows: { level: number; object_id: number; cost: number }[];
          });
    // Money left: balance plus credit, less the store's cost finance has not charged yet (recent hours;
    // charges run every minute).
    const fundRows = (await db.execute(sql`
      select w.adv_id, (w.balance + w.credit_limit)::float8
        - coalesce((select sum(h.cost) from stats_hourly_ad h where h.adv_id = w.adv_id
            and h.hour >= date_trunc('hour', ${now.toISOString()}::timestamptz) - interval '3 days'), 0)::float8
        + coalesce((select sum(s.cost) from spend_charges s where s.adv_id = w.adv_id
            and s.hour >= date_trunc('hour', ${now.toISOString()}::timestamptz) - interval '3 days'), 0)::float8
          as funds
      from wallets w where w.owner_kind = 2 and w.adv_id in (${advList})`)) as unknown as {
      rows: { adv_id: number; funds: number }[];
    };
    const today = new Map<string, number>();
    for (const r of todayRows.rows) {
      const key =
        r.adgroup_id !== null
          ? `g${r.adgroup_id}`
          : r.campaign_id !== null
            ? `c${r.campaign_id}`
            : `a${r.adv_id}`;
      today.set(key, Number(r.cost));
    }
    const lifetime = new Map<string, number>();
    for (const r of lifetimeRows.rows)
      lifetime.set(`${Number(r.level) === 2 ? 'G' : 'C'}${r.object_id}`, Number(r.cost));
    const funds = new Map<string, number>();
    for (const r of fundRows.rows) funds.set(`a${r.adv_id}`, Number(r.funds));
    this.today = today;
    this.lifetime = lifetime;
    this.funds = funds;
  }
}
