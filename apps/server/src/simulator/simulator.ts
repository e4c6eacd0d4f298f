import { RTB_PATHS, TRACKING_PATHS, trimOrigin } from '@scaler/domain';
import { drawCompetitors, fillMacros, priceText, runAuction } from './auction';
import { bidOf, type ReceivedBid } from './bids';
import { atOrigin, clickIdOf, clickTarget, clickUrlOf } from './clicks';
import { appJourney, installDelay, installRate, pixelBody, type WebEvent, webJourney } from './conversions';
import { type DirectoryApp, DirectoryCache, type SimulationDirectory } from './directory';
import { microsOf, parseMicros } from './money';
import { clickIdParam, type PartnerEvent, partnerPostbackUrl, type SimulatedAppEvent } from './partners';
import { between, chance, childOf, cumulative, pickWeighted, type Rng, rngOf, uuid } from './random';
import { bidRequest, type SimRequest } from './requests';
import { type RequestKind, type SimulationStats, Tally } from './stats';
import { COUNTRIES, type Format, makeUsers, pickFormat, pickPublisher, pickUser, type User } from './supply';
import { countryTraffic, TokenBucket } from './traffic';
import { type HttpAnswer, type HttpRequest, Transport } from './transport';

/**
 * The delivery simulator (decisions 8): an ad exchange, its users and the attribution partners, outside
 * the bidder, talking to the product only over HTTP, so every number in the console comes from the
 * product's own endpoints.
 *
 * The exchange sends OpenRTB 2.6 bid requests (`requests.ts`: made-up publisher apps, placements,
 * floors, countries and devices of `supply.ts`) at `qps` × the day/night curve (`traffic.ts`), from a
 * token bucket ticking every 10 ms, with at most `concurrency` requests in flight: a request that finds
 * none free is dropped and counted. It runs the auction of each bid against other bidders (`auction.ts`),
 * calls the winner's `nurl` at once and, when the ad renders (95 %, 0.2–2 s later), its `burl` with
 * `${AUCTION_PRICE}` filled in; a lost bid's `lurl` gets `${AUCTION_MIN_TO_WIN}` and `${AUCTION_LOSS}`.
 * The public URLs in a bid may not be where the simulator reaches the server: its notices are called at
 * the origin of the bidder that answered (`bidUrl`, else `baseUrl`: with bidder processes of their own,
 * `BIDDER_PUBLIC_URL`, the notices go to them), the click URL of its markup at `baseUrl`'s.
 *
 * A rendered ad is tapped at the format's CTR (320x50 1 %, 300x250 1.4 %, native 1.6 %, video 2.2 %,
 * interstitial 2.8 %) 1–15 s later: the user's device opens the ad's click URL (`clicks.ts`) without
 * following the redirect, and reads our click id where it leads. App campaigns (`app=`): the app's
 * attribution partner posts the install and the in-app events (`conversions.ts`, `partners.ts`) to our
 * postback URL; web campaigns (`px=`): the landing page's pixel posts its events to `/px/collect`.
 * The third-party impression trackers of creatives are not loaded (they are other companies' servers).
 *
 * Delays of users and partners are in simulated seconds multiplied by `timeScale`. The clock (`now`)
 * places the curve and the times partners report. Choices are drawn from `seed`: the same seed sends the
 * same requests in the same order; each auction's chain (competitors, render, tap, install, events) draws
 * from its own generator seeded from the main one. An HTTP failure is counted, never thrown; a 503 with
 * `retry-after` is retried once (`transport.ts`). `stop` sends nothing more: what was scheduled and not
 * sent (renders, taps, conversions) is dropped, and every request already sent is awaited and counted.
 *
 * Counting (`stats.ts`): per ad group, installs, events and revenue count when the server attributed
 * them (they belong to no ad group otherwise); the totals count every acknowledgement.
 */

export type { SimulationDirectory } from './directory';
export type { AdGroupStats, Counter, SimulationStats } from './stats';

