#!/usr/bin/env node
// Rate-limit check of the tracking endpoints with their default limits, against the real server (its own
// process, embedded database by default): 200 client addresses sending 25 pixel events per second each
// must not be limited, and one address sending 1,000 a second must be. Client addresses are given in
// X-Forwarded-For (the server trusts this machine as its proxy), taken from the benchmarking range
// 198.18.0.0/15: they name senders, nothing is sent to them.
//
//   npm run bench:rate-limit -- [--senders 200] [--rate 25] [--flood 1000] [--seconds 12] [--db pglite|postgres]
//                               [--events refused|stored]
//
// `--events refused` (the default) posts events of a pixel that does not exist: the limiter counts them
// like any other (it runs before the request is looked at) and the server answers 404 without touching
// the database, so the limiter sees the senders' full rate even on a 2-core machine. `--events stored`
// posts real events of the demo pixel; then the database bounds how fast requests are taken, and the
// `max/window` column shows the rate the limiter really saw. Fails (exit 1) when a polite sender was
// limited or the flooding one was not.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster } from '../scripts/pg-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    senders: { type: 'string', default: '200' },
    rate: { type: 'string', default: '25' },
    flood: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '12' },
    db: { type: 'string', default: 'pglite' },
    events: { type: 'string', default: 'refused' },
  },
});
const SENDERS = Number(opts.senders);
const RATE = Number(opts.rate);
const FLOOD = Number(opts.flood);
const SECONDS = Number(opts.seconds);

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
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The demo web pixel of Northwind Shoes. */
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
  return (await res.json()).data.list.find((p) => p.name === 'northwind-shoes.example')._id;
}

/** A client address of the benchmarking range for sender `n`. */
const address = (n) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/**
 * Senders that send on a schedule whatever the answers (open loop, as browsers do): each of `senders`
 * addresses `rate` events a second for `seconds`. Counts the answers by status.
 */
