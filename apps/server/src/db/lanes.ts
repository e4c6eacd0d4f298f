import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which lane a database statement runs in, by the async context it was issued from (issue 17):
 * - `interactive`: console calls (the default): first on PGlite's one connection; on PostgreSQL the main pool.
 * - `background`: the tracking writer's batches and maintenance: behind interactive work on PGlite.
 * - `heavy`: reports, exports, long lists (routes marked `heavy`, `http/heavy-calls.ts`): last on PGlite and
 *   limited to a share of its time while interactive work is about; on PostgreSQL a pool of their own
 *   with a statement timeout, so they never take the connections the cheap calls need.
 * A heavy call carries its deadline: past it no further statement of the call starts (PGlite cannot stop
 * a statement that runs; PostgreSQL stops it by `statement_timeout`).
 */
/** A heavy call's deadline (`performance.now()` time), moved to now when its caller goes away. */
export interface Deadline {
  at: number;
}

export type Lane = { kind: 'background' } | { kind: 'heavy'; deadline: Deadline };

const lanes = new AsyncLocalStorage<Lane>();

/** The lane of the caller's async context. */
export const currentLane = (): Lane | { kind: 'interactive' } => lanes.getStore() ?? { kind: 'interactive' };

/** Work that may wait (the tracking writer's batches, maintenance): behind interactive work on PGlite. */
export const inBackground = <T>(fn: () => Promise<T>): Promise<T> => lanes.run({ kind: 'background' }, fn);

/** A heavy call's work, which must not start a statement after its deadline. */
export const inHeavyLane = <T>(deadline: Deadline, fn: () => Promise<T>): Promise<T> =>
  lanes.run({ kind: 'heavy', deadline }, fn);

/** A heavy call ran past its time; the error handler answers `HEAVY_TIMEOUT`. */
export class HeavyTimeoutError extends Error {
  constructor() {
    super('the call ran past its time limit');
    this.name = 'HeavyTimeoutError';
  }
}

/** Throws when the caller is a heavy call past its deadline (before a statement starts). */
export function checkDeadline() {
  const lane = lanes.getStore();
  if (lane?.kind === 'heavy' && performance.now() > lane.deadline.at) throw new HeavyTimeoutError();
}