export interface SimulatorOptions {
  /** Where clicks, postbacks and pixel events go (and bid requests and notices without `bidUrl`). */
  baseUrl: string;
  /**
   * Where bid requests, and the notices of their bids, go if not to `baseUrl` (origins or full endpoints;
   * several are used in turn).
   */
  bidUrl?: string | string[];
  exchange: { id: number; token: string; currency: string };
  /** Bid requests a second at the traffic curve's mean. */
  qps: number;
  seed?: number;
  /** Read at start and every `directoryRefreshMs` (30 s). */
  directory: () => Promise<SimulationDirectory>;
  directoryRefreshMs?: number;
  log?: (msg: string) => void;
  /** The clock (epoch ms) of the traffic curve and of the times partners report. */
  now?: () => number;
  /** Most requests in flight (64). */
  concurrency?: number;
  /** Multiplies the delays of users and partners (1: real time; 0.01: an hour in 36 s). */
  timeScale?: number;
  /** Users in the pool (50,000). */
  users?: number;
  /** OpenRTB `at` of the requests (2, second price). */
  auctionType?: 1 | 2;
  /** OpenRTB `tmax` of the requests (120 ms). */
  tmax?: number;
  /** Decimals of the prices the exchange reports (3; 2 to 6). */
  priceDecimals?: number;
  /** How long the exchange waits for a bid response (1000 ms). */
  bidTimeoutMs?: number;
  /**
   * Overrides of the behaviour: the render rate (0.95), a factor on CTRs (1), a fixed install rate of
   * clicks (else each app's own), the share of installers who buy (0.07).
   */
  rates?: { render?: number; ctrScale?: number; install?: number; buyers?: number };
}

const CTR: Record<Format, number> = {
  banner: 0.01,
  mrec: 0.014,
  native: 0.016,
  video: 0.022,
  interstitial: 0.028,
};
const RENDER_RATE = 0.95;
const NOTICE_TIMEOUT_MS = 10_000;
const REPORT_MS = 10_000;
const WEB_EVENT_TYPES: Record<WebEvent, string> = {
  PageView: 'page_view',
  AddToCart: 'add_to_cart',
  Purchase: 'purchase',
};

/** One auction's chain: what its later steps need. */
interface Chain {
  rng: Rng;
  user: User;
  request: SimRequest;
  bid: ReceivedBid;
  /** The bid's ad group. */
  group: string;
  /** The origin of the bidder that answered: its notices go there. */
  bidder: string;
}

