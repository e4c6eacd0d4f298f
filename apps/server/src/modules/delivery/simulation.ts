import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { SimulationDirectory } from '../../simulator/directory';
import { Simulator } from '../../simulator/simulator';
import type { SimulationStats } from '../../simulator/stats';
import { ensureExchange } from './exchanges';

/**
 * The delivery simulator run by the server (decisions 8): the embedded demo's traffic (`SIMULATE`, bid
 * requests a second, on by default with the demo workspace) and the runs `npm run simulate` asks for.
 * The simulator itself (`src/simulator/`) only speaks HTTP to this server's port, as an exchange, its
 * users and the attribution partners would; what it needs to know of the advertisers' set-up (the apps'
 * postback tokens, the pixels) is read here, as a partner knows it from its own dashboard.
 *
 * `npm run simulate` reaches a running server through `/internal/simulation`, answered only to this
 * machine (a loopback address) with the key the server writes to `DATA_DIR/simulation.key` at start.
 */

/** The apps and pixels the simulated partners and pages report for. */
export async function simulationDirectory(db: Db): Promise<SimulationDirectory> {
  const apps = (await db.execute(sql`
    select a.id, a.partner, a.postback_token, a.os, a.bundle_id,
      coalesce(array_agg(e.event_id) filter (where e.type = 1), '{}') as events
    from apps a left join app_events e on e.app_id = a.id
    group by a.id`)) as unknown as {
    rows: {
      id: string;
      partner: string;
      postback_token: string;
      os: number;
      bundle_id: string;
      events: string[];
    }[];
  };
  const pixels = (await db.execute(sql`
    select p.id, coalesce(array_agg(e.event_type) filter (where e.event_type is not null), '{}') as events
    from pixels p left join pixel_events e on e.pixel_id = p.id
    group by p.id`)) as unknown as { rows: { id: string; events: string[] }[] };
  return {
    apps: apps.rows.map((a) => ({
      id: a.id,
      partner: a.partner,
      postbackToken: a.postback_token,
      os: Number(a.os),
      bundleId: a.bundle_id,
      ...(a.events.length > 0 ? { events: a.events } : {}),
    })),
    pixels: pixels.rows.map((p) => ({ id: p.id, ...(p.events.length > 0 ? { events: p.events } : {}) })),
  };
}

export const SIMULATOR_EXCHANGE = 'Simulator';

interface Run {
  simulator: Simulator;
  qps: number;
  until: number | null;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

/** Starts and stops the server's simulator runs (one at a time). */
export class SimulationRunner {
  private run: Run | null = null;
  private last: { stats: SimulationStats; qps: number; startedAt: number; endedAt: number } | null = null;

  constructor(
    private readonly options: {
      db: Db;
      baseUrl: string;
      log: (msg: string) => void;
      /** Tells this process's bidder of the exchange (a new token) before the first request. */
      registered: () => Promise<void>;
    },
  ) {}

  async start(qps: number, minutes: number | null, seed?: number): Promise<void> {
    await this.stop();
    const exchange = await ensureExchange(this.options.db, {
      name: SIMULATOR_EXCHANGE,
      auctionType: 2,
      currency: 'USD',
    });
    await this.options.registered();
    const simulator = new Simulator({
      baseUrl: this.options.baseUrl,
      exchange: { id: exchange.id, token: exchange.token, currency: 'USD' },
      qps,
      seed,
      directory: () => simulationDirectory(this.options.db),
      log: this.options.log,
    });
    const startedAt = Date.now();
    const run: Run = {
      simulator,
      qps,
      startedAt,
      until: minutes ? startedAt + minutes * 60_000 : null,
      timer: null,
    };
    if (run.until) {
      run.timer = setTimeout(() => void this.stop(), run.until - startedAt);
      run.timer.unref();
    }
    this.run = run;
    simulator.start();
  }

  async stop(): Promise<void> {
    const run = this.run;
    if (!run) return;
    this.run = null;
    if (run.timer) clearTimeout(run.timer);
    await run.simulator.stop();
    this.last = { stats: run.simulator.stats, qps: run.qps, startedAt: run.startedAt, endedAt: Date.now() };
  }

  status() {
    const run = this.run;
    return run
      ? {
          running: true,
          qps: run.qps,
          started_at: new Date(run.startedAt).toISOString(),
          until: run.until ? new Date(run.until).toISOString() : null,
          stats: run.simulator.stats,
        }
      : { running: false, last: this.last };
  }
}

const KEY_FILE = 'simulation.key';

/** Writes a fresh key for `npm run simulate` to the data folder; returns it. */
export function writeSimulationKey(dataDir: string): string {
  const key = randomBytes(24).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, KEY_FILE), key, { mode: 0o600 });
  return key;
}

export function readSimulationKey(dataDir: string): string {
  return readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim();
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `/internal/simulation`: start (POST `{ qps, minutes }`), stop (DELETE) and read (GET) a run. */
export async function simulationRoutes(app: FastifyInstance, runner: SimulationRunner, key: string) {
  const allowed = (req: { socket: { remoteAddress?: string }; headers: Record<string, unknown> }) => {
    const given = Buffer.from(String(req.headers['x-simulation-key'] ?? ''));
    const expected = Buffer.from(key);
    return (
      LOOPBACK.has(req.socket.remoteAddress ?? '') &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  };
  const body = z.object({
    qps: z.number().positive().max(20_000),
    minutes: z
      .number()
      .positive()
      .max(24 * 60)
      .nullable()
      .optional(),
    seed: z.number().int().optional(),
  });
  app.get(
    '/internal/simulation',
    { schema: { hide: true }, config: { auth: 'public' } },
    async (req, reply) => (allowed(req) ? runner.status() : reply.status(404).send({ error: 'not found' })),
  );
  app.post(
    '/internal/simulation',
    { schema: { hide: true }, config: { auth: 'public' } },
    async (req, reply) => {
      if (!allowed(req)) return reply.status(404).send({ error: 'not found' });
      const parsed = body.safeParse(req.body);
      if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]?.message });
      await runner.start(parsed.data.qps, parsed.data.minutes ?? null, parsed.data.seed);
      return runner.status();
    },
  );
  app.delete(
    '/internal/simulation',
    { schema: { hide: true }, config: { auth: 'public' } },
    async (req, reply) => {
      if (!allowed(req)) return reply.status(404).send({ error: 'not found' });
      await runner.stop();
      return runner.status();
    },
  );
}
