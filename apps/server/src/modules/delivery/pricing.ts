import { BIDDING_TYPE } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { IndexedGroup } from './catalog';

/**
 * What an impression is worth to an ad group (CPM, the account's currency), and what to bid for it.
 *
 * CPM bids its price. The other strategies bid the expected value of a thousand impressions, from rates
 * learned from the ad group's own history in the statistics store (lifetime impressions, clicks,
 * installs, revenue; attributed events of the last 30 days) with a prior that a new ad group starts
 * from and that its history outweighs as it grows (a Beta prior as pseudo-counts, `PRIORS`):
 *
 * - CPC: bid × CTR × 1000;
 * - CPI: bid × CTR × installs per click × 1000;
 * - CPA: Σ over the optimisation events of event bid × CTR × events per click × 1000;
 * - ROAS (ROAS0, ROAS7, ROAS): expected revenue of a thousand impressions (CTR × installs per click ×
 *   revenue per install × 1000), at most the ad group's bid (its ceiling per thousand impressions).
 *
 * The publisher's overbid applies last (value × (1 + percent / 100)). A value under the impression's
 * floor is no bid; a bid is never under the floor.
 *
 * First-price auctions (`at` = 1) bid a shaded price (`Shading`): per exchange and ad group a factor
 * between `SHADE_MIN` and 1 of the value, starting at `SHADE_START`; each win lowers it by `SHADE_STEP`
 * (the price may have been higher than needed), each loss raises it by `SHADE_STEP × 3` (aiming at
 * about three wins in four); a loss notice that says the price to beat (`${AUCTION_MIN_TO_WIN}`) moves it
 * straight to just above that price when the value allows. Never over the value, never under the floor.
 * Second price (`at` = 2) bids the value: the clearing price is the runner-up's.
 */

export const PRIORS = {
  /** CTR 1 % as if seen over 2,000 impressions. */
  ctr: { mean: 0.01, weight: 2000 },
  /** Installs per click 5 % over 200 clicks. */
  installsPerClick: { mean: 0.05, weight: 200 },
  /** Each optimisation event per click 2 % over 200 clicks. */
  eventsPerClick: { mean: 0.02, weight: 200 },
  /** Revenue per install 0.50 over 20 installs. */
  revenuePerInstall: { mean: 0.5, weight: 20 },
} as const;

export interface GroupHistory {
  impressions: number;
  clicks: number;
  installs: number;
  revenue: number;
  events: Map<string, number>;
}

const EMPTY: GroupHistory = { impressions: 0, clicks: 0, installs: 0, revenue: 0, events: new Map() };

const rate = (hits: number, trials: number, prior: { mean: number; weight: number }) =>
  (hits + prior.mean * prior.weight) / (trials + prior.weight);

/** The value of a thousand impressions of the group on a publisher, before the floor. */
export function valuePerMille(g: IndexedGroup, history: GroupHistory | undefined, bundle: string): number {
  return withOverbid(g, baseValue(g, history), bundle);
}

/** The publisher's overbid on a value. */
export function withOverbid(g: IndexedGroup, value: number, bundle: string): number {
  const overbid = g.overbids.size > 0 ? g.overbids.get(bundle) : undefined;
  return overbid === undefined ? value : value * (1 + overbid / 100);
}

/** The value of a thousand impressions before any overbid (what the bidder keeps per group). */
export function baseValue(g: IndexedGroup, history: GroupHistory | undefined): number {
  const h = history ?? EMPTY;
  const ctr = rate(h.clicks, h.impressions, PRIORS.ctr);
  const ipc = rate(h.installs, h.clicks, PRIORS.installsPerClick);
  let value: number;
  switch (g.biddingType) {
    case BIDDING_TYPE.CPM:
      value = g.bidPrice;
      break;
    case BIDDING_TYPE.CPC:
      value = g.bidPrice * ctr * 1000;
      break;
    case BIDDING_TYPE.CPI:
      value = g.bidPrice * ctr * ipc * 1000;
      break;
    case BIDDING_TYPE.CPA:
      value = g.events.reduce(
        (sum, e) => sum + e.bid * ctr * rate(h.events.get(e.eventId) ?? 0, h.clicks, PRIORS.eventsPerClick),
        0,
      );
      value *= 1000;
      break;
    default: {
      const rpi = rate(h.revenue, h.installs, PRIORS.revenuePerInstall);
      value = Math.min(g.bidPrice, ctr * ipc * rpi * 1000);
    }
  }
  return value;
}

