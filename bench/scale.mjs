#!/usr/bin/env node
// Scale benchmark: grows a business center to 2,000 advertiser accounts and 300 members (with account
// assignments, markups, a partner sharing 200 more accounts, and 5,000 activity entries) next to the demo
// workspace, then times the console calls a page of that center makes against the real server (its own
// process) on a throwaway PostgreSQL cluster and on PGlite: answer size, p50 and p95, each against its
// target. Then, on PGlite, the same calls while 1,500 events/s arrive at /px/collect.
//
//   npm run bench:scale -- [--db postgres,pglite] [--samples 40] [--rate 1500] [--load-seconds 20]
//
// Exits non-zero when a target is missed.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { demoPixel, login, percentile, pixelEventBody, sendEvents, startServer } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    samples: { type: 'string', default: '40' },
    rate: { type: 'string', default: '1500' },
    senders: { type: 'string', default: '200' },
    'load-seconds': { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
  },
});
const SAMPLES = Number(opts.samples);
const RATE = Number(opts.rate);
const LOAD_SECONDS = Number(opts['load-seconds']);
const WARMUP = Number(opts.warmup);
const ACCOUNTS = 2000;
const MEMBERS = 300;

/** The grown center, in one SQL script (ids derived from names, so it runs on an existing demo). */
const GROW_SQL = `
insert into users (id, email, name, password_hash, email_verified_at)
select substr(md5('scale-user-' || g), 1, 24),
       case when g = 0 then 'scale-admin@bench.test' else 'scale-member-' || g || '@bench.test' end,
       'Scale Member ' || g,
       (select password_hash from users where email = 'admin@demo.test'),
       now()
from generate_series(0, ${MEMBERS - 1}) g;

insert into orgs (org_name, org_type, org_status, company_name, show_commission, use_commission, commission_rate)
values ('Scale Agency', 1, 1, 'Scale Agency Ltd', true, true, 0.05),
       ('Scale Supplier', 1, 1, 'Scale Supplier Ltd', false, false, 0);

create temporary table scale_ids as
select (select org_id from orgs where org_name = 'Scale Agency') as org,
       (select org_id from orgs where org_name = 'Scale Supplier') as supplier;

insert into org_members (org_id, user_id, org_role)
select (select org from scale_ids), substr(md5('scale-user-' || g), 1, 24),
       case when g = 0 then 'org_admin' else 'org_user' end
from generate_series(0, ${MEMBERS - 1}) g;

insert into advertisers (org_id, adv_name, status, company_name, currency, timezone)
select (select org from scale_ids), 'Scale Account ' || lpad(g::text, 4, '0'),
       case when g % 20 = 0 then 0 when g % 25 = 1 then 3 when g % 50 = 2 then 2 else 1 end,
       'Client ' || g, 'USD', '+00:00'
from generate_series(1, ${ACCOUNTS}) g;

insert into advertisers (org_id, adv_name, status, company_name, currency, timezone)
select (select supplier from scale_ids), 'Supplier Account ' || lpad(g::text, 3, '0'), 1, 'Supplier client ' || g,
       'USD', '+00:00'
from generate_series(1, 200) g;

insert into org_partners (org_id, partner_org_id) select supplier, org from scale_ids;
insert into adv_shares (adv_id, partner_org_id, adv_role)
select adv_id, (select org from scale_ids), 'role_operator'
from advertisers where org_id = (select supplier from scale_ids);

create temporary table scale_first as
select (select min(adv_id) from advertisers where org_id = (select org from scale_ids)) as own,
       (select min(adv_id) from advertisers where org_id = (select supplier from scale_ids)) as shared;

-- Ten own accounts per standard member, two shared ones for the first fifty.
insert into adv_members (adv_id, user_id, org_id, adv_role)
select distinct on (adv_id, user_id) adv_id, user_id, org_id, adv_role from (
  select (select own from scale_first) + (g * 7 + k * 211) % ${ACCOUNTS} as adv_id,
         substr(md5('scale-user-' || g), 1, 24) as user_id, (select org from scale_ids) as org_id,
         (array['role_admin_client', 'role_operator', 'role_analyst'])[1 + (g + k) % 3] as adv_role
  from generate_series(1, ${MEMBERS - 1}) g, generate_series(0, 9) k
  union all
  select (select shared from scale_first) + (g * 3 + k) % 200, substr(md5('scale-user-' || g), 1, 24),
         (select org from scale_ids), 'role_analyst'
  from generate_series(1, 50) g, generate_series(0, 1) k
) a;

insert into adv_markups (adv_id, ratio, start_date)
select adv_id, 0.1, '2026-01-01' from advertisers
where org_id = (select org from scale_ids) and adv_id % 4 = 0;

insert into activity_log (org_id, actor_id, actor_email, action, object_type, object_id, before, after, created_at)
select (select org from scale_ids), substr(md5('scale-user-0'), 1, 24), 'scale-admin@bench.test',
       (array['member.role', 'account.update', 'member.accounts', 'account.markup'])[1 + g % 4],
       (array['member', 'advertiser', 'member', 'advertiser'])[1 + g % 4],
       case when g % 2 = 0 then substr(md5('scale-user-' || (1 + g % ${MEMBERS - 1})), 1, 24)
            else ((select own from scale_first) + g % ${ACCOUNTS})::text end,
       case when g % 4 = 0 then '{"org_role":"org_user"}'::jsonb end,
       case when g % 4 = 0 then '{"org_role":"org_admin"}'::jsonb
            when g % 4 = 3 then '{"ratio":0.1,"start_date":"2026-01-01","end_date":null}'::jsonb
            when g % 4 = 2 then '{"advs":[]}'::jsonb
            else '{"adv_name":"Renamed"}'::jsonb end,
       now() - (g || ' minutes')::interval
from generate_series(1, 5000) g;

drop table scale_first;
drop table scale_ids;
`;

