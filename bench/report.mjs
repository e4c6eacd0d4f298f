#!/usr/bin/env node
// Report benchmark (issue 10): a statistics store of 10 million hourly fact rows over 20 advertiser
// accounts (25 campaigns each, one ad group and one creative per campaign, 30 days × 24 hours × 7
// publishers × 4 countries), on a throwaway PostgreSQL cluster, and a smaller one on PGlite (stated).
// Times, through the real server, reports of one account over its 30 days: the custom report by day and
// campaign (in UTC and at +08:00), by day and country at +08:00 (the accounts' own zone: the rollup by
// their local day) and at +09:00 (the full-grain hourly facts), the bundle report (by publisher) and the hourly report of one day, each sorted by cost, a page of 50 with the
// count and the totals row; beside each the same SQL statement, built by the server's own code, run
// directly (the floor: no HTTP, no JSON).
//
//   npm run bench:report -- [--db postgres,pglite] [--rows 10000000] [--pglite-rows 1000000] [--samples 30]
//
// The facts are written with set-based SQL (generate_series), not the writer, in time order as the
// writer stores them; the daily rollups are summed from them the same way.
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
    rows: { type: 'string', default: '10000000' },
    'pglite-rows': { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '30' },
  },
});
const SAMPLES = Number(opts.samples);
const TARGET = { postgres: 30, pglite: 60 };
const CAMPAIGNS = 25;
const DAYS = 30;
const PLACES = 7 * 4;
const today = new Date().toISOString().slice(0, 10);
const start = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

/**
 * The accounts' zone: a China-market agency's. Reports in it by day and country read the rollup by the
 * account's own day (`stats_daily_local`, kept by the writer for accounts not in UTC); other zones read
 * the UTC rollup corrected by hours (the +09:00 row).
 */
const ZONE = 'Asia/Shanghai';

/** Accounts needed for about `rows` hourly rows. */
const accountsFor = (rows) => Math.max(1, Math.round(rows / (CAMPAIGNS * DAYS * 24 * PLACES)));

const growSql = (accounts) => `
insert into advertisers (org_id, adv_name, status, company_name, currency, timezone)
select 100001, 'Report Bench ' || a, 1, 'Report Bench Ltd', 'USD', '${ZONE}' from generate_series(1, ${accounts}) a;

insert into campaigns (adv_id, name, campaign_type, promote_goal, os, link_type, landing_url, created_at)
select v.adv_id, 'Bench campaign ' || g, 'install', 'web_traffic', 2, 2, 'https://bench.test', now() - interval '60 days'
from advertisers v, generate_series(1, ${CAMPAIGNS}) g where v.adv_name like 'Report Bench %';

insert into ad_groups (adv_id, campaign_id, name, bidding_type, billing_type, bid_price, created_at)
select c.adv_id, c.id, 'Group of ' || c.id, 1, 1, 2, c.created_at
from campaigns c join advertisers v on v.adv_id = c.adv_id where v.adv_name like 'Report Bench %';

insert into creatives (adv_id, campaign_id, adgroup_id, name, creative_type, review_status, created_at)
select g.adv_id, g.campaign_id, g.id, 'Creative of ' || g.id, 'image', 3, g.created_at
from ad_groups g join advertisers v on v.adv_id = g.adv_id where v.adv_name like 'Report Bench %';

create temporary table bench_ads as
select cr.adv_id, cr.campaign_id, cr.adgroup_id, cr.id as creative_id, row_number() over (order by cr.id) as n
from creatives cr join advertisers v on v.adv_id = cr.adv_id where v.adv_name like 'Report Bench %';

${partitionsSql(start, today)}
insert into stats_hourly (adv_id, hour, campaign_id, adgroup_id, creative_id, bundle, country, os, bids, wins,
                          impressions, clicks, cost, installs, revenue, revenue_final)
select a.adv_id, h, a.campaign_id, a.adgroup_id, a.creative_id, 'com.pub.' || b, c, 2,
       40, 11, 10 + (a.n * 7 + b * 3 + extract(hour from h)::int) % 90, (a.n + b) % 5,
       ((a.n * 13 + b * 7 + extract(hour from h)::int) % 500) / 100.0, (a.n + b + extract(hour from h)::int) % 2, 0, 0
from generate_series(timestamptz '${start} 00:00+00', timestamptz '${today} 23:00+00', interval '1 hour') h,
     bench_ads a, generate_series(1, 7) b, unnest(array['US', 'DE', 'JP', 'BR']) c
order by 2, 1, 3;

insert into stats_hourly_ad (adv_id, hour, campaign_id, adgroup_id, creative_id, bids, wins, impressions, clicks, cost,
                             installs, revenue, revenue_final)
select adv_id, hour, campaign_id, adgroup_id, creative_id, sum(bids), sum(wins), sum(impressions), sum(clicks), sum(cost),
       sum(installs), sum(revenue), sum(revenue_final)
from stats_hourly where adv_id in (select distinct adv_id from bench_ads)
group by 1, 2, 3, 4, 5 order by 2, 1, 3;

insert into stats_daily_ad (adv_id, day, campaign_id, adgroup_id, creative_id, bids, wins, impressions, clicks, cost,
                            installs, revenue, revenue_final)
select adv_id, (hour at time zone 'UTC')::date, campaign_id, adgroup_id, creative_id, sum(bids), sum(wins),
       sum(impressions), sum(clicks), sum(cost), sum(installs), sum(revenue), sum(revenue_final)
from stats_hourly_ad where adv_id in (select distinct adv_id from bench_ads)
group by 1, 2, 3, 4, 5 order by 2, 1, 3;

insert into stats_daily (adv_id, day, campaign_id, adgroup_id, creative_id, bundle, country, os, bids, wins,
                         impressions, clicks, cost, installs, revenue, revenue_final)
select adv_id, (hour at time zone 'UTC')::date, campaign_id, adgroup_id, creative_id, bundle, country, os, sum(bids),
       sum(wins), sum(impressions), sum(clicks), sum(cost), sum(installs), sum(revenue), sum(revenue_final)
from stats_hourly where adv_id in (select distinct adv_id from bench_ads)
group by 1, 2, 3, 4, 5, 6, 7, 8 order by 2, 1, 3;

insert into stats_daily_local (adv_id, zone, day, campaign_id, adgroup_id, creative_id, bundle, country, os, bids, wins,
                               impressions, clicks, cost, installs, revenue, revenue_final)
select adv_id, '${ZONE}', (hour at time zone '${ZONE}')::date, campaign_id, adgroup_id, creative_id, bundle, country, os,
       sum(bids), sum(wins), sum(impressions), sum(clicks), sum(cost), sum(installs), sum(revenue), sum(revenue_final)
from stats_hourly where adv_id in (select distinct adv_id from bench_ads)
group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 3, 1, 4;
`;