/** Rounds a CPM to four decimals, down (never over the value). */
export const cpm4 = (v: number) => Math.floor(v * 10_000 + 1e-6) / 10_000;

const SHADE_START = 0.8;
const SHADE_MIN = 0.3;
const SHADE_STEP = 0.01;

/** First-price shading factors per exchange and ad group (in memory, learned from notices). */
export class Shading {
  private factors = new Map<string, number>();

  factor(exchangeId: number, adgroupId: number): number {
    return this.factors.get(`${exchangeId}:${adgroupId}`) ?? SHADE_START;
  }

  /** The price to bid: shaded value, never over the value nor under the floor. */
  price(exchangeId: number, adgroupId: number, value: number, floor: number): number {
    return cpm4(Math.min(value, Math.max(floor, value * this.factor(exchangeId, adgroupId))));
  }

  won(exchangeId: number, adgroupId: number) {
    const key = `${exchangeId}:${adgroupId}`;
    this.factors.set(key, Math.max(SHADE_MIN, this.factor(exchangeId, adgroupId) - SHADE_STEP));
  }

  /** A loss; `minToWin`/`value` when the exchange said what would have won. */
  lost(exchangeId: number, adgroupId: number, minToWin?: { price: number; value: number }) {
    const key = `${exchangeId}:${adgroupId}`;
    let next = Math.min(1, this.factor(exchangeId, adgroupId) + SHADE_STEP * 3);
    if (minToWin && minToWin.value > 0 && minToWin.price > 0)
      next = Math.min(1, Math.max(SHADE_MIN, (minToWin.price * 1.01) / minToWin.value));
    this.factors.set(key, next);
  }
}

/** The ad groups' history from the store (lifetime sums; attributed events of 30 days). */
export async function loadHistory(db: Executor, groupIds: number[]): Promise<Map<number, GroupHistory>> {
  const out = new Map<number, GroupHistory>();
  if (groupIds.length === 0) return out;
  const ids = sql.join(
    groupIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const sums = (await db.execute(sql`
    select object_id, impressions::float8 as impressions, clicks::float8 as clicks,
      installs::float8 as installs, revenue::float8 as revenue
    from stats_lifetime where level = 2 and object_id in (${ids})`)) as unknown as {
    rows: { object_id: number; impressions: number; clicks: number; installs: number; revenue: number }[];
  };
  for (const r of sums.rows) {
    out.set(Number(r.object_id), {
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      installs: Number(r.installs),
      revenue: Number(r.revenue),
      events: new Map(),
    });
  }
  const texts = sql.join(
    groupIds.map((id) => sql`${String(id)}`),
    sql`, `,
  );
  const events = (await db.execute(sql`
    select adgroup_id, event_id, sum(attributed)::float8 as n from tracking_hourly
    where basis = 1 and kind = 3 and adgroup_id in (${texts}) and hour >= now() - interval '30 days'
    group by 1, 2`)) as unknown as { rows: { adgroup_id: string; event_id: string; n: number }[] };
  for (const r of events.rows) {
    const id = Number(r.adgroup_id);
    let h = out.get(id);
    if (!h) {
      h = { impressions: 0, clicks: 0, installs: 0, revenue: 0, events: new Map() };
      out.set(id, h);
    }
    h.events.set(r.event_id, Number(r.n));
  }
  return out;
}
