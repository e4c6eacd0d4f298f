#!/usr/bin/env node
// list2 benchmark (issue 9): one advertiser account with 10,000 campaigns (one ad group and one
// creative each) and 90 days of delivery facts (4 hours a day per campaign: 3.6 million hourly rows,
// 900,000 daily rows per rollup, 2.7 million running-total rows over the three levels), on a throwaway
// PostgreSQL cluster and on PGlite. Times `POST /scaler/v3/campaign/list2` sorted by cost over the 90
// days, a page of 20 with the count and the totals row, through the real server (its own process), in
// UTC (whole days: two running totals per campaign) and at +08:00 (plus the hours of the partial days
// at both ends), and beside it the same SQL statement run directly (the floor: no HTTP, no JSON).
//
//   npm run bench:list -- [--db postgres,pglite] [--campaigns 10000] [--days 90] [--samples 30] [--explain]
//
// The facts are written with one set-based SQL statement (generate_series), not the writer: 3.6 million
// rows through the application would take minutes and measure the writer, not the list. They go in in
// time order, as the writer stores them when they arrive hour by hour (the rows of one hour or day lie
// together). The running totals are then computed by the server's own bulk rebuild
// (`rebuildRunningTotalsStatements`, a window over the daily rollup), which leaves what the writer
// would have left (test/running-totals.test.ts holds the two equal).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { login, partitionsSql, percentile, startServer } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    campaigns: { type: 'string', default: '10000' },
    days: { type: 'string', default: '90' },
    samples: { type: 'string', default: '30' },
    explain: { type: 'boolean', default: false },
  },
});
const CAMPAIGNS = Number(opts.campaigns);
const DAYS = Number(opts.days);
const SAMPLES = Number(opts.samples);
const TARGET_P50 = 50;
const today = new Date().toISOString().slice(0, 10);
const start = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

/** The bench account in the demo's agency center, its campaigns, ad groups, creatives and facts. */
const growSql = () => `
insert into advertisers (org_id, adv_name, status, company_name, currency, timezone)
values (100001, 'List Bench', 1, 'List Bench Ltd', 'USD', '+00:00');
create temporary table bench_adv as select max(adv_id) as adv from advertisers where adv_name = 'List Bench';

insert into campaigns (adv_id, name, campaign_type, promote_goal, os, link_type, landing_url, budget_type, budget, created_at)
select (select adv from bench_adv), 'Bench campaign ' || g, 'install', 'web_traffic', 2, 2, 'https://bench.test',
       case when g % 3 = 0 then 0 end, case when g % 3 = 0 then 100000 end, now() - interval '120 days'
from generate_series(1, ${CAMPAIGNS}) g;

insert into ad_groups (adv_id, campaign_id, name, bidding_type, billing_type, bid_price, created_at)
select adv_id, id, 'Group of ' || id, 1, 1, 2, created_at from campaigns where adv_id = (select adv from bench_adv);

insert into creatives (adv_id, campaign_id, adgroup_id, name, creative_type, review_status, created_at)
select adv_id, campaign_id, id, 'Creative of ' || id, 'image', 3, created_at from ad_groups
where adv_id = (select adv from bench_adv);

create temporary table bench_ads as
select cr.adv_id, cr.campaign_id, cr.adgroup_id, cr.id as creative_id, row_number() over (order by cr.id) as n
from creatives cr where cr.adv_id = (select adv from bench_adv);

${partitionsSql(start, today)}
insert into stats_hourly (adv_id, hour, campaign_id, adgroup_id, creative_id, bundle, country, os, bids, wins,
                          impressions, clicks, cost, installs, revenue, revenue_final)
select a.adv_id, d + make_interval(hours => h), a.campaign_id, a.adgroup_id, a.creative_id, 'com.bench.app', 'US', 2,
       400, 110, 100 + (a.n * 7 + h) % 400, (a.n + h) % 20, ((a.n * 13 + h * 7 + extract(doy from d)::int) % 5000) / 100.0,
       (a.n + h) % 3, 0, 0
from bench_ads a,
     generate_series(date '${start}', date '${today}', interval '1 day') d,
     unnest(array[3, 9, 15, 21]) h
order by 2, 3;

insert into stats_daily (adv_id, day, campaign_id, adgroup_id, creative_id, bundle, country, os, bids, wins,
                         impressions, clicks, cost, installs, revenue, revenue_final)
select adv_id, (hour at time zone 'UTC')::date, campaign_id, adgroup_id, creative_id, bundle, country, os, sum(bids), sum(wins),
       sum(impressions), sum(clicks), sum(cost), sum(installs), sum(revenue), sum(revenue_final)
from stats_hourly where adv_id = (select adv from bench_adv) group by 1, 2, 3, 4, 5, 6, 7, 8 order by 2, 3;

insert into stats_daily_ad (adv_id, day, campaign_id, adgroup_id, creative_id, bids, wins, impressions, clicks, cost,
                            installs, revenue, revenue_final)
select adv_id, day, campaign_id, adgroup_id, creative_id, sum(bids), sum(wins), sum(impressions), sum(clicks), sum(cost),
       sum(installs), sum(revenue), sum(revenue_final)
from stats_daily where adv_id = (select adv from bench_adv) group by 1, 2, 3, 4, 5 order by 2, 3;
`;

