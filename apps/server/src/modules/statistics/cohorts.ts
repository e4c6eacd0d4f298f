import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { statsCohort, trackingHourly } from '../../db/schema';
import { chunks, insertMany } from '../tracking/insert-many';
import { decimal, micros } from './micros';

/**
 * What a batch writer adds beside its delivery facts (`writer.ts` `writeBatch`): cohorts of installs by
 * days since install (`stats_cohort`, retention and ROAS) and conversions per event (`tracking_hourly`),
 * each summed by key in memory and added in key order.
 */

const HOUR_MS = 3_600_000;
const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

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
