import type { PGlite } from '@electric-sql/pglite';
import { checkDeadline, currentLane, useBackgroundLane } from './lanes';

export { inBackground } from './lanes';

export interface SchedulerOptions {
  /** The longest a background unit waits while interactive work keeps coming (it then goes next). */
  maxBackgroundWaitMs?: number;
  /**
   * What a cheap call may wait for the connection: an interactive unit that waited longer than
   * `cheapWaitMs` counts as hurt, and heavy units get the share of the connection's time that keeps at
   * most `cheapWaitShare` of interactive units hurt (issue 17).
   */
  cheapWaitMs?: number;
  cheapWaitShare?: number;
  /** The least share heavy units keep, so a report always ends. */
  minHeavyShare?: number;
  /** Interactive work is "about" when a unit of it ran or waited this recently. */
  interactiveWindowMs?: number;
  /** The longest an eligible heavy unit waits while interactive work keeps coming (it then goes next). */
  maxHeavyWaitMs?: number;
}

type LaneName = 'interactive' | 'background' | 'heavy';

interface Waiter {
  grant: () => void;
  since: number;
}

/**
 * A lock in front of PGlite's single connection with three lanes (`lanes.ts`). Interactive units (console
 * queries and transactions) go first, then background ones (the tracking writer), then heavy ones
 * (reports and other heavy calls). When an interactive unit ends and other work waits, the connection is
 * held back for one turn of the event loop, so the same request's next query (issued as soon as the
 * previous one resolves) goes first. Background and heavy units that waited their longest go next
 * anyway, so neither starves.
 *
 * PGlite cannot interrupt a statement, so a cheap call that arrives while a heavy statement runs waits
 * for it. The lock keeps that rare by giving heavy units a share of the connection's time: after a heavy
 * unit of d ms the next waits d × (1 − share) / share ms while interactive work is about (no wait
 * otherwise). The share follows what cheap calls meet: it shrinks while more than `cheapWaitShare` of
 * interactive units wait over `cheapWaitMs` and grows back while fewer than half that do, so heavy calls
 * get all the time the cheap ones leave them, and no more.
 */
export class PriorityLock {
  private busy = false;
  private readonly queues: Record<LaneName, Waiter[]> = { interactive: [], background: [], heavy: [] };
  /** Set while the connection is held back for an interactive unit's follower (a generation number). */
  private holdBack = 0;
  private holds = 0;
  private lastInteractive = Number.NEGATIVE_INFINITY;
  /** Heavy units wait until then (their share of the connection's time). */
  private heavyNotBefore = 0;
  private heavyTimer: NodeJS.Timeout | null = null;
  /** The heavy units' share of the connection's time, and the recent fraction of hurt cheap units. */
  private share = 1;
  private hurt = 0;
  private readonly maxBackgroundWait: number;
  private readonly cheapWait: number;
  private readonly cheapWaitShare: number;
  private readonly minShare: number;
  private readonly interactiveWindow: number;
  private readonly maxHeavyWait: number;

  constructor(options: SchedulerOptions = {}) {
    useBackgroundLane();
    this.maxBackgroundWait = options.maxBackgroundWaitMs ?? 100;
    this.cheapWait = options.cheapWaitMs ?? 100;
    this.cheapWaitShare = options.cheapWaitShare ?? 0.01;
    this.minShare = options.minHeavyShare ?? 0.02;
    this.interactiveWindow = options.interactiveWindowMs ?? 1000;
    this.maxHeavyWait = options.maxHeavyWaitMs ?? 1000;
  }

  /** The heavy units' current share of the connection's time (tests, the benchmark). */
  heavyShare(): number {
    return this.share;
  }

