import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  advertisers,
  statsCohort,
  statsDaily,
  statsDailyAd,
  statsDailyLocal,
  statsHourly,
  statsHourlyAd,
  statsSources,
  trackingHourly,
} from '../../db/schema';
import { addDays, isUtcZone, localDate, type Zone, zoneOf } from '../clock/clock';
import { chunks, insertMany } from '../tracking/insert-many';
import { decimal, micros } from './micros';
import { addToRunningTotals } from './running-totals';

/**
 * The one way delivery facts enter the statistics store (decisions 6): the stats generator now, the
 * bidder later. A batch is summed by key in memory, then added to the hourly facts and to both daily
 * rollups in the same transaction (`insert ... on conflict do update set x = x + excluded.x`), so the
 * rollups always equal the hours they summarise, and to the lists' running totals
 * (`running-totals.ts`). Keys are written in a fixed order, so concurrent writers do not deadlock.
 *
 * Exactly once: a batch writer names its batch (`BatchSource`), and the name is recorded in
 * `stats_sources` in the same transaction before anything is added; a name already there means the batch
 * was written, and nothing is added again. Tracking's facts are keyed by their raw rows instead
 * (`feed.ts`), inserted in the same transaction with `on conflict do nothing`.
 */

/** Names a batch of facts: the same name twice adds nothing the second time. */
export interface BatchSource {
  advId: number;
  /** `generator`, later `bidder`. */
  source: string;
  key: string;
}

/**
 * Records a batch's name; false when it was recorded before (a replay: write nothing). Concurrent
 * writers of one name wait on the first one's row, then see it.
 */
export async function claimBatch(tx: Tx, batch: BatchSource, facts: number): Promise<boolean> {
  const claimed = await tx
    .insert(statsSources)
    .values({ advId: batch.advId, source: batch.source, key: batch.key, facts })
    .onConflictDoNothing()
    .returning({ key: statsSources.key });
  return claimed.length === 1;
}

export interface DeliveryFact {
  advId: number;
  campaignId: number;
  adgroupId: number;
  creativeId: number;
  /** The UTC hour (minutes and seconds are dropped). */
  hour: Date;
  bundle: string;
  country: string;
  os: number;
  bids?: number;
  wins?: number;
  impressions?: number;
  clicks?: number;
  /** Money as a decimal string (exact), or a number that is rounded to six decimals. */
  cost?: string | number;
  installs?: number;
  revenue?: string | number;
  revenueFinal?: string | number;
}

export interface CohortFact {
  advId: number;
  campaignId: number;
  adgroupId: number;
  creativeId: number;
  installDay: string;
  country: string;
  os: number;
  dayN: number;
  retained: number;
  revenue: string | number;
}

const COUNTS = ['bids', 'wins', 'impressions', 'clicks', 'installs'] as const;
const MONEY = ['cost', 'revenue', 'revenueFinal'] as const;
interface Sum {
  key: Record<string, unknown>;
  counts: Record<(typeof COUNTS)[number], number>;
  money: Record<(typeof MONEY)[number], bigint>;
}

const HOUR_MS = 3_600_000;
const newSum = (key: Record<string, unknown>): Sum => ({
  key,
  counts: { bids: 0, wins: 0, impressions: 0, clicks: 0, installs: 0 },
  money: { cost: 0n, revenue: 0n, revenueFinal: 0n },
});
const hourIso = (hour: number) => new Date(hour * HOUR_MS).toISOString();
const dayIso = (hour: number) => new Date(Math.floor(hour / 24) * 24 * HOUR_MS).toISOString().slice(0, 10);

/**
 * Facts summed by the key of each table the writer keeps (full grain by hour and by day, per creative
 * by hour and by day): what one transaction writes. Sums of several batches merge (`StoreWriter`'s
 * window), so facts of the same key arriving close together cost one row update, not one each.
 */
export class FactSums {
  readonly hourly = new Map<string, Sum>();
  readonly daily = new Map<string, Sum>();
  readonly hourlyAd = new Map<string, Sum>();
  readonly dailyAd = new Map<string, Sum>();
  /** Facts added. */
  facts = 0;

