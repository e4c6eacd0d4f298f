import { createHash, randomBytes } from 'node:crypto';
import { BILLING_TYPE, BUNDLE_LIST_MODE, RTB_MACROS, RTB_PATHS, trimOrigin } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bid, BidResponse } from 'iab-openrtb/v26';
import type { Database, Db } from '../../db/client';
import { inBackground } from '../../db/lanes';
import { deviceHash } from '../audiences/build';
import { type AccountClock, accountClock } from '../clock/clock';
import { postgresStore as store } from '../statistics/store';
import type { DeliveryFact } from '../statistics/writer';
import { trackingUrl } from '../tracking/signing';
import { type IngestWriter, TOUCH_KIND } from '../tracking/writer';
import { type Catalog, type IndexedCreative, type IndexedGroup, loadCatalog } from './catalog';
import { tokenHash } from './exchanges';
import { bannerMarkup, nativeFits, nativeMarkup, parseNativeRequest, vastMarkup } from './markup';
import { decodeNotice, encodeNotice, type NoticeData, type NoticeKind, noticePrice } from './notices';
import {
  type BidRequest,
  compareParsed,
  countryOf,
  type Imp,
  NBR,
  osOf,
  parseVersion,
  ZBidRequest,
} from './openrtb';
import { Pacer } from './pacing';
import { baseValue, cpm4, type GroupHistory, loadHistory, Shading, withOverbid } from './pricing';

/**
 * The bidder (decisions 8): answers an exchange's OpenRTB 2.6 bid requests from an in-memory index of
 * the ad groups that can deliver (`catalog.ts`), priced by `pricing.ts`, within budgets and the account's
 * money (`pacing.ts`), and turns the exchange's win and billing notices into tracking rows written by the
 * same idempotent writer as every notice (`tracking_touches` kinds 3 and 4), which feeds the statistics
 * store: wins, billed impressions and their cost by billing type.
 *
 * The index is rebuilt when what it is made of changes: at once in this process (`invalidate`, called
 * after every console write), through `LISTEN scaler_delivery` in other processes on PostgreSQL (the
 * migration's triggers notify), and every `reloadMs` in any case. Spend is read again every `syncMs`.
 * Bids answered are counted in memory and written to the store every `flushMs`, as named batches (one
 * name per process and flush), so a replay adds nothing.
 */

export interface ExchangeEntry {
  id: number;
  tokenHash: string;
  auctionType: number;
  currency: string;
  enabled: boolean;
}

export interface BidderOptions {
  db: Db;
  /** `Database.listen`: other processes' changes (PostgreSQL). */
  listen?: Database['listen'];
  writer: IngestWriter;
  key: () => Promise<Buffer>;
  /** The console's public URL: click URLs and materials. */
  publicUrl: string;
  /** Where exchanges send notices (the bidder processes' public URL); the console's by default. */
  noticeUrl?: string;
  log: FastifyBaseLogger;
  syncMs?: number;
  reloadMs?: number;
  flushMs?: number;
  /** Answer within `tmax` less this margin (network and framework). */
  marginMs?: number;
  /** Default `tmax` when a request has none. */
  defaultTmaxMs?: number;
}

export type BidOutcome =
  | { status: 200; body: unknown }
  | { status: 204; nbr: number }
  | { status: 400; message: string }
  | { status: 401 | 403 | 404; message: string };

export type NoticeOutcome = { status: 200; stored: boolean } | { status: 400 | 403; reason: string };

interface Context {
  request: BidRequest;
  exchange: ExchangeEntry;
  os: number;
  osv: string;
  country: string;
  bundle: string;
  ifaHash: string | null;
  bcat: Set<string> | null;
  badv: Set<string> | null;
  bapp: Set<string> | null;
  wlang: Set<string> | null;
  now: number;
  hour: Date;
}

interface Choice {
  group: IndexedGroup;
  creative: IndexedCreative;
  price: number;
  value: number;
  reserve: number;
  markup: (click: string) => string;
  mtype: number;
  w: number;
  h: number;
}

