import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { inBackground } from '../../db/lanes';
import { type CohortFact, type ConversionFact, writeCohorts, writeConversions } from './cohorts';
import { type BatchSource, type DeliveryFact, FactSums, writeSums } from './writer';

/**
 * The store's writer for delivery at volume (the bidder's notices, the generator at scale): named
 * batches from any number of callers gather in memory while the previous window's transaction runs
 * (group commit; `windowMs` adds a linger), summed by key as they arrive, and one transaction writes the
 * window: it claims every batch's name in `stats_sources`
 * first (a name already there is a replay: that batch is left out of the sums), then adds the merged sums
 * to the facts, the rollups and the running totals. Callers are answered after the commit: `true` when
 * their batch was written, `false` when it had been before.
 *
 * Why a window rather than a transaction per caller: concurrent transactions that add to the same rows
 * (the hour and day rows of the same creatives, the same campaigns' running totals) wait on each
 * other's row locks, so four writers were slower than one; merged, the same key arriving from many
 * callers costs one row update, and one transaction at a time takes no lock another one waits for.
 */

export interface StoreWriterOptions {
  /**
   * How long batches gather before a transaction writes them when none is being written (0: at once).
   * While one is, the next window gathers until it commits (group commit), so under load windows grow
   * by themselves and a lone caller waits for nothing.
   */
  windowMs?: number;
  /** A window closes early once this many facts wait. */
  maxFacts?: number;
  /** Most facts waiting in all; beyond it `write` is refused (`StoreBusy`) until the writer catches up. */
  maxQueue?: number;
}

/** The writer is behind: the caller should retry the same batch (same name) shortly. */
export class StoreBusy extends Error {
  constructor() {
    super('The statistics store is behind; retry the batch in a moment.');
  }
}

interface Pending {
  batch: BatchSource;
  sums: FactSums;
  cohorts: CohortFact[];
  conversions: ConversionFact[];
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

const nameOf = (b: BatchSource) => `${b.advId}\u0001${b.source}\u0001${b.key}`;

export class StoreWriter {
  private pending: Pending[] = [];
  private waitingFacts = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly windowMs: number;
  private readonly maxFacts: number;
  private readonly maxQueue: number;

  constructor(
    private readonly db: Db,
    options: StoreWriterOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 0;
    this.maxFacts = options.maxFacts ?? 50_000;
    this.maxQueue = options.maxQueue ?? 1_000_000;
  }

  /** Writes a named batch once: true when written now, false when that name was written before. */
  write(
    batch: BatchSource,
    content: { facts: DeliveryFact[]; cohorts?: CohortFact[]; conversions?: ConversionFact[] },
  ): Promise<boolean> {
    if (this.waitingFacts + content.facts.length > this.maxQueue) return Promise.reject(new StoreBusy());
    // Summed now, outside any transaction, while the previous window is being written.
    const sums = FactSums.of(content.facts);
    return new Promise((resolve, reject) => {
      this.pending.push({
        batch,
        sums,
        cohorts: content.cohorts ?? [],
        conversions: content.conversions ?? [],
        resolve,
        reject,
      });
      this.waitingFacts += content.facts.length;
      this.schedule();
    });
  }

  /** Resolves when every batch given so far is written (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.flushing) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.flush();
      }
      await (this.flushing ?? Promise.resolve());
    }
  }

  private schedule() {
    if (this.flushing) return;
    if (this.waitingFacts >= this.maxFacts) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.flush();
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.flush();
      }, this.windowMs);
    }
    // (`setTimeout` of 0 still lets the batches given in this turn of the event loop join the window.)
  }

  private flush() {
    const window = this.pending;
    this.pending = [];
    this.waitingFacts = 0;
    if (window.length === 0) return;
    this.flushing = inBackground(() => this.writeWindow(window)).finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.schedule();
    });
  }

  private async writeWindow(window: Pending[], attempt = 0): Promise<void> {
    try {
      const written = await this.db.transaction((tx) => writeWindow(tx, window));
      window.forEach((p, i) => {
        p.resolve(written[i]);
      });
    } catch (error) {
      if (attempt < 3 && isRetryable(error)) return this.writeWindow(window, attempt + 1);
      for (const p of window) p.reject(error);
    }
  }
}

/** One window's transaction: claims the names, then writes the claimed batches' merged sums. */
async function writeWindow(tx: Tx, window: Pending[]): Promise<boolean[]> {
  // The first of a name in the window is tried; a later one in the same window is a replay.
  const first = new Map<string, number>();
  window.forEach((p, i) => {
    if (!first.has(nameOf(p.batch))) first.set(nameOf(p.batch), i);
  });
  const tried = [...first.values()].map((i) => window[i]);
  const result = (await tx.execute(sql`
    insert into stats_sources (adv_id, source, key, facts)
    select * from unnest(
      ${sql.param(tried.map((p) => p.batch.advId))}::int[],
      ${sql.param(tried.map((p) => p.batch.source))}::text[],
      ${sql.param(tried.map((p) => p.batch.key))}::text[],
      ${sql.param(tried.map((p) => p.sums.facts))}::int[])
    on conflict do nothing
    returning adv_id, source, key`)) as unknown as {
    rows: { adv_id: number; source: string; key: string }[];
  };
  const claimed = new Set(
    result.rows.map((r) => nameOf({ advId: Number(r.adv_id), source: r.source, key: r.key })),
  );
  const written = window.map((p, i) => first.get(nameOf(p.batch)) === i && claimed.has(nameOf(p.batch)));
  const sums = new FactSums();
  const cohorts: CohortFact[] = [];
  const conversions: ConversionFact[] = [];
  window.forEach((p, i) => {
    if (!written[i]) return;
    sums.merge(p.sums);
    cohorts.push(...p.cohorts);
    conversions.push(...p.conversions);
  });
  await writeSums(tx, sums);
  await writeCohorts(tx, cohorts);
  await writeConversions(tx, conversions);
  return written;
}

function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
}
