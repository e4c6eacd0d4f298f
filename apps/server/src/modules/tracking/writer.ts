import { createHash } from 'node:crypto';
import { LIVE_EVENTS_LIMIT } from '@scaler/domain';
import { and, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import {
  apiSources,
  appEvents,
  apps,
  pixelEvents,
  pixels,
  trackingEvents,
  trackingHourly,
  trackingHourlyUsers,
  trackingLog,
  trackingTouches,
} from '../../db/schema';
import { sumDecimals } from '../assets/reports/decimal';
import { addressKey } from './values';

export type EventRow = typeof trackingEvents.$inferInsert;
export type TouchRow = typeof trackingTouches.$inferInsert;
export type LogRow = typeof trackingLog.$inferInsert;

/** What the endpoints hand to the writer. */
export type IngestItem =
  /** A conversion; its log entry is written as accepted, or as a duplicate when the key was seen. */
  | { kind: 'event'; row: EventRow; log: LogRow; apiSourceId?: string }
  /** A click or impression. */
  | { kind: 'touch'; row: TouchRow; log?: LogRow }
  /** Only a live-panel entry (a rejected attempt). */
  | { kind: 'log'; log: LogRow };

export type IngestOutcome = 'stored' | 'duplicate' | 'logged';

/** The writer's queue is full: the sender should retry shortly. */
export class WriterBusy extends Error {
  constructor() {
    super('Too many events are waiting to be stored; retry in a moment.');
  }
}

export const TOUCH_KIND = { impression: 1, click: 2 } as const;
export const HOURLY_KIND = { impression: 1, click: 2, event: 3 } as const;
export const BASIS = { event: 1, request: 2 } as const;

/** Asset timestamps move at most once a minute per row: enough for the 24-hour recording status. */
const TOUCH_THROTTLE = sql`interval '60 seconds'`;
const HOUR_MS = 3_600_000;
const CHUNK = 500;

interface Pending {
  item: IngestItem;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: unknown) => void;
}

export interface WriterOptions {
  /** Most items written in one transaction. */
  maxBatch?: number;
  /** Most items waiting; beyond it new requests are refused with `WriterBusy`. */
  maxQueue?: number;
  /** Transactions in flight at once (PGlite has one connection: 1). */
  parallel?: number;
}

/**
 * The one way tracking data reaches the database. Items submitted while a transaction is in flight wait
 * and go together in the next one (group commit), so thousands of small requests a second cost a few
 * transactions. Each transaction stores the raw rows (a repeated dedup key or click id is skipped and
 * answered `duplicate`), adds them to the hourly aggregate, writes the live-panel entries and marks the
 * assets as recording; a sender is answered only after it commits, so an acknowledged event is durable
 * and counted exactly once. A failed batch is split and retried so one bad item fails alone.
 */
export class IngestWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly maxQueue: number;
  private readonly parallel: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: WriterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxQueue = options.maxQueue ?? 50_000;
    this.parallel = options.parallel ?? 1;
  }

  /** Writes the items; resolves, item by item, once their transaction has committed. */
  submit(items: IngestItem[]): Promise<IngestOutcome[]> {
    // Past the limit the database is not keeping up: refuse at once (503, retry later) rather than
    // queueing without bound and answering everyone late.
    if (this.queue.length + items.length > this.maxQueue && items.some((i) => i.kind !== 'log')) {
      return Promise.reject(new WriterBusy());
    }
    const promises = items.map(
      (item) =>
        new Promise<IngestOutcome>((resolve, reject) => {
          this.queue.push({ item, resolve, reject });
        }),
    );
    this.schedule();
    return Promise.all(promises);
  }

  /** Writes live-panel entries without waiting (a lost entry is only a missing line in the panel). */
  logOnly(logs: LogRow[]): void {
    if (logs.length === 0) return;
    this.submit(logs.map((log) => ({ kind: 'log', log }))).catch((err) =>
      this.log.warn({ err }, 'tracking log entries not written'),
    );
  }

  /** Resolves when nothing is queued or in flight (shutdown, tests). */
  drain(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.parallel && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.pump();
        else if (this.inFlight === 0) for (const done of this.idle.splice(0)) done();
      });
    }
  }

  private async flush(batch: Pending[], attempt = 0): Promise<void> {
    try {
      const outcomes = await this.db.transaction((tx) =>
        writeBatch(
          tx,
          batch.map((p) => p.item),
        ),
      );
      batch.forEach((p, i) => {
        p.resolve(outcomes[i]);
      });
    } catch (error) {
      // A deadlock or serialization failure is worth retrying as is (a few times).
      if (attempt < 3 && isRetryable(error)) return this.flush(batch, attempt + 1);
      if (batch.length === 1) {
        this.log.error({ err: error }, 'tracking item not written');
        batch[0].reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.flush(batch.slice(0, half), attempt);
      await this.flush(batch.slice(half), attempt);
    }
  }
}

