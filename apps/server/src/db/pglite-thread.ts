import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { PGLITE_WORKER } from '../paths';

/**
 * The embedded database in a worker thread (`pglite-worker.mjs`): PGlite runs each statement
 * synchronously in the thread that calls it, so in the server's own thread a long report or a large
 * write stopped every request, `/healthz` included (issue 17). This client sends statements to the
 * worker and awaits their results, so the main thread keeps answering while a statement runs.
 *
 * It offers what drizzle and the server call on a PGlite: `query`, `exec`, `transaction`, `close` and
 * `dumpDataDir`. A transaction is `begin` … `commit` on the one connection; the scheduler in front of it
 * (`pglite-scheduler.ts`) gives a transaction the connection until it ends, so nothing interleaves.
 * Parsers cannot cross threads: drizzle's return the text of some types as it is, and so does the worker
 * for the types named (other parsers are refused rather than ignored).
 */

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** An error from the worker as the driver's would be: PostgreSQL's fields (code, detail, ...) on it. */
function restoreError(plain: Reply['error']): Error {
  const err = new Error(plain?.message ?? 'embedded database error');
  Object.assign(err, plain);
  return err;
}

/** The names of the types whose parsers return the text unchanged (drizzle's). */
function textTypes(options?: QueryOptions): number[] {
  const parsers = options?.parsers;
  if (!parsers) return [];
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse('x', Number(oid)) !== 'x') {
      throw new Error('only parsers returning the text unchanged can run in the database thread');
    }
    return Number(oid);
  });
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private readonly ready: Promise<void>;

  private constructor(options: { dataDir?: string; loadDataDir?: string }) {
    this.worker = new Worker(PGLITE_WORKER, { workerData: options });
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error) waiter.reject(restoreError(reply.error));
      else waiter.resolve(reply.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      if (!this.failure) fail(new Error(`the embedded database thread stopped (exit code ${code})`));
    });
  }

  /** Opens PGlite in a new thread: in a folder, in memory, or in memory from a data-folder dump file. */
  static async open(options: { dataDir?: string; loadDataDir?: string }): Promise<PGliteThread> {
    const thread = new PGliteThread(options);
    await thread.ready;
    return thread;
  }

  private send<T>(message: Record<string, unknown>, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id }, transfer ?? []);
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes: textTypes(options) });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql, rowMode: options?.rowMode, textTypes: textTypes(options) });
  }

  /** `fn` on the connection between `begin` and `commit` (`rollback` when it throws or asks for it). */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.exec('begin');
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options),
      rollback: async () => {
        closed = true;
        await this.exec('rollback');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await fn(tx);
      if (!closed) await this.exec('commit');
      closed = true;
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.exec('rollback');
      }
      throw err;
    }
  }

  /** The data folder as a tar file (tests load it into fresh databases). */
  async dumpDataDir(): Promise<File> {
    const bytes = await this.send<Uint8Array>({ op: 'dump' });
    return new File([bytes], 'pgdata.tar');
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: 'close' });
    this.failure = new Error('the embedded database is closed');
    await this.worker.terminate();
  }

  /** Typed as the PGlite it stands in for, for drizzle and the scheduler (they call only what is above). */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
