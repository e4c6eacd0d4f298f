import type { FastifyInstance, RouteOptions } from 'fastify';
import { HeavyTimeoutError, inHeavyLane } from '../db/lanes';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A heavy call (reports, exports, lists over long ranges): it waits for a slot of its user, its center
     * and the server (`HeavyGate`), and runs its statements in the database's heavy lane with a time limit
     * (`db/lanes.ts`). A function decides per request (after the body is validated).
     */
    heavy?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** The route `config` of a heavy call. */
export const HEAVY_CALL = { heavy: true } as const;

/** Days from `start_date` to `end_date` of a body (both ends counted); 0 without them. */
export function rangeDays(body: unknown): number {
  const { start_date: start, end_date: end } = (body ?? {}) as { start_date?: unknown; end_date?: unknown };
  if (typeof start !== 'string' || typeof end !== 'string') return 0;
  return (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
}

export interface HeavyLimits {
  /** Heavy calls one user may run at once. */
  perUser: number;
  /** Heavy calls the users of one center (the `org-id` header) may run at once. */
  perCenter: number;
  /** Heavy calls the server runs at once. */
  total: number;
  /** Heavy calls of one user that may wait for a slot; one more is refused at once (429). */
  queuePerUser: number;
  /** The longest a call waits for a slot before it is refused (429). */
  maxWaitMs: number;
  /** A heavy call's time limit once it runs (PostgreSQL: `statement_timeout`; PGlite: see `lanes.ts`). */
  timeoutMs: number;
}

interface Waiter {
  user: string;
  center: string;
  grant: () => void;
  refuse: (err: AppError) => void;
}

/**
 * Admission of heavy calls (issue 17): at most `perUser` running per user, `perCenter` per center and
 * `total` in all; the others wait in one queue in arrival order, and a slot that frees goes to the first
 * waiter whose user and center are under their limits, so one user's many calls cannot keep another's
 * waiting. A user with `queuePerUser` calls waiting, or a call that waited `maxWaitMs`, is refused with
 * 429 `HEAVY_BUSY`. The counts live in this process (a second server process has its own).
 */
export class HeavyGate {
  private readonly running = {
    users: new Map<string, number>(),
    centers: new Map<string, number>(),
    total: 0,
  };
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: HeavyLimits) {}

  /** Waits for a slot; the function returned gives it back. `signal` withdraws a call still waiting. */
  acquire(user: string, center: string, signal?: AbortSignal): Promise<() => void> {
    // Waiters that fit are admitted whenever a slot frees, so a call that fits jumps nobody.
    if (this.fits(user, center)) {
      return Promise.resolve(this.take(user, center));
    }
    if (this.waiting.filter((w) => w.user === user).length >= this.limits.queuePerUser) {
      return Promise.reject(new AppError('HEAVY_BUSY'));
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        user,
        center,
        grant: () => {
          leave();
          resolve(this.take(user, center));
        },
        refuse: (err) => {
          leave();
          reject(err);
        },
      };
      const onAbort = () => waiter.refuse(new AppError('HEAVY_BUSY'));
      const timer = setTimeout(() => waiter.refuse(new AppError('HEAVY_BUSY')), this.limits.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Running and waiting calls (tests, the benchmark's report). */
  stats() {
    return { running: this.running.total, waiting: this.waiting.length };
  }

  private fits(user: string, center: string): boolean {
    return (
      this.running.total < this.limits.total &&
      (this.running.users.get(user) ?? 0) < this.limits.perUser &&
      (this.running.centers.get(center) ?? 0) < this.limits.perCenter
    );
  }

  private take(user: string, center: string): () => void {
    const add = (map: Map<string, number>, key: string, n: number) => {
      const next = (map.get(key) ?? 0) + n;
      if (next === 0) map.delete(key);
      else map.set(key, next);
    };
    add(this.running.users, user, 1);
    add(this.running.centers, center, 1);
    this.running.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(this.running.users, user, -1);
      add(this.running.centers, center, -1);
      this.running.total--;
      this.admit();
    };
  }

  /** Hands free slots to the first waiters that fit. */
  private admit() {
    for (const waiter of [...this.waiting]) {
      if (this.running.total >= this.limits.total) return;
      if (this.fits(waiter.user, waiter.center)) waiter.grant();
    }
  }
}

/** The call's deadline passed before a statement, or PostgreSQL stopped one (`statement_timeout`, 57014). */
function timedOut(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof HeavyTimeoutError || (e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Routes marked `heavy` run their handler inside a slot of the gate and the database's heavy lane with
 * the call's deadline. A caller that goes away while waiting is withdrawn from the queue; one that goes
 * away while its call runs ends it at its next statement (the deadline is moved to now).
 */
export function registerHeavyCalls(app: FastifyInstance, gate: HeavyGate) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const heavy = route.config?.heavy;
    if (!heavy) return;
    const handler = route.handler;
    route.handler = async function heavyCall(request, reply) {
      if (typeof heavy === 'function' && !heavy(request)) return handler.call(this, request, reply);
      const left = new AbortController();
      // The answer's connection closed before the answer was written: the caller went away.
      const onClose = () => {
        if (!reply.raw.writableFinished) left.abort();
      };
      reply.raw.once('close', onClose);
      try {
        const release = await gate
          .acquire(request.actor?.userId ?? request.ip, String(request.ctx?.orgId ?? 'none'), left.signal)
          .catch((err: unknown) => {
            // Refused: a running call usually ends within seconds.
            reply.header('retry-after', '2');
            throw err;
          });
        try {
          const deadline = { at: performance.now() + gate.limits.timeoutMs };
          left.signal.addEventListener('abort', () => {
            deadline.at = performance.now();
          });
          return await inHeavyLane(deadline, async () => handler.call(this, request, reply));
        } catch (err) {
          if (!timedOut(err)) throw err;
          throw new AppError('HEAVY_TIMEOUT', {
            params: { seconds: String(gate.limits.timeoutMs / 1000) },
          });
        } finally {
          release();
        }
      } finally {
        reply.raw.off('close', onClose);
      }
    };
  });
}