function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
}

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

interface HourlyKey {
  hour: Date;
  basis: number;
  advId: number;
  appId: string;
  pixelId: string;
  kind: number;
  eventId: string;
  campaignId: string;
  adgroupId: string;
  creativeId: string;
  bundle: string;
  country: string;
  os: number;
}

interface HourlyAcc {
  key: HourlyKey;
  hash: string;
  count: number;
  attributed: number;
  values: string[];
  last: Date;
  uv: number;
}

const keyString = (k: HourlyKey) =>
  [
    k.hour.toISOString(),
    k.basis,
    k.advId,
    k.appId,
    k.pixelId,
    k.kind,
    k.eventId,
    k.campaignId,
    k.adgroupId,
    k.creativeId,
    k.bundle,
    k.country,
    k.os,
  ].join('\u0001');

const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

const byString =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/**
 * A multi-row insert as one statement with one array parameter per column (`insert ... select * from
 * unnest($1::text[], ...)`): the cost of building it does not grow with the number of parameters, which
 * matters at thousands of rows a second. Columns a row leaves out take the column's default value.
 */
async function insertMany(
  tx: Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
  tail: SQL,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => r[key] !== undefined),
  );
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const arrays = columns.map(([key, column]) => {
    const type = column.getSQLType();
    const json = type === 'jsonb';
    const values = rows.map((r) => {
      const v = r[key] === undefined ? (column.default ?? null) : r[key];
      if (v === null) return null;
      if (v instanceof Date) return v.toISOString();
      return json ? JSON.stringify(v) : v;
    });
    return json
      ? sql`${sql.param(values)}::text[]::jsonb[]`
      : sql`${sql.param(values)}::${sql.raw(type.replace('bigserial', 'bigint'))}[]`;
  });
  const result = await tx.execute(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)}) ${tail}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** One transaction's work; every multi-row write goes in a fixed order of keys, so writers never deadlock. */