const ids = `select (select org_id from orgs where org_name = 'Scale Agency') as org,
  (select min(adv_id) from advertisers a join orgs o using (org_id) where o.org_name = 'Scale Agency') as first`;

/** Grows the center in the server's database (the server stopped, for PGlite's one process). */
async function grow(kind, { dataDir, url }) {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(GROW_SQL);
    const { rows } = await client.query(ids);
    await client.end();
    return rows[0];
  }
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  await db.exec(GROW_SQL);
  const { rows } = await db.query(ids);
  await db.close();
  return rows[0];
}

/** The calls a page of the grown center makes, each with its targets (size in KB, p50 and p95 in ms). */
function consoleCalls({ org, first }, tokens) {
  const admin = { token: tokens.admin, 'org-id': String(org), 'adv-id': String(first + 1500) };
  const member = { token: tokens.member, 'org-id': String(org) };
  const page = 'page=1&page_size=20';
  return [
    { name: 'user_info (admin)', url: '/scaler/account/user_info', headers: admin, kb: 100, p50: 40 },
    { name: 'routes (admin)', url: '/scaler/account/routes', headers: admin, kb: 100, p50: 40 },
    { name: 'user_info (member)', url: '/scaler/account/user_info', headers: member, kb: 100, p50: 40 },
    { name: 'routes (member)', url: '/scaler/account/routes', headers: member, kb: 100, p50: 40 },
    { name: 'account list', url: `/scaler/v3/advs?${page}`, headers: admin, p50: 30 },
    { name: 'account search', url: `/scaler/v3/advs?q=1234&${page}`, headers: admin, p50: 30 },
    { name: 'account list (member)', url: `/scaler/v3/advs?${page}`, headers: member, p50: 30 },
    { name: 'members', url: `/scaler/v3/bc/members?${page}`, headers: admin, p50: 30 },
    { name: 'markups', url: `/scaler/v3/advs/markups?${page}`, headers: admin, p50: 30 },
    { name: 'overview', url: '/scaler/v3/bc/overview', headers: admin, p50: 30 },
    { name: 'activity', url: `/scaler/v3/bc/activity?${page}`, headers: admin, p50: 30 },
  ];
}

