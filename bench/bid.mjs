#!/usr/bin/env node
// Bidder benchmark (issue 21): N concurrent exchanges' connections post OpenRTB 2.6 bid requests to the
// real bidder (the server's own process, as `npm start` runs it, on PGlite; and `npm run bidder`
// processes on PostgreSQL), with `--groups` active ad groups (default 1,000) in the index, then the same
// load against a bare Fastify endpoint that parses the JSON and answers a fixed bid, as the ceiling.
// Prints requests per second, p50/p99 latency, the share answered with a bid, and the ratio to bare.
// The target: ≥ 5,000 requests/s at p99 ≤ 10 ms on this 2-core machine.
//
//   npm run bench:bid -- [--groups 1000] [--senders 32] [--seconds 10] [--targets pglite,bidder-pg,bare]
//
// The requests vary (OS, OS version, country, publisher, banner, native or video, floors) over a pool
// that the seeded ad groups target in part, so the index is searched as it would be, not short-circuited.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { cpuMeter, freePort, percentile, RawConnection, startProcess, startServer, waitFor } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    groups: { type: 'string', default: '1000' },
    senders: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    targets: { type: 'string', default: 'pglite,bidder-pg,bare' },
    processes: { type: 'string', default: '2' },
  },
});
const GROUPS = Number(opts.groups);
const SENDERS = Number(opts.senders);
const SECONDS = Number(opts.seconds);
const WARMUP = Number(opts.warmup);

const COUNTRIES = ['US', 'GB', 'DE', 'JP', 'BR', 'IN', 'FR', 'CA', 'KR', 'MX'];
const ALPHA3 = {
  US: 'USA',
  GB: 'GBR',
  DE: 'DEU',
  JP: 'JPN',
  BR: 'BRA',
  IN: 'IND',
  FR: 'FRA',
  CA: 'CAN',
  KR: 'KOR',
  MX: 'MEX',
};
const BUNDLES = Array.from({ length: 40 }, (_, i) => `com.publisher.app${i}`);
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** The workspace: one active account with a wallet, two apps, `groups` ad groups with creatives. */
function seedSql(groups, tokenHash) {
  const lines = [
    `insert into orgs (org_name, org_type, org_status) values ('Bench center', 1, 1)`,
    `insert into advertisers (org_id, adv_name, status, currency, timezone, profession)
       select org_id, 'Bench account', 1, 'USD', 'UTC', 'gaming' from orgs where org_name = 'Bench center'`,
    `insert into exchanges (name, token_hash, token_hint, auction_type, currency)
       values ('Bench exchange', ${q(tokenHash)}, 'xxxx', 2, 'USD')`,
  ];
  const adv = `(select adv_id from advertisers where adv_name = 'Bench account')`;
  for (const os of [1, 2]) {
    const id = createHash('sha256').update(`app${os}`).digest('hex').slice(0, 24);
    lines.push(`insert into apps (id, adv_id, name, bundle_id, os, download_type, download_link, partner,
      partner_app_id, postback_token) values (${q(id)}, ${adv}, 'Bench app ${os}', 'com.bench.app${os}', ${os},
      1, 'https://example.com/app', 'appsflyer', 'idbench${os}', ${q(randomBytes(16).toString('hex'))})`);
  }
  const campaigns = Math.ceil(groups / 10);
  for (let c = 0; c < campaigns; c++) {
    const os = (c % 2) + 1;
    const app = createHash('sha256').update(`app${os}`).digest('hex').slice(0, 24);
    lines.push(`insert into campaigns (adv_id, name, campaign_type, promote_goal, os, link_type, app_id)
      values (${adv}, 'Bench campaign ${c}', 'install', 'app_install', ${os}, 1, ${q(app)})`);
  }
  const formats = [
    ['image', `'[{"role":"image","file":"b.png","mime":"image/png","size":1,"width":320,"height":50}]'`],
    ['image', `'[{"role":"image","file":"m.png","mime":"image/png","size":1,"width":300,"height":250}]'`],
    [
      'nativeImg',
      `'[{"role":"image","file":"n.png","mime":"image/png","size":1,"width":1200,"height":627},{"role":"icon","file":"i.png","mime":"image/png","size":1,"width":512,"height":512}]'`,
    ],
    [
      'video',
      `'[{"role":"video","file":"v.mp4","mime":"video/mp4","size":1,"width":1280,"height":720,"duration":15}]'`,
    ],
  ];
  for (let g = 0; g < groups; g++) {
    const c = Math.floor(g / 10);
    const countries = g % 3 === 0 ? '{}' : `{${COUNTRIES.filter((_, i) => (i + g) % 3 !== 0).join(',')}}`;
    const bidding = [1, 2, 4, 1, 3][g % 5];
    const billing = bidding === 4 ? 2 : bidding === 3 ? 3 : 1;
    const price = (0.5 + (g % 37) / 4).toFixed(2);
    const bundleMode = g % 7 === 0 ? 2 : 0;
    lines.push(`insert into ad_groups (adv_id, campaign_id, name, bidding_type, billing_type, bid_price, countries,
        min_os_version, bundle_mode, bundles)
      select ${adv}, id, 'Bench group ${g}', ${bidding}, ${billing}, ${price}, '${countries}', ${q(g % 4 === 0 ? '12' : '')},
        ${bundleMode}, '{${BUNDLES[g % BUNDLES.length]}}' from campaigns where name = 'Bench campaign ${c}'`);
    if (bidding === 3)
      lines.push(`insert into ad_group_events (adgroup_id, event_id, bid)
        select id, 'purchase', 5 from ad_groups where name = 'Bench group ${g}'`);
    const [type, materials] = formats[g % formats.length];
    lines.push(`insert into creatives (adv_id, campaign_id, adgroup_id, name, creative_type, materials, title,
        description, call_to_action, review_status)
      select adv_id, campaign_id, id, 'Bench creative ${g}', '${type}', ${materials}, 'Play the bench',
        'A fast game', 'Install', 3 from ad_groups where name = 'Bench group ${g}'`);
  }
  return lines;
}