async function writeBatch(tx: Tx, items: IngestItem[]): Promise<IngestOutcome[]> {
  const outcomes: IngestOutcome[] = items.map(() => 'logged');

  // Raw events: the first of a key in the batch is tried, later ones are duplicates.
  const firstByKey = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.kind !== 'event') return;
    if (firstByKey.has(item.row.dedupKey)) outcomes[i] = 'duplicate';
    else firstByKey.set(item.row.dedupKey, i);
  });
  const eventRows = [...firstByKey.values()]
    .map((i) => (items[i] as Extract<IngestItem, { kind: 'event' }>).row)
    .sort(byString((r) => r.dedupKey));
  const storedKeys = new Set<string>();
  for (const part of chunks(eventRows)) {
    const inserted = await insertMany(
      tx,
      trackingEvents,
      part,
      sql`on conflict (dedup_key) do nothing returning dedup_key as key`,
    );
    for (const r of inserted) storedKeys.add(r.key as string);
  }
  for (const [key, i] of firstByKey) outcomes[i] = storedKeys.has(key) ? 'stored' : 'duplicate';

  // Raw clicks and impressions, by their fresh id.
  const touchIdx = items.flatMap((item, i) => (item.kind === 'touch' ? [i] : []));
  const touchRows = touchIdx
    .map((i) => (items[i] as Extract<IngestItem, { kind: 'touch' }>).row)
    .sort(byString((r) => r.clickId));
  const storedTouches = new Set<string>();
  for (const part of chunks(touchRows)) {
    const inserted = await insertMany(
      tx,
      trackingTouches,
      part,
      sql`on conflict (click_id) do nothing returning click_id as id`,
    );
    for (const r of inserted) storedTouches.add(r.id as string);
  }
  for (const i of touchIdx) {
    const row = (items[i] as Extract<IngestItem, { kind: 'touch' }>).row;
    outcomes[i] = storedTouches.has(row.clickId) ? 'stored' : 'duplicate';
  }

  // The hourly aggregate of what was stored, once per time basis.
  const acc = new Map<string, HourlyAcc>();
  const users: { keyHash: string; userKey: string; hour: Date }[] = [];
  const add = (key: HourlyKey, value: string | null, attributed: boolean, at: Date, userKey: string) => {
    const ks = keyString(key);
    let a = acc.get(ks);
    if (!a) {
      a = {
        key,
        hash: createHash('sha1').update(ks).digest('base64url'),
        count: 0,
        attributed: 0,
        values: [],
        last: at,
        uv: 0,
      };
      acc.set(ks, a);
    }
    a.count++;
    if (attributed) a.attributed++;
    if (value !== null) a.values.push(value);
    if (at > a.last) a.last = at;
    users.push({ keyHash: a.hash, userKey, hour: key.hour });
  };
  items.forEach((item, i) => {
    if (outcomes[i] !== 'stored') return;
    if (item.kind === 'event') {
      const r = item.row;
      const base = {
        advId: r.advId,
        appId: r.appId ?? '',
        pixelId: r.pixelId ?? '',
        kind: HOURLY_KIND.event,
        eventId: r.eventId,
        campaignId: r.campaignId ?? '',
        adgroupId: r.adgroupId ?? '',
        creativeId: r.creativeId ?? '',
        bundle: r.bundle ?? '',
        country: r.country ?? '',
        os: r.os ?? 0,
      };
      const value = r.value ?? null;
      add(
        { ...base, hour: hourOf(r.eventTime), basis: BASIS.event },
        value,
        r.attributed,
        r.receivedAt,
        r.userKey,
      );
      add(
        { ...base, hour: hourOf(r.requestTime), basis: BASIS.request },
        value,
        r.attributed,
        r.receivedAt,
        r.userKey,
      );
    } else if (item.kind === 'touch') {
      const r = item.row;
      const userKey = r.idfa || r.gaid || addressKey(r.ip ?? '', r.userAgent ?? '');
      for (const basis of [BASIS.event, BASIS.request]) {
        add(
          {
            hour: hourOf(r.createdAt),
            basis,
            advId: r.advId,
            appId: r.appId ?? '',
            pixelId: r.pixelId ?? '',
            kind: r.kind,
            eventId: '',
            campaignId: r.campaignId ?? '',
            adgroupId: r.adgroupId ?? '',
            creativeId: r.creativeId ?? '',
            bundle: r.bundle ?? '',
            country: r.country ?? '',
            os: r.os ?? 0,
          },
          null,
          false,
          r.createdAt,
          userKey,
        );
      }
    }
  });

  if (acc.size > 0) {
    const uniqueUsers = new Map(users.map((u) => [`${u.keyHash}\u0001${u.userKey}`, u]));
    const userRows = [...uniqueUsers.values()].sort(byString((u) => `${u.keyHash}\u0001${u.userKey}`));
    const newUsers = new Map<string, number>();
    for (const part of chunks(userRows)) {
      const inserted = await insertMany(
        tx,
        trackingHourlyUsers,
        part,
        sql`on conflict do nothing returning key_hash as "keyHash"`,
      );
      for (const r of inserted) {
        const hash = r.keyHash as string;
        newUsers.set(hash, (newUsers.get(hash) ?? 0) + 1);
      }
    }
    const rows = [...acc.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, a]) => ({
        ...a.key,
        count: a.count,
        uv: newUsers.get(a.hash) ?? 0,
        attributed: a.attributed,
        value: a.values.length > 0 ? sumDecimals(a.values, 6) : '0',
        lastEventAt: a.last,
      }));
    for (const part of chunks(rows)) {
      await insertMany(
        tx,
        trackingHourly,
        part,
        sql`on conflict on constraint tracking_hourly_pk do update set
          count = tracking_hourly.count + excluded.count,
          uv = tracking_hourly.uv + excluded.uv,
          attributed = tracking_hourly.attributed + excluded.attributed,
          value = tracking_hourly.value + excluded.value,
          last_event_at = greatest(tracking_hourly.last_event_at, excluded.last_event_at)`,
      );
    }
  }

  // Live-panel entries: accepted, or the duplicate the sender was told about. The panel shows the newest
  // few per asset, so of a large batch only the newest of each asset are kept; refusals are all kept.
  const logs: LogRow[] = [];
  const perAsset = new Map<string, number>();
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (!item.log) continue;
    if (item.kind !== 'log') {
      const asset = `${item.log.appId ?? ''}/${item.log.pixelId ?? ''}`;
      const seen = perAsset.get(asset) ?? 0;
      if (seen >= LIVE_EVENTS_LIMIT) continue;
      perAsset.set(asset, seen + 1);
    }
    logs.push(outcomes[i] === 'duplicate' ? { ...item.log, accepted: false, reason: 'duplicate' } : item.log);
  }
  logs.reverse();
  for (const part of chunks(logs)) await insertMany(tx, trackingLog, part, sql``);

  await markRecording(tx, items, outcomes);
  return outcomes;
}

