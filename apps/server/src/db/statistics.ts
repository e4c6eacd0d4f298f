import type { Database } from './client';

export interface StatisticsOptions {
  /** Rows written since the last ANALYZE that call for a new one. */
  rows?: number;
  /** The shortest time between two (each takes the one PGlite connection for a moment). */
  minIntervalMs?: number;
}

/**
 * Keeps the planner's statistics fresh on PGlite, which has no autovacuum: `ANALYZE` runs after the
 * migrations (`Database.migrate`), after the demo seed, and here once `rows` rows were written since the
 * last one, at most every `minIntervalMs`, behind interactive work. On PostgreSQL autovacuum does this and
 * `analyze()` does nothing.
 */
export class StatisticsKeeper {
  private written = 0;
  private last = Date.now();
  private running: Promise<void> | null = null;
  private readonly rows: number;
  private readonly minIntervalMs: number;

  constructor(
    private readonly database: Pick<Database, 'analyze'>,
    private readonly onError: (err: unknown) => void,
    options: StatisticsOptions = {},
  ) {
    this.rows = options.rows ?? 50_000;
    this.minIntervalMs = options.minIntervalMs ?? 10 * 60_000;
  }

  /** Counts written rows; starts an ANALYZE when enough were written and enough time passed. */
  wrote(rows: number): void {
    this.written += rows;
    if (this.running || this.written < this.rows || Date.now() - this.last < this.minIntervalMs) return;
    this.written = 0;
    this.last = Date.now();
    this.running = this.database
      .analyze()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
  }

  /** Resolves when no ANALYZE is running (shutdown). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