const HOUR_MS = 3_600_000;
const EXPLORE_SHARE = 0.1;
const LEARNING_IMPRESSIONS = 1000;
const FULLSCREEN = new Set(['320x480', '480x320']);

export class Bidder {
  private catalog: Catalog = {
    byOs: new Map(),
    groups: new Map(),
    audiences: new Map(),
    loadedAt: new Date(0),
  };
  private exchanges = new Map<number, ExchangeEntry>();
  private history = new Map<number, GroupHistory>();
  /** Each group's value per thousand impressions before overbids, from the index and the history. */
  private values = new Map<number, number>();
  /** The most it can be worth anywhere: its value with its largest overbid. */
  private bounds = new Map<number, number>();
  /** Ad groups with fewer than `LEARNING_IMPRESSIONS` impressions in their history. */
  private learning = new Set<number>();
  readonly pacer = new Pacer();
  readonly shading = new Shading();
  private key: Buffer | null = null;
  private readonly clocks = new Map<string, { at: number; clock: AccountClock }>();
  private bids = new Map<string, DeliveryFact>();
  private readonly processId = randomBytes(6).toString('hex');
  /** Bid and notice ids: this process's id and a counter (unique; the notices are signed, not secret). */
  private seq = 0;
  private nextId = () => `${this.processId}${(++this.seq).toString(36)}`;
  private flushSeq = 0;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private notified: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private background: Promise<unknown> = Promise.resolve();
  private readonly staticBase: string;
  private readonly origin: string;
  private readonly noticeOrigin: string;
  readonly stats = { requests: 0, bids: 0, noBids: 0, late: 0 };

  constructor(private readonly options: BidderOptions) {
    this.origin = trimOrigin(options.publicUrl);
    this.noticeOrigin = trimOrigin(options.noticeUrl ?? options.publicUrl);
    this.staticBase = `${this.origin}/static/`;
  }

  /** Loads the index, exchanges, history and spend, and starts the upkeep timers. */
  async start(): Promise<void> {
    this.key = await this.options.key();
    await this.reload();
    await this.loadHistory();
    await this.sync();
    const every = (ms: number, fn: () => Promise<unknown> | undefined) => {
      const t = setInterval(() => {
        this.background = Promise.resolve(fn()).catch((err) =>
          this.options.log.warn({ err }, 'bidder upkeep failed'),
        );
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.options.syncMs ?? 1000, () => this.sync());
    every(this.options.reloadMs ?? 60_000, () => this.reload());
    every(60_000, () => this.loadHistory());
    every(this.options.flushMs ?? 5000, () => this.flushBids());
    // Changes made by other processes (the console's server, the CLI, another bidder): rebuilt 20 ms
    // after the first notice of a burst, so a transaction of many statements costs one rebuild.
    this.unlisten =
      (await this.options.listen?.('scaler_delivery', () => {
        this.notified ??= setTimeout(() => {
          this.notified = null;
          this.invalidate().catch((err) => this.options.log.warn({ err }, 'bidder index not rebuilt'));
        }, 20);
      })) ?? null;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.notified) clearTimeout(this.notified);
    await this.unlisten?.();
    await this.background;
    await this.reloading;
    await this.flushBids();
  }

  /** Something the index is built from changed: rebuild it (coalesced: at most one rebuild waits). */
  invalidate(): Promise<void> {
    return this.reload();
  }

  private reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.reloadAgain = false;
          const [catalog, exchanges] = await inBackground(async () => {
            const loaded = [await loadCatalog(this.options.db), await this.loadExchanges()] as const;
            // Spend of what is new in the index (a budget just set) before the index is used.
            await this.pacer.sync(this.options.db, loaded[0]);
            return loaded;
          });
          this.catalog = catalog;
          this.exchanges = exchanges;
          this.revalue();
          this.pacer.tick(catalog);
        } while (this.reloadAgain);
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  private async loadExchanges(): Promise<Map<number, ExchangeEntry>> {
    const rows = (await this.options.db.execute(
      sql`select id, token_hash, auction_type, currency, enabled from exchanges`,
    )) as unknown as {
      rows: { id: number; token_hash: string; auction_type: number; currency: string; enabled: boolean }[];
    };
    return new Map(
      rows.rows.map((r) => [
        Number(r.id),
        {
          id: Number(r.id),
          tokenHash: r.token_hash,
          auctionType: Number(r.auction_type),
          currency: r.currency,
          enabled: r.enabled,
        },
      ]),
    );
  }

