import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';

/**
 * The full-grain hourly facts (`stats_hourly`) are partitioned by UTC day (migration 0016): one table per
 * day, `stats_hourly_dYYYYMMDD`, and a default one for facts of a day that has none yet. This keeps them:
 * - `ensureDays` makes the partitions of a range of days (the writer's days ahead, the generator's range),
 *   moving any facts of those days out of the default partition first (a partition cannot be attached
 *   while the default one holds rows of its range);
 * - `dropBefore` drops whole days past the full grain's retention (`STATS_FULL_GRAIN_DAYS`): the
 *   per-creative hours and every daily rollup are kept for good, so lists, the home page and reports in
 *   UTC or by campaign, ad group and creative still answer those days; a report that needs the full
 *   grain's hours of a dropped day is refused (`fullGrainFrom`).
 * Concurrent keepers (several server processes) take turns on an advisory lock.
 */

const DAY_MS = 86_400_000;
const PREFIX = 'stats_hourly_d';
const LOCK = sql`select pg_advisory_xact_lock(hashtext('stats_hourly_partitions'))`;

export const partitionName = (day: string) => `${PREFIX}${day.replaceAll('-', '')}`;
const dayOfName = (name: string) => `${name.slice(14, 18)}-${name.slice(18, 20)}-${name.slice(20, 22)}`;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The days that have a partition, in order. */
export async function partitionDays(db: Executor): Promise<string[]> {
  const result = (await db.execute(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'stats_hourly' and c.relname like ${`${PREFIX}%`}
    order by 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => dayOfName(r.name));
}

/** Makes the partitions of the UTC days [from, to] that are missing; returns the days it made. */
export async function ensureDays(db: Executor, from: string, to: string): Promise<string[]> {
  const have = new Set(await partitionDays(db));
  const missing: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (!have.has(d)) missing.push(d);
  if (missing.length === 0) return [];
  const made: string[] = [];
  for (const day of missing) {
    const created = await db.transaction(async (tx) => {
      await tx.execute(LOCK);
      const name = partitionName(day);
      const exists = (await tx.execute(sql`select 1 from pg_class where relname = ${name}`)) as unknown as {
        rows: unknown[];
      };
      if (exists.rows.length > 0) return false;
      const lo = `${day} 00:00:00+00`;
      const hi = `${addDays(day, 1)} 00:00:00+00`;
      const id = sql.identifier(name);
      await tx.execute(sql`create table ${id} (like stats_hourly including defaults)`);
      await tx.execute(sql`with moved as (delete from stats_hourly_default
          where hour >= ${lo}::timestamptz and hour < ${hi}::timestamptz returning *)
        insert into ${id} select * from moved`);
      await tx.execute(
        sql`alter table stats_hourly attach partition ${id} for values from (${sql.raw(`'${lo}'`)}) to (${sql.raw(`'${hi}'`)})`,
      );
      return true;
    });
    if (created) made.push(day);
  }
  return made;
}

/** Drops the partitions of days before `day` (and such facts in the default one); returns the days dropped. */
export async function dropBefore(db: Executor, day: string): Promise<string[]> {
  const old = (await partitionDays(db)).filter((d) => d < day);
  for (const d of old) {
    await db.transaction(async (tx) => {
      await tx.execute(LOCK);
      await tx.execute(sql`drop table if exists ${sql.identifier(partitionName(d))}`);
    });
  }
  await db.execute(sql`delete from stats_hourly_default where hour < ${`${day} 00:00:00+00`}::timestamptz`);
  return old;
}

export interface PartitionOptions {
  now?: Date;
  /** Days made ahead of today. */
  aheadDays?: number;
  /** Full-grain days kept (today included), or null to keep them all. */
  fullGrainDays: number | null;
}

/**
 * The keeper's round (at start and every hour): yesterday to `aheadDays` ahead exist; old days dropped;
 * the local-day rollup's rows of zones accounts no longer have removed.
 */
export async function keepPartitions(db: Executor, options: PartitionOptions) {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const created = await ensureDays(db, addDays(today, -1), addDays(today, options.aheadDays ?? 3));
  const dropped =
    options.fullGrainDays === null ? [] : await dropBefore(db, fullGrainFrom(options.fullGrainDays, today));
  const formerZoneRows = await dropFormerZones(db);
  return { created, dropped, formerZoneRows };
}

/**
 * Deletes the rows of `stats_daily_local` kept under a zone the account no longer has: after a change
 * of zone nothing reads them (reports read the account's zone, from `local_stats_from`). Only accounts
 * that ever changed zone (`local_stats_from` set) are looked at, each through its key's two ranges
 * either side of its zone, `batch` rows a statement, so the round never holds a long write (PGlite
 * serves everyone on one connection). Returns the rows deleted.
 */
export async function dropFormerZones(db: Executor, batch = 5_000): Promise<number> {
  const changed = (await db.execute(sql`
    select adv_id, timezone from advertisers where local_stats_from > '2000-01-01'`)) as unknown as {
    rows: { adv_id: number; timezone: string }[];
  };
  let deleted = 0;
  for (const { adv_id: advId, timezone } of changed.rows) {
    for (;;) {
      const result = (await db.execute(sql`
        with gone as (delete from stats_daily_local where ctid = any(array(
          select ctid from stats_daily_local
          where (adv_id = ${advId} and zone < ${timezone}) or (adv_id = ${advId} and zone > ${timezone})
          limit ${batch})) returning 1)
        select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
      const n = result.rows[0].n;
      deleted += n;
      if (n < batch) break;
    }
  }
  return deleted;
}

/** The first UTC day whose full-grain hours are kept, for a retention of `days` days. */
export function fullGrainFrom(days: number, today: string = new Date().toISOString().slice(0, 10)): string {
  return addDays(today, -(days - 1));
}

/** Days of full grain this process keeps (`STATS_FULL_GRAIN_DAYS`, set at start), or null for all. */
let keptDays: number | null = null;

export function setFullGrainDays(days: number | null): void {
  keptDays = days;
}

/**
 * Refuses a read of the full grain's hours from `from` on when some of them are past the retention: a
 * report would silently miss them (400 on `start_date`, saying what is kept and what to do instead).
 */
export function assertFullGrain(from: Date, now: Date = new Date()): void {
  if (keptDays === null) return;
  const first = fullGrainFrom(keptDays, now.toISOString().slice(0, 10));
  if (from.getTime() >= Date.parse(`${first}T00:00:00Z`)) return;
  throw new AppError('VALIDATION', {
    data: {
      fields: [
        {
          path: 'start_date',
          message: 'validation.full_grain_expired',
          params: { days: keptDays, from: first },
        },
      ],
    },
  });
}
