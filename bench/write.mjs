#!/usr/bin/env node
// Write benchmark (issue 19): how fast the statistics store takes delivery facts, with 1 and with 4
// writers side by side, on a throwaway PostgreSQL cluster and on PGlite, two ways: `direct`, each writer
// a transaction per batch (`writeBatch`: the named batch, the hourly facts, the rollups and the running
// totals), and `window`, the writers' batches gathered by the store's `StoreWriter` while the previous
// window is written (group commit; `--window` ms of linger) and written by one transaction at a time.
// A batch is what a bidder's flush would hold: `--batch` impressions (with clicks, installs and cost)
// over the account's creatives, 20 publishers, 8 countries and 2 OSes, in the current hour, summed by
// key in memory first as the writer does. Prints impressions/s and the batch p50/p95 per phase.
//
//   npm run bench:write -- [--db postgres,pglite] [--seconds 20] [--batch 5000] [--creatives 200]
//                          [--zone Asia/Shanghai]  (the account's zone: not UTC, so the rollup by its local day is kept too)
//
// Target (issue 19): 4 writers ≥ 1 writer, and ≥ 20,000 impressions/s on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { percentile } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    seconds: { type: 'string', default: '20' },
    batch: { type: 'string', default: '5000' },
    creatives: { type: 'string', default: '200' },
    writers: { type: 'string', default: '1,4' },
    modes: { type: 'string', default: 'direct,window' },
    window: { type: 'string', default: '0' },
    // The account's zone: not UTC, so the writer also keeps the rollup by its local day.
    zone: { type: 'string', default: 'Asia/Shanghai' },
  },
});
const SECONDS = Number(opts.seconds);
const BATCH = Number(opts.batch);
const CREATIVES = Number(opts.creatives);
const TARGET = 20_000;

const { tsImport } = await import('tsx/esm/api');
const { openDatabase } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { writeBatch } = await tsImport('../apps/server/src/modules/statistics/writer.ts', import.meta.url);
const { StoreWriter } = await tsImport(
  '../apps/server/src/modules/statistics/store-writer.ts',
  import.meta.url,
);

const BUNDLES = Array.from({ length: 20 }, (_, i) => `com.bench.pub${i}`);
const COUNTRIES = ['US', 'GB', 'DE', 'JP', 'BR', 'IN', 'FR', 'CA'];

/** mulberry32 */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One account with `CREATIVES` creatives (10 per ad group, 5 ad groups per campaign). */
async function setUp(db) {
  const { sql } = await import('drizzle-orm');
  const rows = (r) => r.rows;
  const [org] = rows(
    await db.execute(sql`insert into orgs (org_name, org_type, org_status, company_name)
      values ('Write Bench', 1, 1, 'Write Bench Ltd') returning org_id`),
  );
  const [adv] = rows(
    await db.execute(sql`insert into advertisers (org_id, adv_name, status, company_name, currency, timezone)
      values (${org.org_id}, 'Write Bench', 1, 'Write Bench Ltd', 'USD', ${opts.zone}) returning adv_id`),
  );
  const advId = adv.adv_id;
  const creatives = [];
  for (let c = 0; c < Math.ceil(CREATIVES / 50); c++) {
    const [campaign] = rows(
      await db.execute(sql`insert into campaigns (adv_id, name, campaign_type, promote_goal, os, link_type, landing_url)
        values (${advId}, ${`Bench ${c}`}, 'install', 'web_traffic', 2, 2, 'https://bench.test') returning id`),
    );
    for (let g = 0; g < 5 && creatives.length < CREATIVES; g++) {
      const [group] = rows(
        await db.execute(sql`insert into ad_groups (adv_id, campaign_id, name, bidding_type, billing_type, bid_price)
          values (${advId}, ${campaign.id}, ${`G${g}`}, 1, 1, '2') returning id`),
      );
      for (let k = 0; k < 10 && creatives.length < CREATIVES; k++) {
        const [creative] = rows(
          await db.execute(sql`insert into creatives (adv_id, campaign_id, adgroup_id, name, creative_type, review_status)
            values (${advId}, ${campaign.id}, ${group.id}, 'Banner', 'image', 3) returning id`),
        );
        creatives.push({ campaignId: campaign.id, adgroupId: group.id, creativeId: creative.id });
      }
    }
  }
  return { advId, creatives };
}

