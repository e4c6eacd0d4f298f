import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { advertisers, statsSources } from '../../db/schema';
import { addDays, isUtcZone, localDate, zoneOf } from '../clock/clock';
import { type CohortFact, type ConversionFact, writeCohorts, writeConversions } from './cohorts';
import { decimal, micros } from './micros';
import { addToRunningTotals } from './running-totals';

/**
 * The one way delivery facts enter the statistics store (decisions 6): the stats generator now, the
 * bidder later. A batch is summed in memory by the full grain's key, sent once as one array per column,
 * and one statement adds it to the hourly facts and to every rollup (`WRITE_FACTS`: each summed by its
 * own key in the database, `insert ... on conflict do update set x = x + excluded.x` in key order, so
 * concurrent writers take row locks in one order and do not deadlock); then the lists' running totals
 * (`running-totals.ts`), in the same transaction, so the rollups always equal the hours they summarise.
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

/** The full grain's key of a sum (`FactSums.hourly`). */
interface GrainKey {
  advId: number;
  campaignId: number;
  adgroupId: number;
  creativeId: number;
  /** The UTC hour, ISO. */
  hour: string;
  bundle: string;
  country: string;
  os: number;
}
interface Sum {
  key: GrainKey;
  counts: { bids: number; wins: number; impressions: number; clicks: number; installs: number };
  /** Micro-units. */
  money: { cost: bigint; revenue: bigint; revenueFinal: bigint };
}

const HOUR_MS = 3_600_000;
const hourIso = (hour: number) => new Date(hour * HOUR_MS).toISOString();

/**
 * Facts summed by the full grain's key (account, campaign, ad group, creative, UTC hour, publisher,
 * country, OS): what one transaction writes. The coarser tables the writer keeps (full grain by day,
 * per creative by hour and by day, by the account's local day) are rolled up from these sums when
 * they are written (`writeSums`). Sums of several batches merge (`StoreWriter`'s window), so facts of the
 * same key arriving close together cost one row update, not one each.
 */
export class FactSums {
  readonly hourly = new Map<string, Sum>();
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
    const id = `${f.advId}|${f.campaignId}|${f.adgroupId}|${f.creativeId}|${hour}|${f.bundle}|${f.country}|${f.os}`;
    let s = this.hourly.get(id);
    if (!s) {
      const key: GrainKey = {
        advId: f.advId,
        campaignId: f.campaignId,
        adgroupId: f.adgroupId,
        creativeId: f.creativeId,
        hour: hourIso(hour),
        bundle: f.bundle,
        country: f.country,
        os: f.os,
      };
      s = {
        key,
        counts: { bids: 0, wins: 0, impressions: 0, clicks: 0, installs: 0 },
        money: { cost: 0n, revenue: 0n, revenueFinal: 0n },
      };
      this.hourly.set(id, s);
    }
    s.counts.bids += f.bids ?? 0;
    s.counts.wins += f.wins ?? 0;
    s.counts.impressions += f.impressions ?? 0;
    s.counts.clicks += f.clicks ?? 0;
    s.counts.installs += f.installs ?? 0;
    if (f.cost !== undefined) s.money.cost += micros(f.cost);
    if (f.revenue !== undefined) s.money.revenue += micros(f.revenue);
    if (f.revenueFinal !== undefined) s.money.revenueFinal += micros(f.revenueFinal);
  }

  merge(other: FactSums): void {
    this.facts += other.facts;
    for (const [id, s] of other.hourly) {
      const t = this.hourly.get(id);
      if (t) {
        t.counts.bids += s.counts.bids;
        t.counts.wins += s.counts.wins;
        t.counts.impressions += s.counts.impressions;
        t.counts.clicks += s.counts.clicks;
        t.counts.installs += s.counts.installs;
        t.money.cost += s.money.cost;
        t.money.revenue += s.money.revenue;
        t.money.revenueFinal += s.money.revenueFinal;
      } else this.hourly.set(id, { key: s.key, counts: { ...s.counts }, money: { ...s.money } });
    }
  }
}

/** The measure columns, in the order of the statement's arrays. */
const MEASURES = ['bids', 'wins', 'impressions', 'clicks', 'cost', 'installs', 'revenue', 'revenue_final'];

/**
 * One rollup of the window's facts (`f`): its key columns and the expression of each over `f`, summed
 * by key, inserted in key order (so every writer takes the rollup's row locks in one order and none
 * deadlock), each measure added to the stored row.
 */
function rollupInsert(table: string, keys: [column: string, expression: string][], where = ''): string {
  const columns = keys.map(([c]) => c).join(', ');
  const positions = keys.map((_, i) => i + 1).join(', ');
  return `${table} as (
    insert into ${table} (${columns}, ${MEASURES.join(', ')})
    select ${keys.map(([, e]) => e).join(', ')}, ${MEASURES.map((m) => `sum(${m})`).join(', ')}
    from f ${where} group by ${positions} order by ${positions}
    on conflict (${columns}) do update set ${MEASURES.map((m) => `${m} = ${table}.${m} + excluded.${m}`).join(', ')})`;
}

