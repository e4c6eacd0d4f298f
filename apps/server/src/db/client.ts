import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import { checkDeadline, currentLane, inBackground } from './lanes';
import { scheduledPGlite } from './pglite-scheduler';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Refreshes the planner's statistics where nothing else does (PGlite has no autovacuum; on
   * PostgreSQL autovacuum does it and this does nothing). Runs behind interactive work.
   */
  analyze(): Promise<void>;
  /**
   * PostgreSQL: calls `onNotify` for each `NOTIFY` on `channel`, on a connection of its own (opened again
   * when it breaks); resolves to a function that stops listening. PGlite: null (one process; what
   * changes it is seen in-process).
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

export type DatabaseOptions = (
  | { url: string }
  | { dataDir: string }
  | { loadDataDir: string; dataDir?: string }
  | { pglite: PGlite }
) & { lanes?: Partial<LaneOptions> };

/** How heavy calls use the database (`lanes.ts`). */
export interface LaneOptions {
  /** PostgreSQL: connections of the heavy calls' own pool. */
  heavyConnections: number;
  /** PostgreSQL: `statement_timeout` of the heavy calls' statements. */
  heavyTimeoutMs: number;
  /** PGlite: a cheap call's statement that waits longer than this counts as hurt ... */
  cheapWaitMs: number;
  /** ... and heavy statements get the share of the connection that keeps at most this fraction hurt. */
  cheapWaitShare: number;
}

const LANE_DEFAULTS: LaneOptions = {
  heavyConnections: 4,
  heavyTimeoutMs: 30_000,
  cheapWaitMs: 100,
  cheapWaitShare: 0.01,
};

/** Console work on the main pool, heavy calls' work on their own (`lanes.ts`), for drizzle as one pool. */
function lanedPool(main: pg.Pool, heavy: pg.Pool): pg.Pool {
  return new Proxy(main, {
    get(target, prop, receiver) {
      if (prop === 'query' || prop === 'connect') {
        return (...args: unknown[]) => {
          const lane = currentLane();
          if (lane.kind === 'heavy') checkDeadline();
          const pool = lane.kind === 'heavy' ? heavy : target;
          return (pool[prop] as (...a: unknown[]) => unknown).apply(pool, args);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite: in a folder (created if missing) or in memory from a
 * dump file, each in a thread of its own (`pglite-thread.ts`), or a PGlite instance given (in this thread:
 * unit tests and the test template).
 */
/** A dedicated connection that LISTENs on `channel`, reconnecting after a second when it breaks. */
async function listenPg(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = c;
    // Whatever changed while it was not listening: one notice covers it.
    onNotify('');
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end();
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const lanes = { ...LANE_DEFAULTS, ...options.lanes };
  if ('url' in options) {
    // JIT off: PostgreSQL compiles a query whose estimated cost passes jit_above_cost, and for the lists'
    // aggregates over the statistics store that compilation alone took 2.5 s of a 2.5 s answer
    // (`npm run bench:list -- --explain`); the queries here are short and run often, so it never pays.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: Number(process.env.DB_POOL_MAX ?? 20),
      options: '-c jit=off',
    });
    // Heavy calls (reports, exports) get connections of their own, each statement stopped after the
    // time limit, so they never hold the connections the cheap calls need.
    const heavyPool = new pg.Pool({
      connectionString: options.url,
      max: lanes.heavyConnections,
      options: `-c jit=off -c statement_timeout=${Math.round(lanes.heavyTimeoutMs)}`,
    });
    // An idle connection that breaks (server restart, admin termination) must not crash the process:
    // the pool drops it and the next query opens a new one.
    for (const p of [pool, heavyPool]) {
      p.on('error', (err) => {
        process.stderr.write(
          `${JSON.stringify({ level: 40, msg: 'idle database connection lost', err: err.message })}\n`,
        );
      });
    }
    const db = drizzlePg(lanedPool(pool, heavyPool), { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await pool.query('select 1');
      },
      analyze: async () => {},
      listen: (channel, onNotify) => listenPg(options.url, channel, onNotify),
      close: async () => {
        await Promise.all([pool.end(), heavyPool.end()]);
      },
    };
  }
  let raw: PGlite;
  if ('pglite' in options) raw = options.pglite;
  else if ('loadDataDir' in options) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    raw = (
      await PGliteThread.open({ loadDataDir: options.loadDataDir, dataDir: options.dataDir })
    ).asPGlite();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    raw = (await PGliteThread.open({ dataDir: options.dataDir })).asPGlite();
  }
  // A new WAL segment is not filled with 16 MB of zeros first: that write held the one connection, and
  // so every request, for 0.5 s each time a writer (ingestion, an audience upload) crossed into the next
  // segment; with it off the switch took under 0.1 s (PGlite's files need no zeroing).
  await raw.exec('set wal_init_zero = off');
  // One connection for console and ingestion: interactive work goes first (pglite-scheduler.ts).
  const client = scheduledPGlite(raw, {
    cheapWaitMs: lanes.cheapWaitMs,
    cheapWaitShare: lanes.cheapWaitShare,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      // PGlite has no autovacuum: without statistics the planner guesses, and the reach joins suffer.
      await client.exec('analyze');
    },
    ping: async () => {
      await client.query('select 1');
    },
    analyze: () => inBackground(() => client.exec('analyze')).then(() => undefined),
    listen: async () => null,
    close: () => raw.close(),
  };
}