export class Simulator {
  private readonly tally = new Tally();
  private readonly rng: Rng;
  private readonly seed: number;
  private readonly users: User[][];
  private readonly bucket = new TokenBucket();
  private transport: Transport;
  private readonly now: () => number;
  private readonly timeScale: number;
  private readonly decimals: number;
  private readonly bidUrls: string[];
  private nextBidUrl = 0;
  private running = false;
  private readonly intervals: NodeJS.Timeout[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly work = new Set<Promise<unknown>>();
  private readonly directory: DirectoryCache;
  private readonly installed = new Set<string>();
  private readonly lastEventTs = new Map<string, number>();
  private readonly warned = new Set<string>();

  constructor(private readonly o: SimulatorOptions) {
    this.seed = o.seed ?? Math.floor(Math.random() * 4294967296);
    this.rng = rngOf(this.seed);
    this.users = makeUsers(this.rng, o.users ?? 50_000);
    this.now = o.now ?? Date.now;
    this.timeScale = o.timeScale ?? 1;
    this.decimals = o.priceDecimals ?? 3;
    this.transport = new Transport({ concurrency: o.concurrency ?? 64 });
    this.directory = new DirectoryCache(o.directory, o.log);
    const bidUrls = o.bidUrl === undefined ? [o.baseUrl] : [o.bidUrl].flat();
    this.bidUrls = bidUrls.map((url) => endpointOf(url, o.exchange.id));
  }

  /** What was sent and acknowledged so far (a fresh copy). */
  get stats(): SimulationStats {
    return this.tally.snapshot();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.transport = new Transport({ concurrency: this.o.concurrency ?? 64 });
    this.track(this.directory.load());
    this.intervals.push(
      setInterval(() => this.tick(), 10),
      setInterval(() => this.track(this.directory.load()), this.o.directoryRefreshMs ?? 30_000),
    );
    if (this.o.log) this.intervals.push(setInterval(() => this.report(), REPORT_MS));
    this.o.log?.(`simulator: ${this.o.qps} requests/s to exchange ${this.o.exchange.id}, seed ${this.seed}`);
  }

  /** Stops sending: scheduled steps are dropped, requests already sent are awaited. */
  async stop(): Promise<void> {
    this.running = false;
    for (const t of this.intervals.splice(0)) clearInterval(t);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.transport.close();
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
    await this.transport.idle();
    this.report();
  }

  async runFor(ms: number): Promise<SimulationStats> {
    this.start();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await this.stop();
    return this.stats;
  }

  /* ---------------------------------------------------------------------------------------------- */
  /* The exchange                                                                                   */

  private tick() {
    const { weights, factor } = countryTraffic(COUNTRIES, this.now());
    const due = this.bucket.take(performance.now(), this.o.qps * factor);
    if (due === 0) return;
    const cum = cumulative(weights, (w) => w);
    for (let i = 0; i < due; i++) this.auction(pickWeighted(this.rng, this.users, cum));
  }

  /** One bid request: its draws come from the main generator, in order, whatever the network does. */
  private auction(pool: User[]) {
    const user = pickUser(this.rng, pool);
    const publisher = pickPublisher(this.rng, user.os);
    const format = pickFormat(this.rng, publisher);
    const request = bidRequest(this.rng, user, publisher, format, {
      currency: this.o.exchange.currency,
      at: this.o.auctionType ?? 2,
      tmax: this.o.tmax ?? 120,
    });
    const rng = childOf(this.rng);
    const url = this.bidUrls[this.nextBidUrl++ % this.bidUrls.length];
    const sent = this.transport.trySend({
      url,
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.o.exchange.token}`,
        'content-type': 'application/json',
        'x-openrtb-version': '2.6',
      },
      body: JSON.stringify(request.body),
      timeoutMs: this.o.bidTimeoutMs ?? 1000,
    });
    if (!sent) {
      this.tally.dropped++;
      return;
    }
    this.tally.sent('bid');
    this.track(
      sent.then((answer) => this.onBidAnswer(answer, { rng, user, request, bidder: originOf(url) })),
    );
  }

  private onBidAnswer(answer: HttpAnswer, auction: Omit<Chain, 'bid' | 'group'>) {
    const { rng, request } = auction;
    if (answer.status === 204) {
      this.tally.acknowledged('bid', null);
      this.tally.noBids++;
      return;
    }
    if (answer.status !== 200 || !('text' in answer)) return this.tally.failed('bid', answer.status);
    this.tally.acknowledged('bid', null);
    const bid = bidOf(answer.text, '1');
    if (!bid) return this.tally.failed('bid', 'no-bid-in-200');
    this.tally.bids++;
    const chain: Chain = { ...auction, bid, group: bid.adid };
    this.tally.group(chain.group).bids++;
    const outcome = runAuction({
      bid: microsOf(bid.price),
      floor: request.floor,
      competitors: drawCompetitors(rng, request.floor),
      at: this.o.auctionType ?? 2,
      decimals: this.decimals,
    });
    const ids = {
      auctionId: request.id,
      bidId: bid.bidId,
      impId: '1',
      seatId: bid.seat,
      adId: bid.adid,
      currency: this.o.exchange.currency,
    };
    if (!outcome.won) {
      this.tally.auctionsLost++;
      if (bid.lurl)
        this.notice(
          'loss',
          chain,
          fillMacros(bid.lurl, {
            ...ids,
            minToWin: priceText(outcome.minToWin, this.decimals),
            loss: String(outcome.reason),
          }),
        );
      return;
    }
    this.tally.auctionsWon++;
    this.tally.group(chain.group).wins++;
    const price = priceText(outcome.price, this.decimals);
    if (bid.nurl) this.notice('win', chain, fillMacros(bid.nurl, { ...ids, price }));
    if (!chance(rng, this.o.rates?.render ?? RENDER_RATE)) return;
    this.later(between(rng, 0.2, 2), () =>
      this.render(chain, fillMacros(bid.burl ?? '', { ...ids, price }), price),
    );
  }

  private notice(kind: 'win' | 'bill' | 'loss', chain: Chain, url: string, price?: string) {
    const cpm = price === undefined ? undefined : (parseMicros(price) ?? 0n);
    this.track(
      this.send(kind, { url: atOrigin(url, chain.bidder), timeoutMs: NOTICE_TIMEOUT_MS }, () => {
        if (cpm !== undefined) this.tally.billedSent += cpm;
      }).then((answer) => {
        if (!answer) return;
        if (typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300)
          this.tally.acknowledged(kind, chain.group, cpm === undefined ? {} : { price: cpm });
        else this.tally.failed(kind, answer.status);
      }),
    );
  }

  /* ---------------------------------------------------------------------------------------------- */
  /* The user                                                                                       */

  private render(chain: Chain, burl: string, price: string) {
    this.tally.impressions++;
    if (chain.bid.burl) this.notice('bill', chain, burl, price);
    const ctr = CTR[chain.request.format] * (this.o.rates?.ctrScale ?? 1);
    if (!chance(chain.rng, ctr)) return;
    this.later(between(chain.rng, 1, 15), () => this.track(this.click(chain)));
  }

  private async click(chain: Chain) {
    const url = clickUrlOf(chain.bid.adm, chain.bid.mtype);
    const target = url ? clickTarget(url) : null;
    if (!url || !target)
      return this.warnOnce('click', `simulator: no click URL in the markup of ad group ${chain.group}`);
    const { user } = chain;
    const answer = await this.send('click', {
      url: atOrigin(url, this.o.baseUrl),
      headers: { 'user-agent': user.ua, 'accept-language': user.language, 'x-forwarded-for': user.ip },
      timeoutMs: NOTICE_TIMEOUT_MS,
    });
    if (!answer) return;
    const location = 'location' in answer ? answer.location : null;
    if (typeof answer.status !== 'number' || answer.status < 300 || answer.status > 399 || !location)
      return this.tally.failed('click', answer.status);
    this.tally.acknowledged('click', chain.group);
    if ('app' in target) {
      const app = await this.directory.app(target.app);
      if (!app)
        return this.warnOnce(`app ${target.app}`, `simulator: app ${target.app} is not in the directory`);
      const clickId = clickIdOf(location, clickIdParam(app.partner));
      if (!clickId) return this.warnOnce(`link ${app.id}`, `simulator: no click id in ${location}`);
      const key = `${user.id}:${app.id}`;
      if (this.installed.has(key)) return;
      if (!chance(chain.rng, this.o.rates?.install ?? installRate(app.id, this.seed))) return;
      this.installed.add(key);
      this.later(installDelay(chain.rng), () => this.install(chain, app, clickId));
    } else {
      const clickId = clickIdOf(location);
      if (!clickId) return this.warnOnce(`page ${target.pixel}`, `simulator: no click id in ${location}`);
      const reported = await this.directory.pixelEvents(target.pixel);
      for (const step of webJourney(chain.rng, this.o.exchange.currency)) {
        if (reported && !reported.has(step.event.toLowerCase()) && !reported.has(WEB_EVENT_TYPES[step.event]))
          continue;
        const eventId = uuid(chain.rng);
        this.later(step.after, () =>
          this.pixelEvent(chain, { pixelId: target.pixel, eventId, url: location, clickId, ...step }),
        );
      }
    }
  }

  /* ---------------------------------------------------------------------------------------------- */
  /* The attribution partner and the web page                                                         */

  private install(chain: Chain, app: DirectoryApp, clickId: string) {
    this.postback(chain, app, 'install', clickId, uuid(chain.rng));
    for (const step of appJourney(chain.rng, app.events, this.o.exchange.currency, this.o.rates?.buyers)) {
      const eventUid = uuid(chain.rng);
      this.later(step.after, () => this.postback(chain, app, step.event, clickId, eventUid, step.value));
    }
  }

  private postback(
    chain: Chain,
    app: DirectoryApp,
    type: SimulatedAppEvent,
    clickId: string,
    eventUid: string,
    revenue?: string,
  ) {
    const { user } = chain;
    const kind: RequestKind = type === 'install' ? 'install' : 'event';
    const event: PartnerEvent = {
      type,
      clickId,
      eventUid,
      ts: this.eventTime(user),
      idfa: user.os === 1 && !user.lmt ? user.ifa : '',
      gaid: user.os === 2 && !user.lmt ? user.ifa : '',
      deviceId: user.partnerDeviceId,
      ...(revenue ? { revenue, currency: this.o.exchange.currency } : {}),
    };
    const url = partnerPostbackUrl(this.o.baseUrl, app.partner, app.postbackToken, event);
    const micros = revenue ? (parseMicros(revenue) ?? 0n) : undefined;
    this.track(
      this.send(
        kind,
        { url, headers: { 'user-agent': `${app.partner}-postback/1.0` }, timeoutMs: NOTICE_TIMEOUT_MS },
        () => {
          if (micros !== undefined) this.tally.revenueSent += micros;
        },
      ).then((answer) => this.conversionAnswer(kind, chain, answer, micros)),
    );
  }

  private pixelEvent(
    chain: Chain,
    e: { pixelId: string; eventId: string; url: string; clickId: string; event: WebEvent; value?: string },
  ) {
    const { user } = chain;
    const body = pixelBody({ ...e, uid: user.browserId, currency: this.o.exchange.currency });
    const micros = e.value ? (parseMicros(e.value) ?? 0n) : undefined;
    const request: HttpRequest = {
      url: `${trimOrigin(this.o.baseUrl)}${TRACKING_PATHS.collect}`,
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'user-agent': user.ua,
        'x-forwarded-for': user.ip,
        origin: originOf(e.url),
      },
      body,
      timeoutMs: NOTICE_TIMEOUT_MS,
    };
    this.track(
      this.send('pixel', request, () => {
        if (micros !== undefined) this.tally.revenueSent += micros;
      }).then((answer) => this.conversionAnswer('pixel', chain, answer, micros)),
    );
  }

  /** A postback's or pixel event's answer: acknowledged when the envelope says it was accepted. */
  private conversionAnswer(kind: RequestKind, chain: Chain, answer: HttpAnswer | null, revenue?: bigint) {
    if (!answer) return;
    if (answer.status !== 200 || !('text' in answer)) return this.tally.failed(kind, answer.status);
    let data: { status?: unknown; attributed?: unknown; accepted?: unknown } | undefined;
    try {
      data = (JSON.parse(answer.text) as { data?: typeof data }).data;
    } catch {
      data = undefined;
    }
    const accepted = kind === 'pixel' ? data?.accepted === 1 : data?.status === 'accepted';
    if (!accepted)
      return this.tally.failed(
        kind,
        data?.status === 'duplicate' || data?.accepted === 0 ? 'duplicate' : 200,
      );
    // A postback says whether it was attributed; a pixel event's click was acknowledged, so it is.
    const attributed = kind === 'pixel' || data?.attributed === true;
    if (!attributed) this.tally.unattributed++;
    this.tally.acknowledged(kind, attributed ? chain.group : null, revenue === undefined ? {} : { revenue });
  }

  /* ---------------------------------------------------------------------------------------------- */
  /* Plumbing                                                                                       */

  private send(kind: RequestKind, request: HttpRequest, onSent?: () => void): Promise<HttpAnswer | null> {
    return this.transport
      .send(request, () => {
        this.tally.sent(kind);
        onSent?.();
      })
      .then((answer) => {
        if (answer?.retried) this.tally.retries++;
        return answer;
      });
  }

  /** Runs `fn` after `seconds` simulated seconds, unless the simulator stops first. */
  private later(seconds: number, fn: () => void) {
    if (!this.running) return;
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        if (this.running) fn();
      },
      seconds * 1000 * this.timeScale,
    );
    this.timers.add(t);
  }

  private track(p: Promise<unknown>) {
    const done = p.catch((err) =>
      this.o.log?.(`simulator: ${err instanceof Error ? err.message : String(err)}`),
    );
    this.work.add(done);
    done.finally(() => this.work.delete(done));
  }

  /** The time a partner reports for a user's event: now, and always after the user's previous one. */
  private eventTime(user: User): number {
    const ts = Math.max(Math.floor(this.now() / 1000), (this.lastEventTs.get(user.id) ?? 0) + 1);
    this.lastEventTs.set(user.id, ts);
    return ts;
  }

  private warnOnce(key: string, message: string) {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.o.log?.(message);
  }

  private report() {
    if (!this.o.log) return;
    const s = this.tally.snapshot();
    const ack = (c: { sent: number; acknowledged: number }) => `${c.acknowledged}/${c.sent}`;
    this.o.log(
      `simulator: requests ${ack(s.requests)} (dropped ${s.dropped}), bids ${s.bids}, won ${s.auctionsWon}, ` +
        `billed ${ack(s.billingNotices)} = ${s.billed.acknowledged}, clicks ${ack(s.clicks)}, ` +
        `installs ${ack(s.installs)}, events ${ack(s.events)}, pixel ${ack(s.pixelEvents)}, ` +
        `revenue ${s.revenue.acknowledged}, in flight ${this.transport.busy}`,
    );
  }
}

/** The bid endpoint of an exchange at `url` (an origin, or the endpoint itself). */
function endpointOf(url: string, exchangeId: number): string {
  const base = trimOrigin(url);
  if (/\/rtb\/bid\/[^/]+$/.test(base)) return base;
  return base.endsWith(RTB_PATHS.bid) ? `${base}/${exchangeId}` : `${base}${RTB_PATHS.bid}/${exchangeId}`;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