async function send({ port, pixelId, senders, rate, seconds, offset, run }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const statuses = new Map();
  // The server's count of each address in its current window (`x-ratelimit-remaining`): the most any
  // address reached shows the rate the limiter really saw, whatever the client offered.
  let mostInWindow = 0;
  let seq = 0;
  const post = (sender) =>
    new Promise((resolve) => {
      const n = seq++;
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/px/collect',
          method: 'POST',
          agent,
          headers: { 'content-type': 'text/plain', 'x-forwarded-for': address(offset + sender) },
        },
        (res) => {
          const remaining = Number(res.headers['x-ratelimit-remaining']);
          const limit = Number(res.headers['x-ratelimit-limit']);
          if (Number.isFinite(remaining) && Number.isFinite(limit))
            mostInWindow = Math.max(mostInWindow, limit - remaining);
          res.resume();
          res.on('end', () => {
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', () => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
        resolve();
      });
      req.end(
        JSON.stringify({
          pixel_id: pixelId,
          event: 'PageView',
          event_id: `rl-${run}-${n}`,
          uid: `rl-browser-${offset + sender}`,
          url: 'https://bench.example/',
        }),
      );
    });
  // Every 20 ms each sender sends what its rate owes by then, so 1,000/s is 20 requests per tick.
  const tick = 20;
  const started = performance.now();
  const pending = [];
  const sent = new Array(senders).fill(0);
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= seconds) {
        clearInterval(timer);
        resolve();
        return;
      }
      for (let s = 0; s < senders; s++) {
        // A sender's phase within the second is spread, so the load is even.
        const due = Math.floor((elapsed + (s % 50) / (50 * rate)) * rate);
        while (sent[s] < due) {
          sent[s]++;
          pending.push(post(s));
        }
      }
    }, tick);
  });
  const offered = sent.reduce((a, b) => a + b, 0);
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { offered, elapsed, statuses, mostInWindow };
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-ratelimit-'));
  let cluster = null;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    SIMULATE: '0',
    LOG_LEVEL: 'warn',
    // This machine is the proxy in front of the server; X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
  };
  // The limits under test are the defaults: an inherited setting would test something else.
  for (const name of ['TRACKING_RATE_LIMIT', 'EVENTS_API_RATE_LIMIT', 'POSTBACK_RATE_LIMIT'])
    delete env[name];
  if (opts.db === 'postgres') {
    if (!process.env.DATABASE_URL) cluster = await startCluster({ log: () => {} });
    env.DATABASE_URL = process.env.DATABASE_URL || cluster.url;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    // `stored`: real events of the demo pixel (the database bounds how fast the server takes them);
    // `refused`: events of a pixel that does not exist, refused after the limiter without touching the
    // database, so the limiter sees the senders' full rate even on a small machine.
    const pixelId = opts.events === 'refused' ? 'f'.repeat(24) : await demoPixel(`http://127.0.0.1:${port}`);
    const run = Date.now().toString(36);
    process.stderr.write(`${SENDERS} addresses at ${RATE} events/s for ${SECONDS}s...\n`);
    const polite = await send({
      port,
      pixelId,
      senders: SENDERS,
      rate: RATE,
      seconds: SECONDS,
      offset: 0,
      run,
    });
    process.stderr.write(`one address at ${FLOOD} events/s for ${SECONDS}s...\n`);
    const flood = await send({
      port,
      pixelId,
      senders: 1,
      rate: FLOOD,
      seconds: SECONDS,
      offset: SENDERS,
      run,
    });

    const count = (r, status) => r.statuses.get(status) ?? 0;
    // What a sender not limited gets: 200, or 404 for the events of the pixel that does not exist.
    const passed = opts.events === 'refused' ? 404 : 200;
    const others = (r) =>
      [...r.statuses].filter(([s]) => s !== passed && s !== 429).reduce((n, [, c]) => n + c, 0);
    const row = (label, r, senders) =>
      [
        label.padEnd(34),
        (r.offered / SECONDS / senders).toFixed(1).padStart(10),
        String(r.offered).padStart(9),
        String(count(r, passed)).padStart(8),
        String(count(r, 429)).padStart(8),
        String(others(r)).padStart(7),
        `${((100 * count(r, 429)) / Math.max(1, r.offered)).toFixed(1)}%`.padStart(9),
        String(r.mostInWindow).padStart(10),
        r.elapsed.toFixed(1).padStart(8),
      ].join(' ');
    console.log(
      `\nTracking rate limit (defaults), /px/collect, ${SECONDS}s per phase, ${opts.db}, ${opts.events} events`,
    );
    console.log(
      `${'senders'.padEnd(34)}   per s/addr      sent   ${String(passed).padStart(6)}      429   other  limited  max/window  done s`,
    );
    console.log(row(`${SENDERS} addresses at ${RATE}/s each`, polite, SENDERS));
    console.log(row(`1 address at ${FLOOD}/s`, flood, 1));
    const problems = [];
    if (count(polite, 429) > 0)
      problems.push(`${count(polite, 429)} requests of polite senders were limited`);
    if (count(flood, 429) < flood.offered / 2) problems.push('the flooding address was not stopped');
    if (others(polite) + others(flood) > 0) {
      const seen = [...polite.statuses, ...flood.statuses].filter(([s]) => s !== passed && s !== 429);
      console.log(`other answers: ${seen.map(([s, n]) => `${s || 'error'} x${n}`).join(', ')}`);
    }
    console.log(
      '(max/window: the most requests the server counted for one address in one window; done s: until the last answer)',
    );
    const window = 10; // seconds: the default window of the browser limit
    if (polite.mostInWindow < RATE * window) {
      console.log(
        `note: this machine took the polite load slower than offered; the limiter saw at most ${polite.mostInWindow} ` +
          `requests of one address in a window (${(polite.mostInWindow / window).toFixed(1)}/s), not ${RATE * window}.`,
      );
    }
    if (problems.length > 0) {
      console.error(`\nFAILED: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