  /** Runs `fn` alone on the connection, in the lane of the caller's async context. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const lane = currentLane().kind;
    if (lane === 'heavy') checkDeadline();
    await this.acquire(lane);
    const started = performance.now();
    try {
      // A heavy call that waited past its deadline starts nothing more.
      if (lane === 'heavy') checkDeadline();
      return await fn();
    } finally {
      this.release(lane, started);
    }
  }

  private acquire(lane: LaneName): Promise<void> {
    const now = performance.now();
    if (lane === 'interactive') this.lastInteractive = now;
    if (
      !this.busy &&
      this.holdBack === 0 &&
      this.queues[lane].length === 0 &&
      this.pick(now, lane) === lane
    ) {
      this.busy = true;
      if (lane === 'interactive') this.cheapWaited(0);
      return Promise.resolve();
    }
    return new Promise((grant) => {
      this.queues[lane].push({ grant, since: now });
      // A starving unit may be waiting for a free connection that nobody else will hand over.
      if (!this.busy && this.holdBack === 0) this.next();
    });
  }

  /** Which lane goes next (`arriving`: a unit about to queue in that lane, counted as waiting). */
  private pick(now: number, arriving?: LaneName): LaneName | null {
    const waiting = (lane: LaneName) => this.queues[lane].length > 0 || arriving === lane;
    const since = (lane: LaneName) => this.queues[lane][0]?.since ?? now;
    if (this.queues.background.length > 0 && now - since('background') >= this.maxBackgroundWait) {
      return 'background';
    }
    const heavyReady = waiting('heavy') && now >= this.heavyNotBefore;
    if (heavyReady && now - Math.max(since('heavy'), this.heavyNotBefore) >= this.maxHeavyWait)
      return 'heavy';
    if (waiting('interactive')) return 'interactive';
    if (waiting('background')) return 'background';
    return heavyReady ? 'heavy' : null;
  }

  private release(lane: LaneName, started: number) {
    this.busy = false;
    const now = performance.now();
    if (lane === 'interactive') this.lastInteractive = now;
    if (lane === 'heavy' && now - this.lastInteractive < this.interactiveWindow) {
      this.heavyNotBefore = now + ((now - started) * (1 - this.share)) / this.share;
    }
    const others = this.queues.background.length + this.queues.heavy.length;
    if (lane === 'interactive' && this.queues.interactive.length === 0 && others > 0) {
      const hold = ++this.holds;
      this.holdBack = hold;
      setImmediate(() => {
        if (this.holdBack !== hold) return;
        this.holdBack = 0;
        if (!this.busy) this.next();
      });
      return;
    }
    this.holdBack = 0;
    this.next();
  }

  private next() {
    if (this.busy) return;
    const now = performance.now();
    const lane = this.pick(now);
    if (lane === null) {
      // Heavy work waits for its share: come back when it may go.
      if (this.queues.heavy.length > 0 && this.heavyTimer === null) {
        this.heavyTimer = setTimeout(
          () => {
            this.heavyTimer = null;
            if (!this.busy && this.holdBack === 0) this.next();
          },
          Math.max(1, this.heavyNotBefore - now),
        );
      }
      return;
    }
    const waiter = this.queues[lane].shift();
    if (!waiter) return;
    this.busy = true;
    if (lane === 'interactive') this.cheapWaited(now - waiter.since);
    waiter.grant();
  }

  /**
   * Follows the fraction of interactive units that waited over `cheapWait` (over about the last 200),
   * and the heavy share with it: cut on each such wait while the fraction is over its bound, grown on
   * each short wait while it is under half of it.
   */
  private cheapWaited(ms: number) {
    const hurt = ms > this.cheapWait;
    this.hurt += ((hurt ? 1 : 0) - this.hurt) / 200;
    if (hurt && this.hurt > this.cheapWaitShare) this.share = Math.max(this.minShare, this.share * 0.7);
    else if (!hurt && this.hurt < this.cheapWaitShare / 2)
      this.share = Math.min(1, this.share * 1.05 + 0.001);
  }
}

/**
 * The PGlite client with every query, exec and transaction passing through a `PriorityLock` (drizzle
 * calls nothing else on it); the queries inside a transaction use the transaction's own handle.
 */
export function scheduledPGlite(client: PGlite, options: SchedulerOptions = {}): PGlite {
  const lock = new PriorityLock(options);
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query' || prop === 'exec' || prop === 'transaction') {
        const method = Reflect.get(target, prop, target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => lock.run(() => method.apply(target, args));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
