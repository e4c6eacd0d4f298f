#!/usr/bin/env node
// Fairness benchmark (issue 17): one customer's heavy reports must not slow another customer's cheap
// calls. The built product (`apps/server/dist/main.js`, what `npm start` serves) with the demo workspace,
// on PGlite and on a throwaway PostgreSQL cluster. For each database:
//   1. alone: a loop of `GET /scaler/account/user_info` by another customer (brand@demo.test, the
//      Bluebird Retail center), and a loop of `GET /healthz`;
//   2. loaded: the same loops while `--loops` loops of the agency admin (admin@demo.test) ask for a
//      5-dimension, 365-day, 5,000-row custom report (date × hour × campaign × creative × country,
//      sorted by cost) as fast as they are answered (a refused call waits its Retry-After, or 1 s).
// Prints the cheap calls' p50/p95/max and the heavy calls' answers (done, refused 429, timed out 422) and
// p50. Target: user_info p95 <= 150 ms while the heavy loops run; exits 1 when missed.
//
//   npm run bench:fairness -- [--db pglite,postgres] [--seconds 30] [--loops 8] [--root <checkout>]
//
// `--root` runs another checkout's built server (for figures before a change); `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { freePort, login, percentile, root, startProcess, waitFor } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    seconds: { type: 'string', default: '30' },
    loops: { type: 'string', default: '8' },
    root: { type: 'string', default: root },
  },
});
const SECONDS = Number(opts.seconds);
const LOOPS = Number(opts.loops);
const TARGET_P95 = 150;
const today = new Date();
const day = (offset) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const HEAVY_REPORT = {
  start_date: day(-364),
  end_date: day(0),
  dimensions: ['date', 'hour', 'campaign', 'creative', 'country'],
  sort_field: 'gmv',
  sort_order: 'desc',
  page_size: 5000,
};

async function startBuilt({ dataDir, databaseUrl }) {
  const port = await freePort();
  const server = startProcess([path.join(opts.root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: '1',
    SIMULATE: '0',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, 300_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { base, stop: server.stop };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `once` in a loop until `until`, recording each answer's time and status. */
async function loop(until, once) {
  const samples = [];
  while (performance.now() < until) {
    const t0 = performance.now();
    const { status, retryAfter } = await once();
    samples.push({ ms: performance.now() - t0, status });
    if (status === 429) await sleep(1000 * (retryAfter || 1));
  }
  return samples;
}

const summary = (samples) => {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1) ?? 0 };
};

async function measure(base, { heavyLoops }) {
  const admin = await login(base, 'admin@demo.test');
  const brand = await login(base, 'brand@demo.test');
  const userInfo = async () => {
    const res = await fetch(`${base}/scaler/account/user_info`, {
      headers: { token: brand, 'org-id': '100002' },
    });
    await res.arrayBuffer();
    return { status: res.status };
  };
  const health = async () => {
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    return { status: res.status };
  };
  const report = async () => {
    const res = await fetch(`${base}/scaler/v3/report/custom`, {
      method: 'POST',
      headers: {
        token: admin,
        'org-id': '100001',
        'adv-id': '1000001',
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
      },
      body: JSON.stringify(HEAVY_REPORT),
    });
    const body = await res.json().catch(() => null);
    if (res.status === 200 && body?.code !== 0) throw new Error(`report failed: ${JSON.stringify(body)}`);
    return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
  };
  // Warm up: the first report plans and reads everything once.
  await report();
  const until = performance.now() + SECONDS * 1000;
  const [info, healthz, ...heavy] = await Promise.all([
    loop(until, userInfo),
    loop(until, health),
    ...Array.from({ length: heavyLoops }, () => loop(until, report)),
  ]);
  const all = heavy.flat();
  return {
    info: summary(info),
    healthz: summary(healthz),
    heavy: {
      ...summary(all.filter((s) => s.status === 200)),
      done: all.filter((s) => s.status === 200).length,
      refused: all.filter((s) => s.status === 429).length,
      timedOut: all.filter((s) => s.status === 422).length,
      other: all.filter((s) => ![200, 422, 429].includes(s.status)).length,
    },
  };
}

const fmt = (n) => n.toFixed(0).padStart(6);
const results = [];
for (const kind of opts.db.split(',')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-fairness-'));
  let cluster = null;
  let databaseUrl = null;
  try {
    if (kind === 'postgres') {
      cluster = await startCluster({ log: (m) => process.stderr.write(`${m}\n`) });
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('create database fairness');
      await admin.end();
      databaseUrl = cluster.url.replace(/\/postgres$/, '/fairness');
    }
    process.stderr.write(`${kind}: starting the built server with the demo workspace ...\n`);
    const server = await startBuilt({ dataDir, databaseUrl });
    try {
      process.stderr.write(`${kind}: cheap calls alone for ${SECONDS} s ...\n`);
      const alone = await measure(server.base, { heavyLoops: 0 });
      process.stderr.write(`${kind}: cheap calls beside ${LOOPS} heavy report loops for ${SECONDS} s ...\n`);
      const loaded = await measure(server.base, { heavyLoops: LOOPS });
      results.push({ kind, alone, loaded });
    } finally {
      await server.stop();
    }
  } finally {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nFairness: ${LOOPS} loops of a 5-dimension, 365-day, 5,000-row report beside another customer (${SECONDS} s each)`,
);
console.log(
  `server: ${path.relative(process.cwd(), opts.root) || '.'}   target: user_info p95 <= ${TARGET_P95} ms\n`,
);
console.log(
  'database  | phase  | user_info p50 / p95 / max ms | healthz p50 / p95 / max ms | heavy done / 429 / 422 | heavy p50 ms',
);
console.log(
  '----------|--------|------------------------------|----------------------------|------------------------|-------------',
);
let missed = false;
for (const { kind, alone, loaded } of results) {
  for (const [phase, r] of [
    ['alone', alone],
    ['loaded', loaded],
  ]) {
    const h = r.heavy;
    console.log(
      `${kind.padEnd(9)} | ${phase.padEnd(6)} | ${fmt(r.info.p50)} / ${fmt(r.info.p95)} / ${fmt(r.info.max)}   | ${fmt(r.healthz.p50)} / ${fmt(r.healthz.p95)} / ${fmt(r.healthz.max)} | ${String(h.done).padStart(6)} / ${String(h.refused).padStart(4)} / ${String(h.timedOut).padStart(4)}   | ${phase === 'alone' ? '     -' : fmt(h.p50)}`,
    );
  }
  if (loaded.info.p95 > TARGET_P95) missed = true;
  if (loaded.heavy.other > 0)
    console.log(`  ${kind}: ${loaded.heavy.other} heavy answers with another status`);
}
if (missed) {
  console.log(`\nuser_info p95 over ${TARGET_P95} ms while the heavy loops ran: target missed.`);
  process.exitCode = 1;
}