  private async loadHistory() {
    this.history = await inBackground(() => loadHistory(this.options.db, [...this.catalog.groups.keys()]));
    this.revalue();
  }

  /** Values and bounds from the index and the history; candidate lists sorted by bound, highest first. */
  private revalue() {
    const values = new Map<number, number>();
    const bounds = new Map<number, number>();
    const learning = new Set<number>();
    for (const g of this.catalog.groups.values()) {
      const history = this.history.get(g.adgroupId);
      if ((history?.impressions ?? 0) < LEARNING_IMPRESSIONS) learning.add(g.adgroupId);
      const value = baseValue(g, history);
      values.set(g.adgroupId, value);
      const most = Math.max(0, ...g.overbids.values());
      bounds.set(g.adgroupId, value * (1 + most / 100));
    }
    for (const byCountry of this.catalog.byOs.values())
      for (const list of byCountry.values())
        list.sort((a, b) => (bounds.get(b.adgroupId) ?? 0) - (bounds.get(a.adgroupId) ?? 0));
    this.values = values;
    this.bounds = bounds;
    this.learning = learning;
  }

  private async sync() {
    await inBackground(() => this.pacer.sync(this.options.db, this.catalog));
    this.pacer.tick(this.catalog);
    this.pacer.expire();
  }

  /** The account's clock, computed at most once a second per zone. */
  private clockOf(zone: string, now: number): AccountClock {
    const hit = this.clocks.get(zone);
    if (hit && now - hit.at < 1000) return hit.clock;
    const clock = accountClock(zone, new Date(now));
    this.clocks.set(zone, { at: now, clock });
    return clock;
  }

  /* ------------------------------------------------------------------------------------------------ */
  /* Bid requests                                                                                       */

  /** Authenticates the exchange (its id in the path, its token in a header). */
  exchangeOf(id: number, token: string | undefined): ExchangeEntry | BidOutcome {
    const exchange = this.exchanges.get(id);
    if (!exchange) return { status: 404, message: 'unknown exchange' };
    if (!token || tokenHash(token) !== exchange.tokenHash) return { status: 401, message: 'bad token' };
    if (!exchange.enabled) return { status: 403, message: 'exchange disabled' };
    return exchange;
  }