  static of(facts: DeliveryFact[]): FactSums {
    const sums = new FactSums();
    for (const f of facts) sums.add(f);
    return sums;
  }

  add(f: DeliveryFact): void {
    this.facts++;
    const hour = Math.floor(f.hour.getTime() / HOUR_MS);
    const day = Math.floor(hour / 24);
    const ids = `${f.advId}|${f.campaignId}|${f.adgroupId}|${f.creativeId}`;
    const place = `${f.bundle}|${f.country}|${f.os}`;
    const idKey = () => ({
      advId: f.advId,
      campaignId: f.campaignId,
      adgroupId: f.adgroupId,
      creativeId: f.creativeId,
    });
    const placeKey = () => ({ bundle: f.bundle, country: f.country, os: f.os });
    const to = (map: Map<string, Sum>, id: string, key: () => Record<string, unknown>) => {
      let s = map.get(id);
      if (!s) {
        s = newSum(key());
        map.set(id, s);
      }
      for (const c of COUNTS) s.counts[c] += f[c] ?? 0;
      for (const m of MONEY) if (f[m] !== undefined) s.money[m] += micros(f[m]);
    };
    to(this.hourly, `${ids}|h${hour}|${place}`, () => ({ ...idKey(), hour: hourIso(hour), ...placeKey() }));
    to(this.daily, `${ids}|d${day}|${place}`, () => ({ ...idKey(), day: dayIso(hour), ...placeKey() }));
    to(this.hourlyAd, `${ids}|h${hour}`, () => ({ ...idKey(), hour: hourIso(hour) }));
    to(this.dailyAd, `${ids}|d${day}`, () => ({ ...idKey(), day: dayIso(hour) }));
  }

  merge(other: FactSums): void {
    this.facts += other.facts;
    for (const name of ['hourly', 'daily', 'hourlyAd', 'dailyAd'] as const) {
      const into = this[name];
      for (const [id, s] of other[name]) {
        const t = into.get(id);
        if (!t) {
          into.set(id, { key: s.key, counts: { ...s.counts }, money: { ...s.money } });
          continue;
        }
        for (const c of COUNTS) t.counts[c] += s.counts[c];
        for (const m of MONEY) t.money[m] += s.money[m];
      }
    }
  }
}

/** A table's sums in key order: every writer takes row locks in the same order, so none deadlock. */
const sorted = (map: Map<string, Sum>) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, s]) => s);

const rowOf = (s: Sum) => ({
  ...s.key,
  ...s.counts,
  cost: decimal(s.money.cost),
  revenue: decimal(s.money.revenue),
  revenueFinal: decimal(s.money.revenueFinal),
});

/** `on conflict (key) do update` adding every measure to the stored row. */
const upsert = (table: string, key: string) =>
  sql.raw(
    `on conflict (${key}) do update set ${[
      'bids',
      'wins',
      'impressions',
      'clicks',
      'cost',
      'installs',
      'revenue',
      'revenue_final',
    ]
      .map((c) => `${c} = ${table}.${c} + excluded.${c}`)
      .join(', ')}`,
  );

const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Adds a named batch of facts (`writeFacts`) and its cohorts and conversions once: false, and nothing
 * written, when the batch was written before (call inside a transaction).
 */
export async function writeBatch(
  tx: Tx,
  batch: BatchSource,
  content: { facts: DeliveryFact[]; cohorts?: CohortFact[]; conversions?: ConversionFact[] },
): Promise<boolean> {
  if (!(await claimBatch(tx, batch, content.facts.length))) return false;
  await writeFacts(tx, content.facts);
  await writeCohorts(tx, content.cohorts ?? []);
  await writeConversions(tx, content.conversions ?? []);
  return true;
}

/**
 * Adds delivery facts to `stats_hourly`, `stats_hourly_ad`, `stats_daily`, `stats_daily_ad`,
 * `stats_daily_local` (accounts not in UTC) and the running totals
 * (call inside a transaction, after the source's key was recorded: `writeBatch`, or tracking's raw rows).
 */
