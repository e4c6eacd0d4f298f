// What the benchmarks share: ports, the server as its own process, and the tracking sender.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

export async function waitFor(url, ms = 120_000) {
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

/** A node process in the repository (the server: `--import tsx apps/server/src/main.ts`). */
export function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The server on a free port with its data in `dataDir` (and PostgreSQL when `databaseUrl` is given). */
export async function startServer({ dataDir, databaseUrl = null, seedDemo = true }) {
  const port = await freePort();
  // This machine is the trusted proxy: each sender's X-Forwarded-For is its client address.
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: seedDemo ? '1' : '0',
    SIMULATE: '0',
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const prof = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const server = startProcess([...prof, '--import', 'tsx', 'apps/server/src/main.ts'], env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { port, base, pid: server.pid, stop: server.stop };
}

/**
 * The built product (`apps/server/dist/main.js`, what `npm start` serves) on a free port, on the embedded
 * database in `dataDir` with the demo workspace: what the browser benchmarks open.
 */
export async function startBuiltServer(dataDir) {
  const port = await freePort();
  const server = startProcess([path.join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '1',
    SIMULATE: '0',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { base, stop: server.stop };
}

export async function login(base, email, password = 'Demo@2026!') {
  const res = await fetch(`${base}/scaler/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login of ${email} failed: ${body.msg}`);
  return body.data.token;
}

/** Logs in as the demo admin and picks the demo web pixel of Northwind Shoes. */
export async function demoPixel(base) {
  const token = await login(base, 'admin@demo.test');
  const res = await fetch(`${base}/scaler/v3/pixel?mode=1`, {
    headers: { token, 'org-id': '100001', 'adv-id': '1000001' },
  });
  const pixel = (await res.json()).data.list.find((p) => p.name === 'northwind-shoes.example');
  if (!pixel) throw new Error('demo pixel not found');
  return pixel._id;
}

export const pixelEventBody = (pixelId, run) => (sender, n) =>
  JSON.stringify({
    pixel_id: pixelId,
    event: n % 5 === 0 ? 'Purchase' : 'PageView',
    event_id: `bench-${run}-${n}`,
    uid: `bench-browser-${sender % 97}`,
    url: 'https://bench.example/',
    value: n % 5 === 0 ? '12.34' : undefined,
    currency: n % 5 === 0 ? 'USD' : undefined,
  });

/**
 * CPU time from now until `stop()`: of the process `pid` (the server), of this process (the load), and of
 * the whole machine (every core; the rest is the database and the system), in milliseconds.
 */
export function cpuMeter(pid) {
  const machine = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    return { busy: f[0] + f[1] + f[2] + f[5] + f[6], idle: f[3] + f[4] };
  };
  const ofProcess = () => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  };
  const tick = 1000 / 100; // USER_HZ
  const m0 = machine();
  const p0 = pid ? ofProcess() : 0;
  const c0 = process.cpuUsage();
  return {
    stop() {
      const m1 = machine();
      const c = process.cpuUsage(c0);
      return {
        server: pid ? (ofProcess() - p0) * tick : null,
        load: (c.user + c.system) / 1000,
        busy: (m1.busy - m0.busy) * tick,
        idle: (m1.idle - m0.idle) * tick,
      };
    },
  };
}

export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

/**
 * One keep-alive HTTP/1.1 connection that carries one request at a time, written as bytes and answered by
 * `Content-Length` (or chunks), as load generators such as wrk and autocannon do: Node's HTTP client took
 * 0.12-0.15 ms of CPU a request on this two-core machine, a third of what the database path shares with it,
 * so the figures measured the sender as much as the server. Opened again after the server closes it.
 */
export class RawConnection {
  constructor(port) {
    this.port = port;
    this.socket = null;
    this.buffer = Buffer.alloc(0);
    this.waiting = null;
  }

  post(path, headers, body) {
    return new Promise((resolve) => {
      if (!this.socket) this.open();
      const payload = Buffer.from(body);
      let head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${this.port}\r\ncontent-length: ${payload.length}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      this.waiting = resolve;
      this.socket.write(Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload]));
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  open() {
    const socket = net.connect(this.port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.read();
    });
    // A socket this connection already left (closed after an answer) says nothing of the request in flight.
    const gone = (err) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.buffer = Buffer.alloc(0);
      this.answer({ status: 0, text: String(err ?? 'connection closed') });
    };
    socket.on('error', gone);
    socket.on('close', () => gone());
    this.socket = socket;
  }

  answer(response) {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(response);
  }

  /** Takes one whole answer off the buffer when it has arrived. */
  read() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end).toLowerCase();
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    let body;
    let rest;
    if (length) {
      const stop = end + 4 + Number(length[1]);
      if (this.buffer.length < stop) return;
      body = this.buffer.subarray(end + 4, stop);
      rest = this.buffer.subarray(stop);
    } else if (/\r\ntransfer-encoding: *chunked/.test(head)) {
      const parts = [];
      let at = end + 4;
      for (;;) {
        const line = this.buffer.indexOf('\r\n', at);
        if (line < 0) return;
        const size = Number.parseInt(this.buffer.toString('latin1', at, line), 16);
        if (this.buffer.length < line + 2 + size + 2) return;
        if (size === 0) {
          rest = this.buffer.subarray(line + 4);
          break;
        }
        parts.push(this.buffer.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      body = Buffer.alloc(0);
      rest = this.buffer.subarray(end + 4);
    }
    this.buffer = rest;
    if (/\r\nconnection: *close/.test(head)) this.close();
    this.answer({ status, text: body.toString() });
  }
}

/**
 * The tracking sender: `senders` concurrent senders each post one event at a time, as a browser's beacon
 * does, for `warmup` + `seconds`, each from its own client address (X-Forwarded-For in the benchmarking
 * range 198.18.0.0/15), so the per-address rate limit sees what it would in production. With `rate` (events per second in all) each sender paces itself to its
 * share of it; without, each sends again as soon as it is answered. Latencies count after the warm-up.
 */
export async function sendEvents({ port, path: urlPath, body, senders, seconds, warmup, rate = null }) {
  const connections = Array.from({ length: senders }, () => new RawConnection(port));
  const latencies = [];
  let acknowledged = 0;
  let busy = 0;
  let limited = 0;
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  const measureFrom = started + warmup * 1000;
  const end = measureFrom + seconds * 1000;
  let measured = 0;
  const interval = rate ? (1000 * senders) / rate : 0;
  const post = (payload, sender) =>
    connections[sender].post(
      urlPath,
      {
        'content-type': 'text/plain',
        'x-forwarded-for': `198.18.${Math.floor(sender / 250)}.${(sender % 250) + 1}`,
      },
      payload,
    );
  let seq = 0;
  await Promise.all(
    Array.from({ length: senders }, async (_, sender) => {
      // Spread the senders' first sends over one interval so a paced load starts even.
      let next = started + (interval * sender) / senders;
      while (performance.now() < end) {
        if (interval) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          next = Math.max(next + interval, performance.now() - interval);
          if (performance.now() >= end) break;
        }
        const n = seq++;
        const t0 = performance.now();
        sent++;
        const res = await post(body(sender, n), sender);
        const t1 = performance.now();
        const ok = res.status === 200 && JSON.parse(res.text).data?.accepted === 1;
        if (ok) acknowledged++;
        else if (res.status === 503) busy++;
        else if (res.status === 429) limited++;
        else failed++;
        if (t0 >= measureFrom && t1 <= end) {
          measured++;
          latencies.push(t1 - t0);
        }
      }
    }),
  );
  for (const c of connections) c.close();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    acknowledged,
    busy,
    limited,
    failed,
    eps: measured / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * SQL making the full grain's day partitions of [from, to] (`YYYY-MM-DD`, UTC) that are missing, as the
 * server's keeper does (`statistics/partitions.ts`): a benchmark that loads facts with set-based SQL
 * runs it first, so its facts sit in their days' partitions, not in the default one.
 */
export const partitionsSql = (from, to) => `
DO $$
DECLARE d date;
BEGIN
  FOR d IN SELECT generate_series(date '${from}', date '${to}', interval '1 day')::date LOOP
    IF to_regclass('stats_hourly_d' || to_char(d, 'YYYYMMDD')) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF stats_hourly FOR VALUES FROM (%L) TO (%L)',
        'stats_hourly_d' || to_char(d, 'YYYYMMDD'), to_char(d, 'YYYY-MM-DD') || ' 00:00:00+00',
        to_char(d + 1, 'YYYY-MM-DD') || ' 00:00:00+00');
    END IF;
  END LOOP;
END $$;
`;
