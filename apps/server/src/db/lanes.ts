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

/**
 * Runs of a lane in flight. The async context is tracked only while one runs: an AsyncLocalStorage that
 * has run once keeps Node 20's promise hooks on for every promise of the process, and under the ingestion
 * benchmark those hooks took about a quarter of the server's CPU (`npm run bench`, README). So the store
 * is disabled again whenever the last run settles, and work that needs no lane of its own runs without it.
 */
let running = 0;

function runIn<T>(lane: Lane, fn: () => Promise<T>): Promise<T> {
  running++;
  const settled = () => {
    if (--running === 0) lanes.disable();
  };
  let result: Promise<T>;
  try {
    result = lanes.run(lane, fn);
  } catch (error) {
    settled();
    throw error;
  }
  return result.finally(settled);
}

/**
 * Whether a scheduler that orders work by lane exists in this process (PGlite's one connection,
 * `pglite-scheduler.ts`). On PostgreSQL background work takes the main pool, as interactive work does, so
 * there it needs no lane of its own.
 */
let backgroundLaneUsed = false;

/** Called by a scheduler that treats the background lane apart. */
export function useBackgroundLane() {
  backgroundLaneUsed = true;
}

/** The lane of the caller's async context. */
export const currentLane = (): Lane | { kind: 'interactive' } => lanes.getStore() ?? { kind: 'interactive' };

/**
 * Work that may wait (the tracking writer's batches, maintenance): behind interactive work on PGlite. Where
 * no scheduler tells lanes apart, and the caller is in no lane (where it would be in the interactive one,
 * which takes the same connections), it just runs.
 */
export const inBackground = <T>(fn: () => Promise<T>): Promise<T> =>
  !backgroundLaneUsed && lanes.getStore() === undefined ? fn() : runIn({ kind: 'background' }, fn);

/** A heavy call's work, which must not start a statement after its deadline. */
export const inHeavyLane = <T>(deadline: Deadline, fn: () => Promise<T>): Promise<T> =>
  runIn({ kind: 'heavy', deadline }, fn);

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