export async function writeFacts(tx: Tx, facts: DeliveryFact[]): Promise<void> {
  if (facts.length === 0) return;
  await writeSums(tx, FactSums.of(facts));
}

/** Writes summed facts (`writeFacts`; `StoreWriter` writes a window's merged sums). */
export async function writeSums(tx: Tx, sums: FactSums): Promise<void> {
  if (sums.facts === 0) return;
  const tables = [
    [
      sums.hourly,
      statsHourly,
      'stats_hourly',
      'adv_id, hour, campaign_id, adgroup_id, creative_id, bundle, country, os',
    ],
    [
      sums.daily,
      statsDaily,
      'stats_daily',
      'adv_id, day, campaign_id, adgroup_id, creative_id, bundle, country, os',
    ],
    [sums.hourlyAd, statsHourlyAd, 'stats_hourly_ad', 'adv_id, hour, campaign_id, adgroup_id, creative_id'],
    [sums.dailyAd, statsDailyAd, 'stats_daily_ad', 'adv_id, day, campaign_id, adgroup_id, creative_id'],
  ] as const;
  for (const [map, table, name, key] of tables) {
    for (const part of chunks(sorted(map).map(rowOf))) await insertMany(tx, table, part, upsert(name, key));
  }
  const local = await localDays(tx, sums);
  for (const part of chunks(sorted(local).map(rowOf))) {
    await insertMany(
      tx,
      statsDailyLocal,
      part,
      upsert(
        'stats_daily_local',
        'adv_id, zone, day, campaign_id, adgroup_id, creative_id, bundle, country, os',
      ),
    );
  }
  await addToRunningTotals(
    tx,
    sorted(sums.dailyAd).map((s) => ({
      ...(s.key as { advId: number; campaignId: number; adgroupId: number; creativeId: number; day: string }),
      impressions: s.counts.impressions,
      clicks: s.counts.clicks,
      installs: s.counts.installs,
      cost: s.money.cost,
      revenue: s.money.revenue,
      revenueFinal: s.money.revenueFinal,
    })),
  );
}

/**
 * The full grain by day of each account's own zone (`stats_daily_local`), summed from the window's
 * hours: accounts in UTC have none (their days are the UTC rollup's). The zone is the account's as
 * stored now; a change of zone starts the rollup of the new one (`advertisers.local_stats_from`).
 */
async function localDays(tx: Tx, sums: FactSums): Promise<Map<string, Sum>> {
  const local = new Map<string, Sum>();
  const advIds = [...new Set([...sums.dailyAd.values()].map((s) => s.key.advId as number))];
  const rows = await tx
    .select({ advId: advertisers.advId, timezone: advertisers.timezone })
    .from(advertisers)
    .where(inArray(advertisers.advId, advIds));
  const zones = new Map(rows.filter((r) => !isUtcZone(r.timezone)).map((r) => [r.advId, r.timezone]));
  if (zones.size === 0) return local;
  const dayOf = new Map<string, string>();
  for (const s of sums.hourly.values()) {
    const k = s.key as { advId: number; hour: string; [name: string]: unknown };
    const stored = zones.get(k.advId);
    if (stored === undefined) continue;
    const at = `${stored}|${k.hour}`;
    let day = dayOf.get(at);
    if (day === undefined) {
      const zone: Zone = zoneOf(stored);
      day = localDate(new Date(k.hour), zone);
      dayOf.set(at, day);
    }
    const id = `${k.advId}|${stored}|${day}|${k.campaignId}|${k.adgroupId}|${k.creativeId}|${k.bundle}|${k.country}|${k.os}`;
    let t = local.get(id);
    if (!t) {
      const { hour: _hour, ...rest } = k;
      t = newSum({ ...rest, zone: stored, day });
      local.set(id, t);
    }
    for (const c of COUNTS) t.counts[c] += s.counts[c];
    for (const m of MONEY) t.money[m] += s.money[m];
  }
  return local;
}

