import type { SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import type { MoneyView } from '../money-view/schedule';
import type { CohortFact, ConversionFact } from './cohorts';
import { addTracked, type Tracked } from './feed';
import { type HourlyCharge, hourlyCharges, spendSince } from './queries/charges';
import { metricsCte, type RangeContext } from './queries/range-sums';
import { type Deps, factsOf, type LocalRollup } from './queries/report-facts';
import { type BatchSource, type DeliveryFact, writeBatch, writeFacts } from './writer';

/**
 * What the rest of the product asks of the statistics store (decisions 6), and nothing else: the one
 * surface a second engine would implement. Writes carry their source's key (exactly once). Reads come
 * in two kinds: fragments the caller composes into the one statement of its page (the list's sort,
 * count and totals run in the same statement as the metric sums; a column store would answer them as
 * rows keyed by id instead, joined to the page by PostgreSQL), and reads answered as rows.
 * `postgresStore` is the implementation on this database (PostgreSQL and PGlite alike).
 */
export interface StatisticsStore {
  /** A named batch of facts, cohorts and conversions, written once: false when the name was written. */
  writeBatch(
    tx: Tx,
    batch: BatchSource,
    content: { facts: DeliveryFact[]; cohorts?: CohortFact[]; conversions?: ConversionFact[] },
  ): Promise<boolean>;
  /** Facts keyed by a source recorded in the same transaction (tracking's raw rows). */
  writeFacts(tx: Tx, facts: DeliveryFact[]): Promise<void>;
  /** What the tracking writer stored in its transaction, as facts with cost by billing type. */
  addTracked(tx: Tx, tracked: Tracked[]): Promise<number>;
  /** The sums of a range of days per campaign, ad group or creative (`list2`), as a CTE. */
  metricsCte(ctx: RangeContext): SQL;
  /** A report range's facts as rows with local date and hour, signed (custom, bundle, hourly reports). */
  factsOf(deps: Deps, offset: number, money: MoneyView, own?: LocalRollup | null): SQL;
  /** Cost per UTC hour and ad group (what finance charges). */
  hourlyCharges(db: Executor, advId: number, from: Date, to: Date): Promise<HourlyCharge[]>;
  /** Spend since an hour, per account, campaign and ad group (pacing, the delivery state). */
  spendSince(
    db: Executor,
    advId: number,
    since: Date,
  ): Promise<{ total: string; campaigns: Map<number, string>; adgroups: Map<number, string> }>;
}

export const postgresStore: StatisticsStore = {
  writeBatch,
  writeFacts,
  addTracked,
  metricsCte,
  factsOf,
  hourlyCharges,
  spendSince,
};