const countSql = `select (select min(adv_id) from advertisers where adv_name like 'Report Bench %') as adv,
  (select count(*) from stats_hourly) as hourly, (select count(*) from stats_daily) as daily`;

async function grow(kind, { dataDir, url, accounts }) {
  const db =
    kind === 'postgres'
      ? new pg.Client({ connectionString: url })
      : await PGlite.create(path.join(dataDir, 'pglite'));
  if (kind === 'postgres') await db.connect();
  const t0 = performance.now();
  await (kind === 'postgres' ? db.query(growSql(accounts)) : db.exec(growSql(accounts)));
  await db.query('analyze');
  const { rows } = await db.query(countSql);
  await (kind === 'postgres' ? db.end() : db.close());
  return { ...rows[0], seconds: (performance.now() - t0) / 1000 };
}

/**
 * The reports the console asks for. A day of +08:00 is not a UTC day: by day × campaign it is read from
 * the daily rollup per creative of its base UTC day corrected by the 8 hours of each UTC day in which the
 * two differ (`localDayReads`, `stats_daily_ad` + `stats_hourly_ad`); by day × country, +08:00 being the
 * accounts' own zone, from the rollup by their local day (`stats_daily_local`), and at +09:00 from the
 * full-grain UTC rollup corrected the same way (`stats_daily` + `stats_hourly`).
 */
const REPORTS = {
  'custom (day × campaign, 30 days)': {
    dimensions: ['date', 'campaign'],
    start_date: start,
    end_date: today,
  },
  'custom at +08:00 (day × campaign)': {
    dimensions: ['date', 'campaign'],
    start_date: start,
    end_date: today,
    offset: 480,
  },
  'custom at +08:00 (day × country)': {
    dimensions: ['date', 'country'],
    start_date: start,
    end_date: today,
    offset: 480,
  },
  'custom at +09:00 (day × country)': {
    dimensions: ['date', 'country'],
    start_date: start,
    end_date: today,
    offset: 540,
    // Not the account's zone: the UTC rollup and 9 hours of each day at the full grain (no target).
    target: false,
  },
  'bundle (30 days)': { dimensions: ['bundle'], start_date: start, end_date: today },
  'hourly (one day)': { dimensions: ['hour'], start_date: today, end_date: today },
};
const zoneOf = (offset = 0) =>
  `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:00`;
const bodyOf = (r) => ({
  campaign_ids: [],
  adgroup_ids: [],
  creative_ids: [],
  countries: [],
  os: [],
  bundles: [],
  app_ids: [],
  pixel_ids: [],
  hours: [],
  event_filter: [],
  events: [],
  cohort: false,
  sort_field: 'gmv',
  sort_order: 'desc',
  page: 1,
  page_size: 50,
  ...r,
  offset: undefined,
  target: undefined,
});