/** Sets `installed_at` and `last_event_at` of the assets and events that just received a stored event. */
async function markRecording(tx: Tx, items: IngestItem[], outcomes: IngestOutcome[]) {
  const pixelIds = new Set<string>();
  const appIds = new Set<string>();
  const pixelEventKeys = new Map<string, [string, string]>();
  const appEventKeys = new Map<string, [string, string]>();
  const sourceIds = new Set<string>();
  let now = new Date(0);
  items.forEach((item, i) => {
    if (item.kind !== 'event' || outcomes[i] !== 'stored') return;
    const r = item.row;
    if (r.receivedAt > now) now = r.receivedAt;
    if (r.pixelId) {
      pixelIds.add(r.pixelId);
      pixelEventKeys.set(`${r.pixelId}/${r.eventId}`, [r.pixelId, r.eventId]);
    }
    if (r.appId) {
      appIds.add(r.appId);
      appEventKeys.set(`${r.appId}/${r.eventId}`, [r.appId, r.eventId]);
    }
    if (item.apiSourceId) sourceIds.add(item.apiSourceId);
  });
  const stale = (column: AnyPgColumn) =>
    or(isNull(column), lt(column, sql`${now}::timestamptz - ${TOUCH_THROTTLE}`));
  const pairs = (keys: Map<string, [string, string]>) =>
    sql.join(
      [...keys.keys()].sort().map((k) => {
        const [owner, eventId] = keys.get(k) as [string, string];
        return sql`(${owner}, ${eventId})`;
      }),
      sql`, `,
    );

  if (pixelIds.size > 0) {
    await tx
      .update(pixels)
      .set({ lastEventAt: now, installedAt: sql`coalesce(${pixels.installedAt}, ${now}::timestamptz)` })
      .where(
        and(
          inArray(pixels.id, [...pixelIds].sort()),
          or(isNull(pixels.installedAt), stale(pixels.lastEventAt)),
        ),
      );
    await tx
      .update(pixelEvents)
      .set({ lastEventAt: now })
      .where(
        and(
          sql`(${pixelEvents.pixelId}, ${pixelEvents.eventId}) in (${pairs(pixelEventKeys)})`,
          stale(pixelEvents.lastEventAt),
        ),
      );
  }
  if (appIds.size > 0) {
    await tx
      .update(apps)
      .set({ lastEventAt: now })
      .where(and(inArray(apps.id, [...appIds].sort()), stale(apps.lastEventAt)));
    await tx
      .update(appEvents)
      .set({ lastEventAt: now })
      .where(
        and(
          sql`(${appEvents.appId}, ${appEvents.eventId}) in (${pairs(appEventKeys)})`,
          stale(appEvents.lastEventAt),
        ),
      );
  }
  if (sourceIds.size > 0) {
    await tx
      .update(apiSources)
      .set({ lastUsedAt: now })
      .where(and(inArray(apiSources.id, [...sourceIds].sort()), stale(apiSources.lastUsedAt)));
  }
}