  bid(exchange: ExchangeEntry, body: unknown, receivedAt: number): BidOutcome {
    this.stats.requests++;
    const parsed = ZBidRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { status: 400, message: `${issue.path.join('.') || 'request'}: ${issue.message}` };
    }
    const request = parsed.data;
    const budgetMs = (request.tmax ?? this.options.defaultTmaxMs ?? 100) - (this.options.marginMs ?? 5);
    const deadline = receivedAt + budgetMs;
    if (request.cur && request.cur.length > 0 && !request.cur.includes(exchange.currency))
      return this.noBid(NBR.unknown);
    const os = osOf(request.device?.os);
    if (os === 0) return this.noBid(NBR.unsupportedDevice);
    const bundle = request.app?.bundle ?? request.app?.id ?? request.site?.domain ?? '';
    const ifa = request.device?.ifa;
    const hasIfa = ifa && !/^[0-]+$/.test(ifa) && request.device?.lmt !== 1;
    const now = Date.now();
    const ctx: Context = {
      request,
      exchange,
      os,
      osv: request.device?.osv ?? '',
      country: countryOf(request.device?.geo?.country),
      bundle,
      ifaHash: hasIfa ? deviceHash(ifa) : null,
      bcat: request.bcat?.length ? new Set(request.bcat) : null,
      badv: request.badv?.length ? new Set(request.badv.map((d) => d.toLowerCase())) : null,
      bapp: request.bapp?.length ? new Set(request.bapp) : null,
      wlang: request.wlang?.length ? new Set(request.wlang.map((l) => l.toLowerCase().slice(0, 2))) : null,
      now,
      hour: new Date(Math.floor(now / HOUR_MS) * HOUR_MS),
    };
    const at = request.at ?? exchange.auctionType;
    const chosen: { imp: Imp; choice: Choice }[] = [];
    for (const imp of request.imp) {
      if (imp.bidfloorcur && imp.bidfloorcur !== exchange.currency) continue;
      const choice = this.choose(ctx, imp, at);
      if (choice) {
        chosen.push({ imp, choice });
        // Reserved at once, so a second impression of this request sees this one's price.
        this.pacer.reserve(`pending:${request.id}:${imp.id}`, choice.group, choice.reserve, now);
      }
    }
    for (const { imp } of chosen) this.pacer.release(`pending:${request.id}:${imp.id}`);
    if (chosen.length === 0) return this.noBid(NBR.unknown);
    if (Date.now() > deadline) {
      this.stats.late++;
      return this.noBid(NBR.insufficientTime);
    }
    const bids = chosen.map(({ imp, choice }) => this.bidOf(ctx, imp, choice));
    this.stats.bids += bids.length;
    const response: BidResponse = {
      id: request.id,
      bidid: this.nextId(),
      cur: exchange.currency,
      seatbid: [{ seat: 'scaler', bid: bids }],
    };
    return { status: 200, body: response };
  }

  private noBid(nbr: number): BidOutcome {
    this.stats.noBids++;
    return { status: 204, nbr };
  }

  /** The ad groups that could deliver to this request's OS and country, highest possible value first. */
  private candidates(ctx: Context): IndexedGroup[] {
    const byCountry = this.catalog.byOs.get(ctx.os);
    return byCountry?.get(ctx.country) ?? byCountry?.get('') ?? [];
  }

  /** Whether a group may deliver to this request, before the impression's format and price. */
  private eligible(ctx: Context, g: IndexedGroup, osv: number[] | null): boolean {
    if (g.currency !== ctx.exchange.currency) return false;
    if (g.minOsVersion && (!osv || compareParsed(osv, g.minOsVersion) < 0)) return false;
    if (g.bundleMode === BUNDLE_LIST_MODE.allow && !g.bundles.has(ctx.bundle)) return false;
    if (g.bundleMode === BUNDLE_LIST_MODE.block && g.bundles.has(ctx.bundle)) return false;
    if (ctx.bcat && g.categories.some((c) => ctx.bcat?.has(c) || ctx.bcat?.has(c.split('-')[0])))
      return false;
    if (ctx.badv && g.adomain.some((d) => ctx.badv?.has(d))) return false;
    if (ctx.bapp && g.appBundle && ctx.bapp.has(g.appBundle)) return false;
    const clock = this.clockOf(g.zone, ctx.now);
    if (g.startDate && g.startDate > clock.today) return false;
    if (g.scheduleType === 1 && g.endDate && g.endDate < clock.today) return false;
    if (g.dayparting !== null && g.dayparting[clock.weekHour] !== '1') return false;
    const hash = ctx.ifaHash;
    if (g.audienceInclude.length > 0) {
      if (!hash || !g.audienceInclude.some((a) => this.catalog.audiences.get(a)?.has(hash))) return false;
    }
    if (g.audienceExclude.length > 0 && hash) {
      if (g.audienceExclude.some((a) => this.catalog.audiences.get(a)?.has(hash))) return false;
    }
    return true;
  }

  /** The best bid for one impression: the highest price among the creatives that fit it. */
  private choose(ctx: Context, imp: Imp, at: number, explore = this.explores()): Choice | null {
    const floor = imp.bidfloor ?? 0;
    const sizes = new Set<string>();
    if (imp.banner) {
      if (imp.banner.w && imp.banner.h) sizes.add(`${imp.banner.w}x${imp.banner.h}`);
      for (const f of imp.banner.format ?? []) sizes.add(`${f.w}x${f.h}`);
    }
    const nativeAsks = imp.native ? parseNativeRequest(imp.native.request) : null;
    let best: Choice | null = null;
    const osv = ctx.osv ? parseVersion(ctx.osv) : null;
    // Candidates come highest possible value (with the largest overbid) first: once that bound is not
    // above the best price found, no later group can beat it, so a request looks at a few groups, not
    // every group of its OS and country.
    // Exploring, only the ad groups still learning compete (in the same order, with the same bound).
    for (const g of this.candidates(ctx)) {
      const bound = this.bounds.get(g.adgroupId) ?? 0;
      if (bound < floor || (best && bound <= best.price)) break;
      if (explore && !this.learning.has(g.adgroupId)) continue;
      if (!this.eligible(ctx, g, osv)) continue;
      const value = withOverbid(g, this.values.get(g.adgroupId) ?? 0, ctx.bundle);
      if (value <= 0 || value < floor) continue;
      const price = at === 1 ? this.shading.price(ctx.exchange.id, g.adgroupId, value, floor) : cpm4(value);
      if (price < floor || price <= 0 || (best && price <= best.price)) continue;
      const fit = this.fit(ctx, imp, g, sizes, nativeAsks);
      if (!fit) continue;
      // What one impression may cost the account: the price (CPM billing), else its expected cost.
      const reserve = (g.billingType === BILLING_TYPE.CPM ? price : value) / 1000;
      if (!this.pacer.canSpend(g, reserve)) continue;
      best = { group: g, price, value, reserve, ...fit };
    }
    return best ?? (explore ? this.choose(ctx, imp, at, false) : null);
  }

  /**
   * Exploration: `EXPLORE_SHARE` of impressions go to the best of the ad groups still learning (fewer
   * than `LEARNING_IMPRESSIONS` in their history), so a new ad group gets its first impressions, and rates
   * of its own, even beside groups that would outbid it every time.
   */
  private explores(): boolean {
    return this.learning.size > 0 && Math.random() < EXPLORE_SHARE;
  }

  private fit(
    ctx: Context,
    imp: Imp,
    g: IndexedGroup,
    sizes: Set<string>,
    nativeAsks: ReturnType<typeof parseNativeRequest>,
  ): Omit<Choice, 'group' | 'price' | 'value' | 'reserve'> | null {
    for (const c of g.creatives) {
      if (ctx.wlang && !ctx.wlang.has(c.language)) continue;
      if (c.slot === 'banner' && imp.banner) {
        if (imp.banner.battr && c.attrs.some((a) => imp.banner?.battr?.includes(a))) continue;
        const size = `${c.width}x${c.height}`;
        if (c.type === 'html') {
          const slot =
            [...sizes].find((s) => FULLSCREEN.has(s)) ?? (imp.instl === 1 ? [...sizes][0] : undefined);
          if (!slot) continue;
          const [w, h] = slot.split('x').map(Number);
          return {
            creative: c,
            mtype: 1,
            w,
            h,
            markup: (click) =>
              bannerMarkup({
                creative: c,
                staticBase: this.staticBase,
                clickUrl: click,
                width: w,
                height: h,
              }),
          };
        }
        if (!sizes.has(size)) continue;
        return {
          creative: c,
          mtype: 1,
          w: c.width,
          h: c.height,
          markup: (click) =>
            bannerMarkup({
              creative: c,
              staticBase: this.staticBase,
              clickUrl: click,
              width: c.width,
              height: c.height,
            }),
        };
      }
      if (c.slot === 'native' && imp.native && nativeAsks) {
        if (imp.native.battr && c.attrs.some((a) => imp.native?.battr?.includes(a))) continue;
        if (!nativeFits(c, nativeAsks)) continue;
        return {
          creative: c,
          mtype: 4,
          w: c.width,
          h: c.height,
          markup: (click) =>
            nativeMarkup(
              { creative: c, staticBase: this.staticBase, clickUrl: click, width: 0, height: 0 },
              nativeAsks,
            ),
        };
      }
      if (c.slot === 'video' && imp.video) {
        const v = imp.video;
        if (v.battr && c.attrs.some((a) => v.battr?.includes(a))) continue;
        const video = c.materials.find((m) => m.role === 'video');
        const seconds = video?.duration ?? 0;
        if (v.minduration !== undefined && seconds < v.minduration) continue;
        if (v.maxduration !== undefined && v.maxduration > 0 && seconds > v.maxduration) continue;
        if (v.mimes?.length && video && !v.mimes.includes(video.mime)) continue;
        if (v.w && v.h && c.width && c.height && v.w > v.h !== c.width > c.height) continue;
        return {
          creative: c,
          mtype: 2,
          w: c.width,
          h: c.height,
          markup: (click) =>
            vastMarkup(
              { creative: c, staticBase: this.staticBase, clickUrl: click, width: 0, height: 0 },
              `${g.adgroupId}-${c.id}`,
            ),
        };
      }
    }
    return null;
  }

  private bidOf(ctx: Context, imp: Imp, choice: Choice): Bid {
    const { group: g, creative: c } = choice;
    const key = this.key as Buffer;
    const n = this.nextId();
    const data: NoticeData = {
      n,
      x: ctx.exchange.id,
      a: g.advId,
      c: g.campaignId,
      g: g.adgroupId,
      cr: c.id,
      as: g.appId || g.pixelId,
      l: g.appId ? 1 : 2,
      bundle: ctx.bundle.slice(0, 200),
      country: ctx.country,
      os: ctx.os,
      bp: choice.price,
      v: choice.value,
      t: Math.floor(ctx.now / 1000),
    };
    const { d, sig } = encodeNotice(key, data);
    const notice = (path: string, kind: NoticeKind, extra: string) =>
      `${this.noticeOrigin}${path}?d=${d}&s=${sig[kind]}${extra}`;
    const click = trackingUrl(key, this.origin, 'click', {
      a: String(g.advId),
      ...(g.appId ? { app: g.appId } : { px: g.pixelId }),
      c: String(g.campaignId),
      g: String(g.adgroupId),
      cr: String(c.id),
      ...(g.landingUrl && !g.appId ? { u: g.landingUrl } : {}),
      n,
    })
      .replace('{bundle}', encodeURIComponent(ctx.bundle))
      .replace('{country}', ctx.country)
      .replace('{os}', ctx.os === 1 ? 'ios' : 'android')
      .replace('{idfa}', ctx.os === 1 && ctx.ifaHash ? encodeURIComponent(ctx.request.device?.ifa ?? '') : '')
      .replace('{gaid}', ctx.os === 2 && ctx.ifaHash ? encodeURIComponent(ctx.request.device?.ifa ?? '') : '')
      .replace('{lang}', encodeURIComponent(ctx.request.device?.language ?? ''));
    this.pacer.reserve(n, g, choice.reserve, ctx.now);
    this.countBid(ctx, g, c);
    return {
      id: n,
      impid: imp.id,
      price: choice.price,
      adm: choice.markup(click),
      nurl: notice(RTB_PATHS.win, 'win', `&p=${RTB_MACROS.price}`),
      burl: notice(RTB_PATHS.bill, 'bill', `&p=${RTB_MACROS.price}`),
      lurl: notice(RTB_PATHS.loss, 'loss', `&p=${RTB_MACROS.minToWin}&r=${RTB_MACROS.loss}`),
      adid: String(g.adgroupId),
      cid: String(g.campaignId),
      crid: String(c.id),
      adomain: g.adomain,
      ...(g.appBundle ? { bundle: g.appBundle } : {}),
      ...(g.categories.length ? { cat: g.categories } : {}),
      ...(c.attrs.length ? { attr: c.attrs as Bid['attr'] } : {}),
      language: c.language,
      mtype: choice.mtype as Bid['mtype'],
      ...(choice.w && choice.h ? { w: choice.w, h: choice.h } : {}),
    };
  }

  private countBid(ctx: Context, g: IndexedGroup, c: IndexedCreative) {
    const id = `${g.adgroupId}|${c.id}|${ctx.hour.getTime()}|${ctx.bundle}|${ctx.country}|${ctx.os}`;
    const fact = this.bids.get(id);
    if (fact) fact.bids = (fact.bids ?? 0) + 1;
    else
      this.bids.set(id, {
        advId: g.advId,
        campaignId: g.campaignId,
        adgroupId: g.adgroupId,
        creativeId: c.id,
        hour: ctx.hour,
        bundle: ctx.bundle.slice(0, 200),
        country: ctx.country,
        os: ctx.os,
        bids: 1,
      });
  }

  /** Writes the bids counted since the last flush, one named batch per account. */
  async flushBids(): Promise<void> {
    if (this.bids.size === 0) return;
    const facts = [...this.bids.values()];
    this.bids = new Map();
    const seq = ++this.flushSeq;
    const byAccount = new Map<number, DeliveryFact[]>();
    for (const f of facts) byAccount.set(f.advId, [...(byAccount.get(f.advId) ?? []), f]);
    await inBackground(() =>
      this.options.db.transaction(async (tx) => {
        for (const [advId, list] of byAccount)
          await store.writeBatch(
            tx,
            { advId, source: 'bidder', key: `bids:${this.processId}:${seq}` },
            { facts: list },
          );
      }),
    );
  }

  /* ------------------------------------------------------------------------------------------------ */
  /* Notices                                                                                            */

  async notice(
    kind: NoticeKind,
    query: Record<string, unknown>,
    meta: { ip: string; userAgent: string },
  ): Promise<NoticeOutcome> {
    this.key ??= await this.options.key();
    const key = this.key;
    const check = decodeNotice(key, kind, query.d, query.s);
    if (!check.ok) return { status: check.reason === 'bad_signature' ? 403 : 400, reason: check.reason };
    const data = check.data;
    const group = this.catalog.groups.get(data.g);
    if (kind === 'loss') {
      this.pacer.release(data.n);
      const price = noticePrice(query.p, Number.MAX_SAFE_INTEGER);
      this.shading.lost(data.x, data.g, price !== null ? { price: Number(price), value: data.v } : undefined);
      return { status: 200, stored: false };
    }
    const price = noticePrice(query.p, data.bp);
    if (price === null) return { status: 400, reason: 'price' };
    const id = createHash('sha256')
      .update(`${kind}\u0001${data.a}\u0001${data.n}`)
      .digest('hex')
      .slice(0, 24);
    const [outcome] = await this.options.writer.submit([
      {
        kind: 'touch',
        row: {
          clickId: id,
          kind: kind === 'win' ? TOUCH_KIND.win : TOUCH_KIND.bill,
          advId: data.a,
          appId: data.l === 1 ? data.as : '',
          pixelId: data.l === 2 ? data.as : '',
          campaignId: String(data.c),
          adgroupId: String(data.g),
          creativeId: String(data.cr),
          bundle: data.bundle,
          country: data.country,
          os: data.os,
          ip: meta.ip,
          userAgent: meta.userAgent.slice(0, 512),
          price,
          exchangeId: data.x,
          createdAt: new Date(),
        },
      },
    ]);
    const stored = outcome === 'stored';
    if (stored && kind === 'win') this.shading.won(data.x, data.g);
    if (kind === 'bill') {
      const cost = group?.billingType === BILLING_TYPE.CPM && stored ? Number(price) / 1000 : 0;
      this.pacer.spent(data.n, group, cost);
    }
    return { status: 200, stored };
  }
}
