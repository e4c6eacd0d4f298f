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
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Logs in as the demo admin and picks the demo web pixel of Northwind Shoes. */
async function demoPixel(base) {
  const login = await fetch(`${base}/scaler/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo@2026!' }),
  });
  const token = (await login.json()).data.token;
  const res = await fetch(`${base}/scaler/v3/pixel?mode=1`, {
    headers: { token, 'org-id': '100001', 'adv-id': '1000001' },
  });
  const pixel = (await res.json()).data.list.find((p) => p.name === 'northwind-shoes.example');
  if (!pixel) throw new Error('demo pixel not found');
  return pixel._id;
}

/** Every sender posts one event at a time, as a browser's beacon does, for the given seconds. */
async function load({ port, path: urlPath, body, seconds, warmup }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS });
  const latencies = [];
  let acknowledged = 0;
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  const measureFrom = started + warmup * 1000;
  const end = measureFrom + seconds * 1000;
  let measured = 0;
  const post = (payload, sender) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: urlPath,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'text/plain',
            'x-forwarded-for': `198.18.${Math.floor(sender / 250)}.${(sender % 250) + 1}`,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', (err) => resolve({ status: 0, text: String(err) }));
      req.end(payload);
    });
  let seq = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      while (performance.now() < end) {
        const n = seq++;
        const t0 = performance.now();
        sent++;
        const res = await post(body(sender, n), sender);
        const t1 = performance.now();
        const ok = res.status === 200 && JSON.parse(res.text).data?.accepted === 1;
        if (ok) acknowledged++;
        else failed++;
        if (t0 >= measureFrom && t1 <= end) {
          measured++;
          latencies.push(t1 - t0);
        }
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { sent, acknowledged, failed, eps: measured / seconds, p50: pct(50), p99: pct(99) };
}

const eventBody = (pixelId, run) => (sender, n) =>
  JSON.stringify({
    pixel_id: pixelId,
    event: n % 5 === 0 ? 'Purchase' : 'PageView',
    event_id: `bench-${run}-${n}`,
    uid: `bench-browser-${sender % 97}`,
    url: 'https://bench.example/',
    value: n % 5 === 0 ? '12.34' : undefined,
    currency: n % 5 === 0 ? 'USD' : undefined,
  });

const storedSql = (pixelId, run) =>
  `select count(*)::int as n from tracking_events where pixel_id = '${pixelId}' and dedup_key like 'px:${pixelId}:%:bench-${run}-%'`;

async function benchServer(kind) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-'));
  let cluster = null;
  let url = process.env.DATABASE_URL || null;
  if (kind === 'postgres' && !url) {
    cluster = await startCluster({ log: () => {}, durable: true });
    url = cluster.url;
  }
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
  };
  if (kind === 'postgres') env.DATABASE_URL = url;
  const prof = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const server = startProcess([...prof, '--import', 'tsx', 'apps/server/src/main.ts'], env);
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const pixelId = await demoPixel(`http://127.0.0.1:${port}`);
    const run = Date.now().toString(36);
    const result = await load({
      port,
      path: '/px/collect',
      body: eventBody(pixelId, run),
      seconds: SECONDS,
      warmup: WARMUP,
    });
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
    await server.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare() {
  const port = await freePort();
  const server = startProcess(['bench/bare-server.mjs'], { PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const result = await load({
      port,
      path: '/collect',
      body: eventBody('bare', 'bare'),
      seconds: SECONDS,
      warmup: WARMUP,
    });
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
console.log('target      events/s   p50 ms   p99 ms   acknowledged   stored   failed   lost');
for (const r of rows) {
  const lost = r.stored === null ? '-' : String(r.acknowledged - r.stored);
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
    ].join(' '),
  );
}
const bad = rows.filter((r) => r.stored !== null && r.stored !== r.acknowledged);
if (bad.length > 0) {
  console.error(`\nMISMATCH: acknowledged and stored differ for ${bad.map((r) => r.target).join(', ')}`);
  process.exit(1);
}