/** A batch of `BATCH` impressions as facts (one per impression; the writer sums them by key). */
function batchFacts(rand, advId, creatives, hour) {
  const facts = [];
  for (let i = 0; i < BATCH; i++) {
    const c = creatives[Math.floor(rand() * rand() * creatives.length)];
    const click = rand() < 0.01;
    facts.push({
      advId,
      ...c,
      hour,
      bundle: BUNDLES[Math.floor(rand() * rand() * BUNDLES.length)],
      country: COUNTRIES[Math.floor(rand() * rand() * COUNTRIES.length)],
      os: rand() < 0.5 ? 1 : 2,
      bids: 3,
      wins: 1,
      impressions: 1,
      clicks: click ? 1 : 0,
      installs: click && rand() < 0.1 ? 1 : 0,
      cost: 0.002,
    });
  }
  return facts;
}

async function phase(database, setup, writers, mode, label) {
  const store = mode === 'window' ? new StoreWriter(database.db, { windowMs: Number(opts.window) }) : null;
  const stopAt = performance.now() + SECONDS * 1000;
  const latencies = [];
  let impressions = 0;
  let batches = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const rand = random(w * 7919 + writers);
      while (performance.now() < stopAt) {
        const facts = batchFacts(rand, setup.advId, setup.creatives, new Date());
        const t0 = performance.now();
        const batch = { advId: setup.advId, source: 'bench', key: `${label}-${w}-${batches++}` };
        if (store) await store.write(batch, { facts });
        else await database.db.transaction((tx) => writeBatch(tx, batch, { facts }));
        latencies.push(performance.now() - t0);
        impressions += facts.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    mode,
    writers,
    perSecond: Math.round(impressions / seconds),
    batches: latencies.length,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
  };
}

const results = [];
for (const kind of opts.db.split(',')) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-write-'));
  let cluster = null;
  try {
    if (kind === 'postgres') cluster = await startCluster({ log: () => {} });
    const database = await openDatabase(
      kind === 'postgres' ? { url: cluster.url } : { dataDir: path.join(dir, 'pglite') },
    );
    await database.migrate();
    const setup = await setUp(database.db);
    for (const mode of opts.modes.split(',')) {
      for (const writers of opts.writers.split(',').map(Number)) {
        const r = await phase(database, setup, writers, mode, `${kind}-${mode}-${writers}`);
        results.push({ kind, ...r });
        process.stderr.write(
          `${kind} ${mode} ${writers} writer(s): ${r.perSecond} impressions/s, batch p95 ${r.p95} ms\n`,
        );
      }
    }
    await database.close();
  } finally {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\nStatistics store writes: batches of ${BATCH} impressions over ${CREATIVES} creatives, ${SECONDS} s per phase (${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)})\n`,
);
console.log('| database | mode | writers | impressions/s | batches | batch p50 | batch p95 |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.kind} | ${r.mode} | ${r.writers} | ${r.perSecond.toLocaleString('en-US')} | ${r.batches} | ${r.p50} ms | ${r.p95} ms |`,
  );
}
// The targets are the delivery path's (`window`); `direct` is shown for comparison.
let missed = false;
for (const kind of new Set(results.map((r) => r.kind))) {
  const windowed = results.filter((r) => r.kind === kind && r.mode === 'window');
  const [one, ...more] = windowed.length > 0 ? windowed : results.filter((r) => r.kind === kind);
  for (const m of more) {
    const ok = m.perSecond >= one.perSecond;
    if (!ok) missed = true;
    console.log(
      `${kind} ${m.mode}: ${m.writers} writers ${ok ? '≥' : '<'} 1 writer (${m.perSecond} vs ${one.perSecond})`,
    );
  }
  if (kind === 'postgres') {
    const best = Math.max(one.perSecond, ...more.map((r) => r.perSecond));
    if (best < TARGET) missed = true;
    console.log(
      `postgres: best ${best} impressions/s, target ≥ ${TARGET}: ${best >= TARGET ? 'met' : 'missed'}`,
    );
  }
}
process.exit(missed ? 1 : 0);