/** A pool of varied bid requests. */
function requests(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const os = i % 2 === 0 ? 'Android' : 'iOS';
    const country = COUNTRIES[i % COUNTRIES.length];
    const kind = i % 4;
    const imp =
      kind === 0
        ? { id: '1', banner: { w: 320, h: 50 }, bidfloor: 0.3 }
        : kind === 1
          ? { id: '1', banner: { w: 300, h: 250, format: [{ w: 300, h: 250 }] }, bidfloor: 0.8 }
          : kind === 2
            ? {
                id: '1',
                native: {
                  ver: '1.2',
                  request: JSON.stringify({
                    ver: '1.2',
                    assets: [
                      { id: 1, required: 1, title: { len: 90 } },
                      { id: 2, required: 1, img: { type: 3, w: 1200, h: 627 } },
                      { id: 3, required: 0, img: { type: 1, wmin: 100, hmin: 100 } },
                      { id: 4, required: 0, data: { type: 2 } },
                    ],
                  }),
                },
                bidfloor: 1,
              }
            : {
                id: '1',
                video: { mimes: ['video/mp4'], w: 1280, h: 720, minduration: 5, maxduration: 30 },
                bidfloor: 2,
              };
    out.push(
      JSON.stringify({
        id: `r${i}`,
        imp: [imp],
        app: { bundle: BUNDLES[(i * 7) % BUNDLES.length], publisher: { id: `p${i % 40}` } },
        device: {
          os,
          osv: String(10 + (i % 8)),
          ifa: `${(i % 9999).toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
          geo: { country: ALPHA3[country] },
          language: 'en',
        },
        at: 2,
        tmax: 100,
      }),
    );
  }
  return out;
}

async function load(port, urlPath, token, pid) {
  const pool = requests(4096);
  const connections = Array.from({ length: SENDERS }, () => new RawConnection(port));
  const latencies = [];
  let measured = 0;
  let bids = 0;
  let noBids = 0;
  let failed = 0;
  let meter = null;
  const started = performance.now();
  const measureFrom = started + WARMUP * 1000;
  const end = measureFrom + SECONDS * 1000;
  const meterTimer = setTimeout(() => {
    meter = pid ? cpuMeter(pid) : null;
  }, WARMUP * 1000);
  let seq = 0;
  await Promise.all(
    connections.map(async (conn) => {
      while (performance.now() < end) {
        const body = pool[seq++ % pool.length];
        const t0 = performance.now();
        const res = await conn.post(
          urlPath,
          { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        );
        const t1 = performance.now();
        if (t0 < measureFrom || t1 > end) continue;
        measured++;
        latencies.push(t1 - t0);
        if (res.status === 200) bids++;
        else if (res.status === 204) noBids++;
        else failed++;
      }
    }),
  );
  clearTimeout(meterTimer);
  for (const c of connections) c.close();
  const cpu = meter?.stop() ?? null;
  return {
    rps: measured / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bidShare: measured ? bids / measured : 0,
    noBids,
    failed,
    cpu,
  };
}

async function waitForBids(base, id, token) {
  const body = requests(64);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const b of body) {
      const res = await fetch(`${base}/rtb/bid/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: b,
      });
      if (res.status === 200) return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the bidder never bid: the index did not load the seeded ad groups');
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-bid-'));
  const token = `rtb_${randomBytes(24).toString('base64url')}`;
  try {
    // First start migrates the empty database; then the workspace is written while it is stopped.
    let server = await startServer({ dataDir, seedDemo: false });
    await server.stop();
    const db = new PGlite(path.join(dataDir, 'pglite'));
    for (const line of seedSql(GROUPS, createHash('sha256').update(token).digest('hex'))) await db.exec(line);
    const [{ id }] = (await db.query(`select id from exchanges where name = 'Bench exchange'`)).rows;
    await db.close();
    server = await startServer({ dataDir, seedDemo: false });
    try {
      await waitForBids(server.base, id, token);
      return await load(server.port, `/rtb/bid/${id}`, token, server.pid);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBidderPg() {
  const cluster = process.env.DATABASE_URL ? null : await startCluster({ log: () => {}, durable: true });
  const url = process.env.DATABASE_URL || cluster.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-bench-bid-'));
  const token = `rtb_${randomBytes(24).toString('base64url')}`;
  let server = null;
  let bidder = null;
  try {
    server = await startServer({ dataDir, databaseUrl: url, seedDemo: false });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const line of seedSql(GROUPS, createHash('sha256').update(token).digest('hex')))
      await client.query(line);
    const { rows } = await client.query(`select id from exchanges where name = 'Bench exchange'`);
    await client.end();
    const port = await freePort();
    bidder = startProcess(
      [
        '--import',
        'tsx',
        'apps/server/src/bidder-main.ts',
        '--processes',
        opts.processes,
        '--port',
        String(port),
      ],
      { DATABASE_URL: url, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    await waitForBids(base, rows[0].id, token);
    return await load(port, `/rtb/bid/${rows[0].id}`, token, null);
  } finally {
    await bidder?.stop();
    await server?.stop();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare() {
  const port = await freePort();
  const server = startProcess(['bench/bare-server.mjs'], { PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    return await load(port, '/bid', 'bare', server.pid);
  } finally {
    await server.stop();
  }
}

const results = {};
for (const target of opts.targets.split(',')) {
  process.stdout.write(
    `\n${target}: ${GROUPS} ad groups, ${SENDERS} connections, ${SECONDS} s after ${WARMUP} s warm-up\n`,
  );
  const r =
    target === 'bare'
      ? await benchBare()
      : target === 'bidder-pg'
        ? await benchBidderPg()
        : await benchPglite();
  results[target] = r;
  process.stdout.write(
    `  ${Math.round(r.rps).toLocaleString('en-US')} requests/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ` +
      `${(r.bidShare * 100).toFixed(1)} % with a bid, ${r.failed} failed` +
      (r.cpu?.server ? `, server CPU ${(r.cpu.server / (SECONDS * 10)).toFixed(0)} % of a core` : '') +
      '\n',
  );
}
if (results.bare) {
  for (const [target, r] of Object.entries(results)) {
    if (target === 'bare') continue;
    process.stdout.write(`${target} / bare: ${(r.rps / results.bare.rps).toFixed(2)}\n`);
  }
}
const best = Object.entries(results).filter(([k]) => k !== 'bare');
const met = best.some(([, r]) => r.rps >= 5000 && r.p99 <= 10);
process.stdout.write(`\ntarget (≥ 5,000 requests/s at p99 ≤ 10 ms): ${met ? 'met' : 'not met'}\n`);