/**
 * The first day the local rollup of an account that takes `stored` as its zone now holds whole: the
 * next local day (today's facts so far were summed by the old zone's days).
 */
export const localRollupStart = (stored: string, now: Date = new Date()): string =>
  addDays(localDate(now, zoneOf(stored)), 1);

/** Adds cohort facts (retained users and revenue by days since install) to `stats_cohort`. */
export async function writeCohorts(tx: Tx, facts: CohortFact[]): Promise<void> {
  if (facts.length === 0) return;
  const sums = new Map<
    string,
    { key: Omit<CohortFact, 'retained' | 'revenue'>; retained: number; revenue: bigint }
  >();
  for (const f of facts) {
    const { retained, revenue, ...key } = f;
    const id = JSON.stringify(key);
    const s = sums.get(id) ?? { key, retained: 0, revenue: 0n };
    s.retained += retained;
    s.revenue += micros(revenue);
    sums.set(id, s);
  }
  const rows = [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => ({ ...s.key, retained: s.retained, revenue: decimal(s.revenue) }));
  for (const part of chunks(rows)) {
    await insertMany(
      tx,
      statsCohort,
      part,
      sql.raw(
        'on conflict (adv_id, install_day, campaign_id, adgroup_id, creative_id, country, os, day_n) do update set retained = stats_cohort.retained + excluded.retained, revenue = stats_cohort.revenue + excluded.revenue',
      ),
    );
  }
}

/**
 * Conversions per event of a batch writer, counted by event time (`basis` 1) and by the hour of the
 * request (click, `basis` 2), as the tracking writer counts what the public endpoints accept. A batch
 * writer has no users to keep, so its rows carry no user set (`key_hash` null) and `uv` as given.
 */
export interface ConversionFact {
  advId: number;
  appId: string;
  pixelId: string;
  eventId: string;
  campaignId: number;
  adgroupId: number;
  creativeId: number;
  bundle: string;
  country: string;
  os: number;
  /** The hour of the click (request time) and of the event (event time). */
  requestHour: Date;
  eventHour: Date;
  count: number;
  uv: number;
  /** Money as a decimal string or a number rounded to six decimals. */
  value: string | number;
}

/** Adds conversion facts to the per-event hourly counts (`tracking_hourly`, kind 3). */
export async function writeConversions(tx: Tx, facts: ConversionFact[]): Promise<void> {
  if (facts.length === 0) return;
  const sums = new Map<string, Record<string, unknown> & { count: number; uv: number; value: bigint }>();
  for (const f of facts) {
    for (const [basis, at] of [
      [1, f.eventHour],
      [2, f.requestHour],
    ] as const) {
      const hour = hourOf(at);
      const key = {
        hour,
        basis,
        advId: f.advId,
        appId: f.appId,
        pixelId: f.pixelId,
        kind: 3,
        eventId: f.eventId,
        campaignId: String(f.campaignId),
        adgroupId: String(f.adgroupId),
        creativeId: String(f.creativeId),
        bundle: f.bundle,
        country: f.country,
        os: f.os,
      };
      const id = JSON.stringify(key);
      const s = sums.get(id) ?? { ...key, count: 0, uv: 0, value: 0n, lastEventAt: hour };
      s.count += f.count;
      s.uv += f.uv;
      s.value += micros(f.value);
      sums.set(id, s);
    }
  }
  const rows = [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => ({ ...s, attributed: s.count, value: decimal(s.value) }));
  for (const part of chunks(rows)) {
    await insertMany(
      tx,
      trackingHourly,
      part,
      sql.raw(
        'on conflict on constraint tracking_hourly_pk do update set count = tracking_hourly.count + excluded.count, uv = tracking_hourly.uv + excluded.uv, attributed = tracking_hourly.attributed + excluded.attributed, value = tracking_hourly.value + excluded.value, last_event_at = greatest(tracking_hourly.last_event_at, excluded.last_event_at)',
      ),
    );
  }
}