async function timeCall(base, token, adv, report) {
  const headers = {
    token,
    'org-id': '100001',
    'adv-id': String(adv),
    timezone: zoneOf(report.offset),
    'content-type': 'application/json',
  };
  const run = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/scaler/v3/report/custom`, {
      method: 'POST',
      headers,
      body: JSON.stringify(bodyOf(report)),
    });
    const json = await res.json();
    const ms = performance.now() - t0;
    if (json.code !== 0) throw new Error(`report: ${JSON.stringify(json).slice(0, 300)}`);
    return { ms, total: json.data.total, impression: json.data.totals.impression };
  };
  for (let i = 0; i < 3; i++) await run();
  const times = [];
  let last = null;
  for (let i = 0; i < SAMPLES; i++) {
    last = await run();
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    total: last.total,
    impression: last.impression,
  };
}

/** The floor of any API call: the same request without a session, refused (401) before any statement. */
async function timeFloor(base, adv) {
  const run = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/scaler/v3/report/custom`, {
      method: 'POST',
      headers: { 'org-id': '100001', 'adv-id': String(adv), 'content-type': 'application/json' },
      body: JSON.stringify(bodyOf(REPORTS['hourly (one day)'])),
    });
    await res.json();
    if (res.status !== 401) throw new Error(`floor: HTTP ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) await run();
  const times = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function timeRaw(kind, { dataDir, url, adv }, report) {
  const { tsImport } = await import('tsx/esm/api');
  const { reportQuery } = await tsImport('../apps/server/src/modules/reports/custom.ts', import.meta.url);
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { sql, params } = new PgDialect().sqlToQuery(
    reportQuery(
      { advId: adv, req: bodyOf(report) },
      {
        offset: report.offset ?? 0,
        money: { cost: [], fee: null },
        basis: 2,
        own: { zone: ZONE, from: '2000-01-01' },
      },
    ),
  );
  let query;
  let close;
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
    await client.connect();
    query = () => client.query(sql, params);
    close = () => client.end();
  } else {
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    query = () => db.query(sql, params);
    close = () => db.close();
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scaler-report-'));
  let cluster = null;
  let url = process.env.DATABASE_URL || null;
  if (kind === 'postgres' && !url) {
    cluster = await startCluster({ log: () => {}, durable: true });
    url = cluster.url;
  }
  const databaseUrl = kind === 'postgres' ? url : null;
  const accounts = accountsFor(Number(kind === 'postgres' ? opts.rows : opts['pglite-rows']));
  let server = null;
  try {
    process.stderr.write(`${kind}: migrating and seeding the demo...\n`);
    server = await startServer({ dataDir, databaseUrl });
    await server.stop();
    process.stderr.write(`${kind}: writing ${accounts} accounts of facts...\n`);
    const grown = await grow(kind, { dataDir, url, accounts });
    process.stderr.write(
      `${kind}: ${grown.hourly} hourly rows, ${grown.daily} daily rows in ${grown.seconds.toFixed(1)} s\n`,
    );
    const adv = Number(grown.adv);
    server = await startServer({ dataDir, databaseUrl, seedDemo: false });
    const token = await login(server.base, 'admin@demo.test');
    const api = {};
    for (const [name, report] of Object.entries(REPORTS))
      api[name] = await timeCall(server.base, token, adv, report);
    // The two ways of reading days of +08:00 (per creative, full grain) must agree on the impressions.
    const [byAd, byPlace] = [
      api['custom at +08:00 (day × campaign)'],
      api['custom at +08:00 (day × country)'],
    ];
    if (!(byAd.impression > 0) || byAd.impression !== byPlace.impression)
      throw new Error(
        `+08:00 totals differ: ${byAd.impression} per creative, ${byPlace.impression} by country`,
      );
    const floor = await timeFloor(server.base, adv);
    await server.stop();
    server = null;
    const raw = {};
    for (const [name, report] of Object.entries(REPORTS))
      raw[name] = await timeRaw(kind, { dataDir, url, adv }, report);
    return { kind, hourly: Number(grown.hourly), daily: Number(grown.daily), accounts, api, raw, floor };
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
  `\nreports of one account (${CAMPAIGNS} campaigns, ${DAYS} days), p50 / p95 ms over ${SAMPLES} runs`,
);
console.log(
  'database   hourly rows   report                              API p50    p95   raw p50    p95  ×raw   target',
);
let missed = false;
for (const r of results) {
  for (const name of Object.keys(REPORTS)) {
    const a = r.api[name];
    const w = r.raw[name];
    const ratio = a.p50 / w.p50;
    const target = REPORTS[name].target !== false;
    const ok = !target || a.p50 <= TARGET[r.kind];
    if (!ok) missed = true;
    console.log(
      `${r.kind.padEnd(10)} ${String(r.hourly).padStart(11)}   ${name.padEnd(34)} ${f(a.p50)} ${f(a.p95)}  ${f(w.p50)} ${f(w.p95)}  ${ratio.toFixed(2)}  ${target ? `≤ ${TARGET[r.kind]}${ok ? ' ok' : ' MISSED'}` : '(none)'}`,
    );
  }
  console.log(
    `${r.kind.padEnd(10)} ${''.padStart(11)}   ${'HTTP floor (401, no statement)'.padEnd(34)} ${f(r.floor.p50)} ${f(r.floor.p95)}`,
  );
  console.log(
    `           (${r.accounts} accounts; ${r.daily} daily rows; the bench account's rows: ${r.api[Object.keys(REPORTS)[0]].total} by day × campaign)`,
  );
}
process.exitCode = missed ? 1 : 0;