const IDS: [string, string][] = [
  ['adv_id', 'adv_id'],
  ['campaign_id', 'campaign_id'],
  ['adgroup_id', 'adgroup_id'],
  ['creative_id', 'creative_id'],
];
const PLACE: [string, string][] = [
  ['bundle', 'bundle'],
  ['country', 'country'],
  ['os', 'os'],
];
const UTC_DAY: [string, string] = ['day', "(hour at time zone 'UTC')::date"];
const [ADV, ...OBJECTS] = IDS;

/**
 * Every table the writer keeps, from the full grain's sums sent once (`f`): the full grain by hour, by
 * UTC day and by the account's local day (accounts not in UTC), and per creative by hour and by day.
 * The statement is fixed; only its arrays change.
 */
const WRITE_FACTS = `
  ${rollupInsert('stats_hourly', [ADV, ['hour', 'hour'], ...OBJECTS, ...PLACE])},
  ${rollupInsert('stats_daily', [ADV, UTC_DAY, ...OBJECTS, ...PLACE])},
  ${rollupInsert('stats_daily_local', [ADV, ['zone', 'zone'], ['day', 'local_day'], ...OBJECTS, ...PLACE], 'where zone is not null')},
  ${rollupInsert('stats_hourly_ad', [ADV, ['hour', 'hour'], ...OBJECTS])},
  ${rollupInsert('stats_daily_ad', [ADV, UTC_DAY, ...OBJECTS])}
  select 1`;

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

/**
 * Writes summed facts (`writeFacts`; `StoreWriter` writes a window's merged sums): the full grain's
 * sums go to the database once, as one array per column, and one statement adds them to every
 * rollup, summed there by each rollup's key; then the running totals.
 */
export async function writeSums(tx: Tx, sums: FactSums): Promise<void> {
  if (sums.facts === 0) return;
  const grain = [...sums.hourly.values()];
  const local = await localDays(
    tx,
    grain.map((s) => s.key),
  );
  /** One array parameter: a value of each sum. */
  const column = <T>(of: (s: Sum, i: number) => T) => sql.param(grain.map(of));
  await tx.execute(sql`with f as materialized (select * from unnest(
      ${column((s) => s.key.advId)}::int[], ${column((s) => s.key.campaignId)}::int[],
      ${column((s) => s.key.adgroupId)}::int[], ${column((s) => s.key.creativeId)}::int[],
      ${column((s) => s.key.hour)}::timestamptz[], ${column((s) => s.key.bundle)}::text[],
      ${column((s) => s.key.country)}::text[], ${column((s) => s.key.os)}::smallint[],
      ${column((s) => s.counts.bids)}::bigint[], ${column((s) => s.counts.wins)}::bigint[],
      ${column((s) => s.counts.impressions)}::bigint[], ${column((s) => s.counts.clicks)}::bigint[],
      ${column((s) => decimal(s.money.cost))}::numeric[], ${column((s) => s.counts.installs)}::bigint[],
      ${column((s) => decimal(s.money.revenue))}::numeric[], ${column((s) => decimal(s.money.revenueFinal))}::numeric[],
      ${column((_, i) => local[i]?.zone ?? null)}::text[], ${column((_, i) => local[i]?.day ?? null)}::date[])
    as f(adv_id, campaign_id, adgroup_id, creative_id, hour, bundle, country, os,
      ${sql.raw(MEASURES.join(', '))}, zone, local_day)),
    ${sql.raw(WRITE_FACTS)}`);
  // The running totals sum by object and UTC day themselves.
  await addToRunningTotals(
    tx,
    grain.map(({ key, counts, money }) => ({
      advId: key.advId,
      campaignId: key.campaignId,
      adgroupId: key.adgroupId,
      creativeId: key.creativeId,
      day: key.hour.slice(0, 10),
      impressions: counts.impressions,
      clicks: counts.clicks,
      installs: counts.installs,
      cost: money.cost,
      revenue: money.revenue,
      revenueFinal: money.revenueFinal,
    })),
  );
}

/**
 * The account's zone and local day of each full-grain sum (`stats_daily_local`), or null for accounts
 * in UTC (their days are the UTC rollup's). The zone is the account's as stored now; a change of zone
 * starts the rollup of the new one (`advertisers.local_stats_from`).
 */
async function localDays(tx: Tx, keys: GrainKey[]): Promise<({ zone: string; day: string } | null)[]> {
  const advIds = [...new Set(keys.map((k) => k.advId))];
  const rows = await tx
    .select({ advId: advertisers.advId, timezone: advertisers.timezone })
    .from(advertisers)
    .where(inArray(advertisers.advId, advIds));
  const zones = new Map(rows.filter((r) => !isUtcZone(r.timezone)).map((r) => [r.advId, r.timezone]));
  const dayOf = new Map<string, { zone: string; day: string }>();
  return keys.map((k) => {
    const zone = zones.get(k.advId);
    if (zone === undefined) return null;
    const at = `${zone}|${k.hour}`;
    let local = dayOf.get(at);
    if (local === undefined) {
      local = { zone, day: localDate(new Date(k.hour), zoneOf(zone)) };
      dayOf.set(at, local);
    }
    return local;
  });
}

/**
 * The first day the local rollup of an account that takes `stored` as its zone now holds whole: the
 * next local day (today's facts so far were summed by the old zone's days).
 */
export const localRollupStart = (stored: string, now: Date = new Date()): string =>
  addDays(localDate(now, zoneOf(stored)), 1);