const countSql = `select (select max(adv_id) from advertisers where adv_name = 'List Bench') as adv,
  (select count(*) from stats_hourly) as hourly, (select count(*) from stats_daily_ad) as daily,
  (select count(*) from stats_cumulative) as cumulative`;

/** The server's own rebuild of the running totals from the daily rollup (what the writer keeps). */
async function runningTotalsStatements(adv) {
  const { tsImport } = await import('tsx/esm/api');
  const { rebuildRunningTotalsStatements } = await tsImport(
    '../apps/server/src/modules/statistics/running-totals.ts',
    import.meta.url,
  );
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const dialect = new PgDialect();
  return rebuildRunningTotalsStatements(adv).map((s) => dialect.sqlToQuery(s));
}

async function grow(kind, { dataDir, url }) {
  let db;
  if (kind === 'postgres') {
    db = new pg.Client({ connectionString: url });
    await db.connect();
  } else {
    db = await PGlite.create(path.join(dataDir, 'pglite'));
  }
  const t0 = performance.now();
  await (kind === 'postgres' ? db.query(growSql()) : db.exec(growSql()));
  const t1 = performance.now();
  const { rows } = await db.query(countSql);
  for (const { sql, params } of await runningTotalsStatements(Number(rows[0].adv)))
    await db.query(sql, params);
  await db.query('analyze');
  const t2 = performance.now();
  const { rows: counted } = await db.query(countSql);
  await (kind === 'postgres' ? db.end() : db.close());
  return { ...counted[0], factsSeconds: (t1 - t0) / 1000, runningSeconds: (t2 - t1) / 1000 };
}

const body = (extra = {}) => ({
  start_date: start,
  end_date: today,
  sort_field: 'gmv',
  sort_order: 'desc',
  page: 1,
  page_size: 20,
  ...extra,
});

