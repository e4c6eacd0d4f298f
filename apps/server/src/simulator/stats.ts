import { formatMicros, perImpression } from './money';

/**
 * What the simulator did, counted exactly: per kind of request, how many were sent and how many the
 * server acknowledged (a 2xx; a click's 302 with a location; a postback or pixel event the envelope
 * answers `accepted`, so a duplicate is not acknowledged), and per ad group (the bid's `adid`) what was
 * acknowledged. Money is summed in bigint micro-units and shown as exact decimal text: `billed` is the
 * sum of billed CPM prices / 1000, the cost of those impressions to a CPM ad group.
 */

export type RequestKind = 'bid' | 'win' | 'bill' | 'loss' | 'click' | 'install' | 'event' | 'pixel';

export interface Counter {
  sent: number;
  acknowledged: number;
}

export interface AdGroupStats {
  /** Bids received for the ad group. */
  bids: number;
  /** Auctions it won. */
  wins: number;
  /** Acknowledged win notices. */
  winNotices: number;
  /** Acknowledged billing notices: its billed impressions. */
  impressions: number;
  /** Acknowledged billed prices / 1000 (decimal text). */
  cost: string;
  clicks: number;
  installs: number;
  /** Acknowledged in-app events (not installs). */
  events: number;
  pixelEvents: number;
  /** Acknowledged revenue of in-app purchases and pixel values (decimal text). */
  revenue: string;
}

export interface SimulationStats {
  /** Bid requests. */
  requests: Counter;
  /** Bid requests not sent because `concurrency` requests were in flight. */
  dropped: number;
  bids: number;
  noBids: number;
  auctionsWon: number;
  auctionsLost: number;
  winNotices: Counter;
  billingNotices: Counter;
  lossNotices: Counter;
  /** Sum of billed prices / 1000 of billing notices sent and acknowledged (decimal text). */
  billed: { sent: string; acknowledged: string };
  /** Ads rendered (their billing notice was sent). */
  impressions: number;
  clicks: Counter;
  installs: Counter;
  events: Counter;
  pixelEvents: Counter;
  /** Revenue of in-app purchases and pixel values (decimal text). */
  revenue: { sent: string; acknowledged: string };
  /** Acknowledged conversions the server could not attribute to a click. */
  unattributed: number;
  /** Requests sent again after a 503 with `retry-after`. */
  retries: number;
  /** Requests not acknowledged, by kind and status (`bill 503`, `click error`). */
  failures: Record<string, number>;
  byAdGroup: Record<string, AdGroupStats>;
}

interface GroupTally {
  bids: number;
  wins: number;
  winNotices: number;
  impressions: number;
  cost: bigint;
  clicks: number;
  installs: number;
  events: number;
  pixelEvents: number;
  revenue: bigint;
}

/** The acknowledged count each kind adds to its ad group. */
const GROUP_FIELDS = {
  win: 'winNotices',
  bill: 'impressions',
  click: 'clicks',
  install: 'installs',
  event: 'events',
  pixel: 'pixelEvents',
} as const satisfies Partial<Record<RequestKind, keyof GroupTally>>;

const counter = (): Counter => ({ sent: 0, acknowledged: 0 });

/** The running counts (mutable, bigint money); `snapshot` gives the plain, serialisable view. */
export class Tally {
  readonly counters: Record<RequestKind, Counter> = {
    bid: counter(),
    win: counter(),
    bill: counter(),
    loss: counter(),
    click: counter(),
    install: counter(),
    event: counter(),
    pixel: counter(),
  };
  dropped = 0;
  bids = 0;
  noBids = 0;
  auctionsWon = 0;
  auctionsLost = 0;
  impressions = 0;
  unattributed = 0;
  retries = 0;
  /** CPM prices of billing notices, micro-units. */
  billedSent = 0n;
  billedAcknowledged = 0n;
  revenueSent = 0n;
  revenueAcknowledged = 0n;
  readonly failures = new Map<string, number>();
  private readonly groups = new Map<string, GroupTally>();

  group(adgroupId: string): GroupTally {
    let g = this.groups.get(adgroupId);
    if (!g) {
      g = {
        bids: 0,
        wins: 0,
        winNotices: 0,
        impressions: 0,
        cost: 0n,
        clicks: 0,
        installs: 0,
        events: 0,
        pixelEvents: 0,
        revenue: 0n,
      };
      this.groups.set(adgroupId, g);
    }
    return g;
  }

  sent(kind: RequestKind) {
    this.counters[kind].sent++;
  }

  /** An acknowledged request of an ad group; `price` (CPM micros) for a billing notice, `revenue` (micros). */
  acknowledged(
    kind: RequestKind,
    adgroupId: string | null,
    money: { price?: bigint; revenue?: bigint } = {},
  ) {
    this.counters[kind].acknowledged++;
    if (money.price !== undefined) this.billedAcknowledged += money.price;
    if (money.revenue !== undefined) this.revenueAcknowledged += money.revenue;
    if (adgroupId === null || kind === 'bid' || kind === 'loss') return;
    const g = this.group(adgroupId);
    g[GROUP_FIELDS[kind]]++;
    if (money.price !== undefined) g.cost += money.price;
    if (money.revenue !== undefined) g.revenue += money.revenue;
  }

  failed(kind: RequestKind, status: number | string) {
    const key = `${kind} ${status}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  snapshot(): SimulationStats {
    const copy = (kind: RequestKind) => ({ ...this.counters[kind] });
    const byAdGroup: Record<string, AdGroupStats> = {};
    for (const [id, g] of [...this.groups].sort(([a], [b]) => a.localeCompare(b)))
      byAdGroup[id] = { ...g, cost: perImpression(g.cost), revenue: formatMicros(g.revenue) };
    return {
      requests: copy('bid'),
      dropped: this.dropped,
      bids: this.bids,
      noBids: this.noBids,
      auctionsWon: this.auctionsWon,
      auctionsLost: this.auctionsLost,
      winNotices: copy('win'),
      billingNotices: copy('bill'),
      lossNotices: copy('loss'),
      billed: { sent: perImpression(this.billedSent), acknowledged: perImpression(this.billedAcknowledged) },
      impressions: this.impressions,
      clicks: copy('click'),
      installs: copy('install'),
      events: copy('event'),
      pixelEvents: copy('pixel'),
      revenue: { sent: formatMicros(this.revenueSent), acknowledged: formatMicros(this.revenueAcknowledged) },
      unattributed: this.unattributed,
      retries: this.retries,
      failures: Object.fromEntries([...this.failures].sort(([a], [b]) => a.localeCompare(b))),
      byAdGroup,
    };
  }
}
