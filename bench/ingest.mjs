#!/usr/bin/env node
// Ingestion benchmark: N concurrent senders post pixel events to the collection endpoint of the real
// server (its own process, as in production) on PostgreSQL and on PGlite, then the same load against a
// bare Fastify endpoint on this machine as the ceiling. Prints events per second, p50/p99 latency and
// events acknowledged versus stored (they must be equal).
//
//   npm run bench -- [--senders 200] [--seconds 15] [--db postgres,pglite,bare]
//
// PostgreSQL runs as a throwaway cluster from the installed binaries with its durable defaults (fsync on);
// DATABASE_URL uses an existing server instead. Each sender is its own client address (X-Forwarded-For
// from the benchmarking range 198.18.0.0/15, this machine being the trusted proxy), as browsers are, so
// the per-address rate limit sees what it would in production; `npm run bench:rate-limit` checks it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import {
  cpuMeter,
  demoPixel,
  freePort,
  pixelEventBody,
  sendEvents,
  startProcess,
  startServer,
  waitFor,
} from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    senders: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    db: { type: 'string', default: 'postgres,pglite,bare' },
  },
});
const SENDERS = Number(opts.senders);
const SECONDS = Number(opts.seconds);
const WARMUP = Number(opts.warmup);
const targets = opts.db.split(',');

/** The load, with the CPU the server, the load itself and the machine spent in its measured seconds. */
const load = async (options, pid) => {
  let meter = null;
  const started = setTimeout(() => {
    meter = cpuMeter(pid);
  }, WARMUP * 1000);
  const r = await sendEvents({ ...options, senders: SENDERS });
  clearTimeout(started);
  const cpu = meter?.stop() ?? null;
  return { ...r, failed: r.failed + r.busy + r.limited, cpu };
};
const eventBody = pixelEventBody;

const storedSql = (pixelId, run) =>
  `select count(*)::int as n from tracking_events where pixel_id = '${pixelId}' and dedup_key like 'px:${pixelId}:%:bench-${run}-%'`;

async function benchServer(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-'));
  let cluster = null;
  let url = process.env.DATABASE_URL || null;
  if (kind === 'postgres' && !url) {
    cluster = await startCluster({ log: () => {}, durable: true });
    url = cluster.url;
  }
  let server = null;
  try {
    server = await startServer({ dataDir, databaseUrl: kind === 'postgres' ? url : null });
    const pixelId = await demoPixel(server.base);
    const run = Date.now().toString(36);
    const result = await load(
      {
        port: server.port,
        path: '/px/collect',
        body: eventBody(pixelId, run),
        seconds: SECONDS,
        warmup: WARMUP,
      },
      server.pid,
    );
    await server.stop();
    let stored;
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      stored = (await client.query(storedSql(pixelId, run))).rows[0].n;
      await client.end();
    } else {
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      stored = (await db.query(storedSql(pixelId, run))).rows[0].n;
      await db.close();
    }
    return { ...result, stored };
  } finally {
    await server?.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare() {
  const port = await freePort();
  const server = startProcess(['bench/bare-server.mjs'], { PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const result = await load(
      {
        port,
        path: '/collect',
        body: eventBody('bare', 'bare'),
        seconds: SECONDS,
        warmup: WARMUP,
      },
      server.pid,
    );
    return { ...result, stored: null };
  } finally {
    await server.stop();
  }
}

const rows = [];
for (const target of targets) {
  process.stderr.write(
    `benchmarking ${target} with ${SENDERS} senders for ${SECONDS}s (+${WARMUP}s warm-up)...\n`,
  );
  const r = target === 'bare' ? await benchBare() : await benchServer(target);
  rows.push({ target, ...r });
}

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(
  `\nIngestion benchmark: ${SENDERS} concurrent senders, ${SECONDS}s measured, one event per request`,
);
console.log(
  'target      events/s   p50 ms   p99 ms   acknowledged   stored   failed   lost   CPU ms/event: server  load  rest  idle %',
);
for (const r of rows) {
  const lost = r.stored === null ? '-' : String(r.acknowledged - r.stored);
  // Per event over the measured seconds: the server process, this load generator, the rest of the
  // machine (the database, the system), and the share of both cores left idle.
  const events = r.eps * SECONDS;
  const per = (ms) => (ms === null || !r.cpu ? '-' : fmt(ms / events, 3));
  const rest = r.cpu ? r.cpu.busy - (r.cpu.server ?? 0) - r.cpu.load : null;
  const idle = r.cpu ? fmt((100 * r.cpu.idle) / (r.cpu.busy + r.cpu.idle)) : '-';
  console.log(
    [
      r.target.padEnd(10),
      fmt(r.eps).padStart(9),
      fmt(r.p50, 1).padStart(8),
      fmt(r.p99, 1).padStart(8),
      fmt(r.acknowledged).padStart(14),
      (r.stored === null ? '-' : fmt(r.stored)).padStart(8),
      fmt(r.failed).padStart(8),
      lost.padStart(6),
      per(r.cpu?.server ?? null).padStart(22),
      per(r.cpu?.load ?? null).padStart(5),
      per(rest).padStart(5),
      idle.padStart(7),
    ].join(' '),
  );
}
const bad = rows.filter((r) => r.stored !== null && r.stored !== r.acknowledged);
if (bad.length > 0) {
  console.error(`\nMISMATCH: acknowledged and stored differ for ${bad.map((r) => r.target).join(', ')}`);
  process.exit(1);
}
