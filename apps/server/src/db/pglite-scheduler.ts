import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Work that may wait (the tracking writer's batches, maintenance): everything run inside
 * `inBackground` goes behind interactive work on PGlite's one connection.
 */
const backgroundLane = new AsyncLocalStorage<true>();
export const inBackground = <T>(fn: () => Promise<T>): Promise<T> => backgroundLane.run(true, fn);

export interface SchedulerOptions {
  /** The longest a background unit waits while interactive work keeps coming (it then goes next). */
  maxBackgroundWaitMs?: number;
}

interface Waiter {
  grant: () => void;
  since: number;
}

/**
 * A lock in front of PGlite's single connection with two lanes. Interactive units (console queries and
 * transactions) go before background ones; when an interactive unit ends and background work waits,
 * the connection is held back for one turn of the event loop, so the same request's next query (issued
 * as soon as the previous one resolves) goes before the writer's next batch. A background unit that has
 * waited `maxBackgroundWaitMs` goes next anyway, so ingestion never starves.
 */
export class PriorityLock {
  private busy = false;
  private readonly interactive: Waiter[] = [];
  private readonly background: Waiter[] = [];
  /** Set while the connection is held back for an interactive unit's follower (a generation number). */
  private holdBack = 0;
  private holds = 0;
  private readonly maxWait: number;

  constructor(options: SchedulerOptions = {}) {
    this.maxWait = options.maxBackgroundWaitMs ?? 100;
  }

  /** Runs `fn` alone on the connection, in the lane of the caller's async context. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const lane = backgroundLane.getStore() ? 'background' : 'interactive';
    await this.acquire(lane);
    try {
      return await fn();
    } finally {
      this.release(lane);
    }
  }

  private acquire(lane: 'interactive' | 'background'): Promise<void> {
    const free =
      lane === 'interactive'
        ? !this.busy && this.interactive.length === 0 && !this.starving()
        : !this.busy && this.holdBack === 0 && this.interactive.length === 0 && this.background.length === 0;
    if (free) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((grant) => {
      (lane === 'interactive' ? this.interactive : this.background).push({ grant, since: performance.now() });
      // A starving batch may be waiting for a free connection that nobody else will hand over.
      if (!this.busy && this.holdBack === 0) this.next();
    });
  }

  /** Whether the oldest background unit has waited its longest. */
  private starving(): boolean {
    return this.background.length > 0 && performance.now() - this.background[0].since >= this.maxWait;
  }

  private release(lane: 'interactive' | 'background') {
    this.busy = false;
    if (lane === 'interactive' && this.interactive.length === 0 && this.background.length > 0) {
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
    const starving =
      this.background.length > 0 && performance.now() - this.background[0].since >= this.maxWait;
    const waiter = starving ? this.background.shift() : (this.interactive.shift() ?? this.background.shift());
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