async function timed(base, call) {
  const t0 = performance.now();
  const res = await fetch(`${base}${call.url}`, { headers: call.headers });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  const code = res.status === 200 ? JSON.parse(body.toString()).code : null;
  if (code !== 0) throw new Error(`${call.name}: HTTP ${res.status} ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length };
}

/** Runs the calls round-robin, one at a time, `samples` times each (or until `until`). */
async function measure(base, calls, { samples = Infinity, until = Infinity } = {}) {
  const stats = calls.map(() => ({ times: [], bytes: 0 }));
  for (let round = 0; round < samples && performance.now() < until; round++) {
    for (const [i, call] of calls.entries()) {
      const { ms, bytes } = await timed(base, call);
      stats[i].times.push(ms);
      stats[i].bytes = bytes;
    }
  }
  return calls.map((call, i) => {
    const sorted = stats[i].times.sort((a, b) => a - b);
    return {
      ...call,
      n: sorted.length,
      kbSize: stats[i].bytes / 1024,
      p50ms: percentile(sorted, 50),
      p95ms: percentile(sorted, 95),
    };
  });
}

async function bench(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-scale-'));
  let cluster = null;
  let url = process.env.DATABASE_URL || null;
  if (kind === 'postgres' && !url) {
    cluster = await startCluster({ log: () => {}, durable: true });
    url = cluster.url;
  }
  const databaseUrl = kind === 'postgres' ? url : null;
  let server = null;
  try {
    process.stderr.write(`${kind}: migrating and seeding the demo...\n`);
    server = await startServer({ dataDir, databaseUrl });
    await server.stop();
    process.stderr.write(`${kind}: growing a center of ${ACCOUNTS} accounts and ${MEMBERS} members...\n`);
    const t0 = performance.now();
    const center = await grow(kind, { dataDir, url });
    process.stderr.write(`${kind}: grown in ${((performance.now() - t0) / 1000).toFixed(1)} s; starting\n`);
    server = await startServer({ dataDir, databaseUrl, seedDemo: false });
    const tokens = {
      admin: await login(server.base, 'scale-admin@bench.test'),
      member: await login(server.base, 'scale-member-7@bench.test'),
    };
    const calls = consoleCalls(center, tokens);
    await measure(server.base, calls, { samples: 5 });
    const idle = await measure(server.base, calls, { samples: SAMPLES });
    let loaded = null;
    let ingest = null;
    if (kind === 'pglite' && RATE > 0) {
      process.stderr.write(`${kind}: the same calls while ${RATE} events/s arrive at /px/collect...\n`);
      const pixelId = await demoPixel(server.base);
      const sending = sendEvents({
        port: server.port,
        path: '/px/collect',
        body: pixelEventBody(pixelId, Date.now().toString(36)),
        senders: Number(opts.senders),
        seconds: LOAD_SECONDS,
        warmup: WARMUP,
        rate: RATE,
      });
      await new Promise((r) => setTimeout(r, WARMUP * 1000));
      loaded = await measure(server.base, calls, { until: performance.now() + (LOAD_SECONDS - 1) * 1000 });
      ingest = await sending;
    }
    return { kind, idle, loaded, ingest };
  } finally {
    await server?.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const misses = [];
function table(title, rows, { label = title, loadTarget = null } = {}) {
  console.log(`\n${title}`);
  console.log('call                      size KB   p50 ms   p95 ms   target                 ');
  for (const r of rows) {
    const targets = [];
    const ok = [];
    if (loadTarget) {
      targets.push(`p95 <= ${loadTarget} ms`);
      ok.push(r.p95ms <= loadTarget);
    } else {
      if (r.kb) {
        targets.push(`<= ${r.kb} KB`);
        ok.push(r.kbSize <= r.kb);
      }
      targets.push(`p50 <= ${r.p50} ms`);
      ok.push(r.p50ms <= r.p50);
    }
    const pass = ok.every(Boolean);
    if (!pass) misses.push(`${r.name} (${label})`);
    console.log(
      [
        r.name.padEnd(24),
        fmt(r.kbSize).padStart(8),
        fmt(r.p50ms).padStart(8),
        fmt(r.p95ms).padStart(8),
        ` ${targets.join(', ').padEnd(24)}`,
        pass ? 'ok' : 'MISSED',
      ].join(' '),
    );
  }
}

const results = [];
const loadBefore = loadavg()[0];
for (const kind of opts.db.split(',')) results.push(await bench(kind));

console.log(
  `\nScale benchmark: one center with ${ACCOUNTS} accounts (and 200 shared with it), ${MEMBERS} members; ` +
    `${SAMPLES} samples per call, one call at a time`,
);
// Other work on the machine shows in every figure: say how busy it was.
console.log(
  `machine: ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} at the start, ` +
    `${loadavg()[0].toFixed(1)} at the end`,
);
for (const r of results) {
  table(`${r.kind}, idle`, r.idle);
  if (r.loaded) {
    table(
      `${r.kind}, while ${RATE} events/s arrive (${fmt(r.ingest.eps, 0)} events/s taken, ` +
        `p50 ${fmt(r.ingest.p50)} ms, p99 ${fmt(r.ingest.p99)} ms, ${r.ingest.busy} answered 503, ` +
        `${r.ingest.limited} answered 429, ${r.ingest.failed} failed; ${r.loaded[0].n} rounds)`,
      r.loaded,
      { label: `${r.kind} under load`, loadTarget: 150 },
    );
  }
}
if (misses.length > 0) {
  console.error(`\nMISSED: ${misses.join('; ')}`);
  process.exit(1);
}
