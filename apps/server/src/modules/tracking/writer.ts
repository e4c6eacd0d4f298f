import { LIVE_EVENTS_LIMIT } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { inBackground } from '../../db/lanes';
import { trackingEvents, trackingLog, trackingTouches } from '../../db/schema';
import type { Tracked } from '../statistics/feed';
import { postgresStore as store } from '../statistics/store';
import { addToHourly, placementOf } from './hourly';
import { byString, chunks, insertMany } from './insert-many';
import { markRecording } from './recording';
import { TOUCH_KIND } from './touch-kind';

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

export { TOUCH_KIND } from './touch-kind';

interface Pending {
  item: IngestItem;
  resolve: (outcome: IngestOutcome) => void;
  reject: (error: unknown) => void;
}

export interface WriterOptions {
  /** Most items written in one transaction. */
  maxBatch?: number;
  /**
   * Aim each transaction at about this long (PGlite, where console queries wait for it): the next batch
   * takes as many items as the recent ones wrote in that time, between `minBatch` and `maxBatch`.
   */
  targetBatchMs?: number;
  /** Fewest items a time-bounded batch takes while more wait. */
  minBatch?: number;
  /**
   * Under steady load, how long the next batch may wait to gather `minBatch` items after a commit: fewer,
   * fuller transactions leave PGlite's connection free for the console more of the time.
   */
  lingerMs?: number;
  /** Told how many items each committed transaction wrote (statistics upkeep). */
  onCommitted?: (items: number) => void;
  /** Most items waiting; beyond it new requests are refused with `WriterBusy`. */
  maxQueue?: number;
  /** Transactions in flight at once (PGlite has one connection: 1). */
  parallel?: number;
}

/**
 * The one way tracking data reaches the database. Items submitted while a transaction is in flight wait
 * and go together in the next one (group commit), so thousands of small requests a second cost a few
 * transactions. Each transaction stores the raw rows (a repeated dedup key or click id is skipped and
 * answered `duplicate`), adds them to the hourly aggregate and to the statistics store (`addTracked`:
 * impressions, clicks, installs, cost and revenue), writes the live-panel entries and marks the
 * assets as recording; a sender is answered only after it commits, so an acknowledged event is durable
 * and counted exactly once. A failed batch is split and retried so one bad item fails alone.
 */
