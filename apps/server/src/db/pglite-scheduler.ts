import type { PGlite } from '@electric-sql/pglite';
import { checkDeadline, currentLane } from './lanes';

export { inBackground } from './lanes';

export interface SchedulerOptions {
  /** The longest a background unit waits while interactive work keeps coming (it then goes next). */
  maxBackgroundWaitMs?: number;
  /**
   * The share of the connection's time heavy units may take while interactive work is about: after a
   * heavy unit of d ms the next waits d × (1 − share) / share ms, so a cheap call that arrives finds a
   * heavy statement running at most that share of the time.
   */
  heavyShare?: number;
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
 * (reports and other heavy calls). PGlite cannot interrupt a statement, so a cheap call that arrives
 * while a heavy statement runs waits for it; to bound how often that happens, heavy units take at most
 * `heavyShare` of the connection's time while interactive work is about (and all of it otherwise).
 * When an interactive unit ends and other work waits, the connection is held back for one turn of the
 * event loop, so the same request's next query (issued as soon as the previous one resolves) goes first.
 * Background and heavy units that waited their longest go next anyway, so neither starves.
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
  private readonly maxBackgroundWait: number;
  private readonly heavyShare: number;
  private readonly interactiveWindow: number;
  private readonly maxHeavyWait: number;

  constructor(options: SchedulerOptions = {}) {
    this.maxBackgroundWait = options.maxBackgroundWaitMs ?? 100;
    this.heavyShare = Math.min(1, Math.max(0.01, options.heavyShare ?? 0.2));
    this.interactiveWindow = options.interactiveWindowMs ?? 1000;
    this.maxHeavyWait = options.maxHeavyWaitMs ?? 1000;
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
      this.heavyNotBefore = now + ((now - started) * (1 - this.heavyShare)) / this.heavyShare;
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
    waiter.grant();
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