async function timeCall(base, token, adv, timezone) {
  const headers = {
    token,
    'org-id': '100001',
    'adv-id': String(adv),
    timezone,
    'content-type': 'application/json',
  };
  const run = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/scaler/v3/campaign/list2`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body()),
    });
    const json = await res.json();
    const ms = performance.now() - t0;
    if (json.code !== 0) throw new Error(`list2: ${JSON.stringify(json).slice(0, 300)}`);
    return { ms, total: json.data.total, first: json.data.list[0] };
  };
  for (let i = 0; i < 3; i++) await run();
  const times = [];
  let last = null;
  for (let i = 0; i < SAMPLES; i++) {
    last = await run();
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total: last.total, first: last.first };
}

/** The same statement the server runs, built by the server's own code, run directly on the database. */
async function timeRaw(kind, { dataDir, url, adv }, offset) {
  const { tsImport } = await import('tsx/esm/api');
  const { list2Query } = await tsImport('../apps/server/src/modules/campaigns/list2.ts', import.meta.url);
  const { accountClock } = await tsImport('../apps/server/src/modules/clock/clock.ts', import.meta.url);
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const ctx = {
    // As the server computes it for the bench account.
    status: {
      advId: adv,
      advStatus: 1,
      accountLimitReached: false,
      clock: accountClock('+00:00'),
    },
    adv: { adv_id: adv, status: 1, timezone: '+00:00', adv_role: 'role_admin' },
    level: 'campaign',
    req: { ...body(), status: [], search: '', campaign_ids: [], adgroup_ids: [], events: [] },
    offset,
    basis: 2,
    money: { cost: [], fee: null },
  };
  const { sql, params } = new PgDialect().sqlToQuery(list2Query(ctx));
  let query;
  let close;
  if (kind === 'postgres') {
    // The server's pool runs with JIT off (apps/server/src/db/client.ts): the floor does too.
    const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
    await client.connect();
    query = () => client.query(sql, params);
    query.explain = (text, values) => client.query(text, values);
    close = () => client.end();
  } else {
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    query = () => db.query(sql, params);
    query.explain = (text, values) => db.query(text, values);
    close = () => db.close();
  }
  if (opts.explain) {
    const plan = await (kind === 'postgres'
      ? query.explain(`explain (analyze, buffers) ${sql}`, params)
      : query.explain(`explain analyze ${sql}`, params));
    console.error(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
  }
  for (let i = 0; i < 3; i++) await query();
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await query();
    times.push(performance.now() - t0);
  }
  await close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function bench(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-list-'));
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
    process.stderr.write(`${kind}: writing ${CAMPAIGNS} campaigns and ${DAYS} days of facts...\n`);
    const grown = await grow(kind, { dataDir, url });
    process.stderr.write(
      `${kind}: ${grown.hourly} hourly rows, ${grown.daily} daily rows in ${grown.factsSeconds.toFixed(1)} s; ${grown.cumulative} running-total rows (3 levels) in ${grown.runningSeconds.toFixed(1)} s\n`,
    );
    const adv = Number(grown.adv);
    server = await startServer({ dataDir, databaseUrl, seedDemo: false });
    const token = await login(server.base, 'admin@demo.test');
    const utc = await timeCall(server.base, token, adv, '+00:00');
    const east = await timeCall(server.base, token, adv, '+08:00');
    await server.stop();
    server = null;
    const rawUtc = await timeRaw(kind, { dataDir, url, adv }, 0);
    const rawEast = await timeRaw(kind, { dataDir, url, adv }, 480);
    return { kind, rows: Number(grown.hourly), utc, east, rawUtc, rawEast };
  } finally {
    await server?.stop();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const kind of opts.db.split(',')) results.push(await bench(kind.trim()));

const f = (n) => n.toFixed(1).padStart(7);
console.log(
  `\nlist2: ${CAMPAIGNS} campaigns, ${DAYS} days, sorted by cost, page of 20 (p50 / p95 ms over ${SAMPLES} runs)`,
);
console.log('database   facts (hourly)   zone     list2 p50   p95     raw SQL p50   p95    target p50');
let missed = false;
for (const r of results) {
  for (const [zone, api, raw] of [
    ['+00:00', r.utc, r.rawUtc],
    ['+08:00', r.east, r.rawEast],
  ]) {
    const ok = r.kind !== 'postgres' || api.p50 <= TARGET_P50;
    if (!ok) missed = true;
    console.log(
      `${r.kind.padEnd(10)} ${String(r.rows).padStart(14)}   ${zone}  ${f(api.p50)} ${f(api.p95)}   ${f(raw.p50)} ${f(raw.p95)}    ${r.kind === 'postgres' ? `≤ ${TARGET_P50}${ok ? ' ok' : ' MISSED'}` : '(stated)'}`,
    );
  }
  console.log(
    `           first row: ${r.utc.first.campaign_name}, cost ${r.utc.first.gmv}; total ${r.utc.total} campaigns`,
  );
}
process.exitCode = missed ? 1 : 0;