export class IngestWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly minBatch: number;
  private readonly targetBatchMs: number | null;
  /** Recent milliseconds per item inside a transaction (a moving average), for the time bound. */
  private msPerItem: number | null = null;
  private readonly maxQueue: number;
  private readonly parallel: number;
  private readonly onCommitted?: (items: number) => void;
  private readonly lingerMs: number;
  private lingering: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: WriterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.minBatch = Math.min(options.minBatch ?? 50, this.maxBatch);
    this.targetBatchMs = options.targetBatchMs ?? null;
    this.maxQueue = options.maxQueue ?? 50_000;
    this.parallel = options.parallel ?? 1;
    this.onCommitted = options.onCommitted;
    this.lingerMs = options.lingerMs ?? 0;
  }

  /** How many items the next transaction takes: `maxBatch`, or what fits the time bound. */
  private batchSize(): number {
    return batchSize({
      max: this.maxBatch,
      min: this.minBatch,
      targetMs: this.targetBatchMs,
      msPerItem: this.msPerItem,
    });
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
    if (this.lingering && this.queue.length >= this.minBatch) {
      clearTimeout(this.lingering);
      this.lingering = null;
    }
    if (this.scheduled || this.lingering) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    this.lingering = null;
    while (this.inFlight < this.parallel && this.queue.length > this.inFlight) {
      this.inFlight++;
      // Background work: on PGlite console queries go before the next batch (pglite-scheduler.ts).
      void inBackground(() => this.flush(null)).finally(() => {
        this.inFlight--;
        if (this.queue.length >= this.minBatch || (this.queue.length > 0 && !this.lingerMs)) this.pump();
        else if (this.queue.length > 0) this.lingering ??= setTimeout(() => this.pump(), this.lingerMs);
        else if (this.inFlight === 0) for (const done of this.idle.splice(0)) done();
      });
    }
  }

  /** Learns the cost per item from a transaction's own time (not its wait for the connection). */
  private timed(items: number, ms: number) {
    if (this.targetBatchMs === null || items === 0) return;
    const perItem = ms / items;
    this.msPerItem = this.msPerItem === null ? perItem : 0.7 * this.msPerItem + 0.3 * perItem;
  }

  /**
   * Writes a batch in one transaction: the given one (a retry), or, with `null`, what is queued once the
   * transaction has begun. A commit answers a whole batch of senders at once, and their next requests
   * arrive together while the next transaction opens: taken after its `begin`, they go in it, not the one
   * after (`npm run bench`, PostgreSQL: about 190 events a transaction instead of 100, in the same 25 ms).
   */
  private async flush(given: Pending[] | null, attempt = 0): Promise<void> {
    let batch: Pending[] = given ?? [];
    try {
      const outcomes = await this.db.transaction(async (tx) => {
        if (!given) batch = this.queue.splice(0, this.batchSize());
        const started = performance.now();
        const written = await writeBatch(
          tx,
          batch.map((p) => p.item),
        );
        this.timed(batch.length, performance.now() - started);
        return written;
      });
      batch.forEach((p, i) => {
        p.resolve(outcomes[i]);
      });
      this.onCommitted?.(batch.length);
    } catch (error) {
      // Failed before it took its batch (no connection): the batch fails with it, as a given one would.
      if (!given && batch.length === 0) batch = this.queue.splice(0, this.batchSize());
      if (batch.length === 0) return;
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

/**
 * The size of the next batch: `max` without a time bound; with one, what fits `targetMs` at the recent
 * cost per item (`min` until that is known), never below `min` nor above `max`.
 */
export function batchSize(o: {
  max: number;
  min: number;
  targetMs: number | null;
  msPerItem: number | null;
}) {
  if (o.targetMs === null) return o.max;
  if (o.msPerItem === null) return o.min;
  return Math.max(o.min, Math.min(o.max, Math.floor(o.targetMs / o.msPerItem)));
}

function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
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
      // Any key: the event's own, or a second install for a click (`tracking_events_install_click_uq`).
      sql`on conflict do nothing returning dedup_key as key`,
    );
    for (const r of inserted) storedKeys.add(r.key as string);
  }
  for (const [key, i] of firstByKey) outcomes[i] = storedKeys.has(key) ? 'stored' : 'duplicate';

  // Raw clicks and impressions, by their id (fresh, or a notice's: the first of an id in the batch is
  // tried, later ones are duplicates).
  const touchIdx = items.flatMap((item, i) => (item.kind === 'touch' ? [i] : []));
  const firstTouch = new Map<string, number>();
  for (const i of touchIdx) {
    const id = (items[i] as Extract<IngestItem, { kind: 'touch' }>).row.clickId;
    if (!firstTouch.has(id)) firstTouch.set(id, i);
  }
  const touchRows = [...firstTouch.values()]
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
    outcomes[i] =
      firstTouch.get(row.clickId) === i && storedTouches.has(row.clickId) ? 'stored' : 'duplicate';
  }

  await addToHourly(tx, items, outcomes);
  await store.addTracked(tx, trackedOf(items, outcomes));

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

/**
 * What this transaction stored, as the statistics store takes it (placements as the hourly counts read
 * them). `Object.assign` rather than a spread of the placement, which cost about 7 µs an event.
 */
const TRACKED_TOUCH: Record<number, 'impression' | 'click' | 'win' | 'bill'> = {
  [TOUCH_KIND.impression]: 'impression',
  [TOUCH_KIND.click]: 'click',
  [TOUCH_KIND.win]: 'win',
  [TOUCH_KIND.bill]: 'bill',
};

function trackedOf(items: IngestItem[], outcomes: IngestOutcome[]): Tracked[] {
  const tracked: Tracked[] = [];
  items.forEach((item, i) => {
    if (outcomes[i] !== 'stored') return;
    if (item.kind === 'touch') {
      const r = item.row;
      tracked.push(
        Object.assign(placementOf(r), {
          kind: TRACKED_TOUCH[r.kind],
          at: r.createdAt,
          price: r.price ?? null,
        }),
      );
    } else if (item.kind === 'event') {
      const r = item.row;
      tracked.push(
        Object.assign(placementOf(r), {
          kind: 'event' as const,
          eventId: r.eventId,
          attributed: r.attributed ?? false,
          at: r.eventTime,
          value: r.value ?? null,
          currency: r.currency ?? null,
          userKey: r.userKey,
        }),
      );
    }
  });
  return tracked;
}
