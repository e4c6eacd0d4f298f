import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * The statistics store (decisions 6): delivery facts at the grain UTC hour × account × campaign × ad
 * group × creative × bundle × country × OS, written by whatever delivers (the stats generator now, the
 * bidder later), with rollups kept beside them in the same transaction: by UTC day at the full grain
 * (reports), by UTC day per creative, and the lists' running totals. Conversions per event stay in
 * `tracking_hourly` (written by the tracking writer, keyed by the same ids as text). Cohorts by install
 * day feed ROAS and retention. Every table leads with `adv_id`, and every query filters by it first, so
 * the store can be distributed by account. No foreign keys: facts outlive what they count.
 *
 * A day of a report's time zone (whole hours) is 24 whole UTC hours: a range reads the UTC days it
 * covers whole from a daily rollup and the hours at its two ends from the hourly facts.
 *
 * The lists keep running totals besides (`stats_cumulative`, `stats_lifetime`): per campaign, ad group
 * and creative, what it delivered from its first day through each UTC day, so the sum of a range of
 * days is two lookups per object instead of a scan of its days.
 */

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/** Money: exact, never a float. */
const amount = (name: string) => numeric(name, { precision: 24, scale: 6 }).notNull().default('0');
const bundle = () => text('bundle').notNull().default('');
const country = () => text('country').notNull().default('');
const os = () => smallint('os').notNull().default(0);

const measures = () => ({
  bids: count('bids'),
  wins: count('wins'),
  impressions: count('impressions'),
  clicks: count('clicks'),
  /** `gmv`: what the account is charged. */
  cost: amount('cost'),
  /** `actives`. */
  installs: count('installs'),
  /** `advertiser_revenue1`: estimated revenue. */
  revenue: amount('revenue'),
  /** `advertiser_final_revenue`. */
  revenueFinal: amount('revenue_final'),
});

const ids = () => ({
  advId: integer('adv_id').notNull(),
  campaignId: integer('campaign_id').notNull(),
  adgroupId: integer('adgroup_id').notNull(),
  creativeId: integer('creative_id').notNull(),
});

export const statsHourly = pgTable(
  'stats_hourly',
  {
    ...ids(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    bundle: bundle(),
    country: country(),
    os: os(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'stats_hourly_pk',
      columns: [t.advId, t.hour, t.campaignId, t.adgroupId, t.creativeId, t.bundle, t.country, t.os],
    }),
  ],
);

/** The full grain by UTC day: reports over days read this instead of 24 hours per day. */
export const statsDaily = pgTable(
  'stats_daily',
  {
    ...ids(),
    day: date('day', { mode: 'string' }).notNull(),
    bundle: bundle(),
    country: country(),
    os: os(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_pk',
      columns: [t.advId, t.day, t.campaignId, t.adgroupId, t.creativeId, t.bundle, t.country, t.os],
    }),
  ],
);

/**
 * The full grain by day of the account's own zone (`zone`, as the account stored it when the facts
 * came): a report by day and publisher, country or OS in the account's zone reads this instead of the
 * UTC rollup corrected by the hours in which the two days differ (a third of them at +08:00). Written
 * beside the UTC rollup for accounts whose zone is not UTC; read from `advertisers.local_stats_from`.
 */
export const statsDailyLocal = pgTable(
  'stats_daily_local',
  {
    ...ids(),
    zone: text('zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bundle: bundle(),
    country: country(),
    os: os(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_local_pk',
      columns: [t.advId, t.zone, t.day, t.campaignId, t.adgroupId, t.creativeId, t.bundle, t.country, t.os],
    }),
  ],
);

/**
 * Per creative by UTC hour (no bundle, country or OS): what a report by days or hours of a zone other
 * than UTC reads when it is not split by publisher, country or OS (a day of such a zone is not a UTC
 * day, so the daily rollups cannot serve it).
 */
export const statsHourlyAd = pgTable(
  'stats_hourly_ad',
  {
    ...ids(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'stats_hourly_ad_pk',
      columns: [t.advId, t.hour, t.campaignId, t.adgroupId, t.creativeId],
    }),
  ],
);

/**
 * Per creative by UTC day (no bundle, country or OS): reports by creative and day, and what a rebuild
 * of the running totals sums.
 */
export const statsDailyAd = pgTable(
  'stats_daily_ad',
  {
    ...ids(),
    day: date('day', { mode: 'string' }).notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_ad_pk',
      columns: [t.advId, t.day, t.campaignId, t.adgroupId, t.creativeId],
    }),
  ],
);

/**
 * Cohorts: the users who installed on `install_day` (UTC) through a creative, and what they did
 * `day_n` days later (0–30): how many were active (retention `d0…d30`) and the revenue they brought
 * (ROAS 1/3/7/14 = revenue of days 0…n-1 over the cohort's cost).
 */
export const statsCohort = pgTable(
  'stats_cohort',
  {
    ...ids(),
    installDay: date('install_day', { mode: 'string' }).notNull(),
    country: country(),
    os: os(),
    dayN: smallint('day_n').notNull(),
    retained: count('retained'),
    revenue: amount('revenue'),
  },
  (t) => [
    primaryKey({
      name: 'stats_cohort_pk',
      columns: [t.advId, t.installDay, t.campaignId, t.adgroupId, t.creativeId, t.country, t.os, t.dayN],
    }),
  ],
);

/** What a running total sums: `stats_cumulative.level` and `stats_lifetime.level`. */
export const STATS_LEVEL = { campaign: 1, adgroup: 2, creative: 3 } as const;

/** The additive measures the lists show (bids and wins are not shown, so not carried). */
const listMeasures = () => ({
  impressions: count('impressions'),
  clicks: count('clicks'),
  cost: amount('cost'),
  installs: count('installs'),
  revenue: amount('revenue'),
  revenueFinal: amount('revenue_final'),
});

const levelObject = () => ({
  advId: integer('adv_id').notNull(),
  /** `STATS_LEVEL`: 1 campaign, 2 ad group, 3 creative. */
  level: smallint('level').notNull(),
  /** The campaign, ad group or creative id. */
  objectId: integer('object_id').notNull(),
});

/**
 * Running totals by UTC day: what a campaign, ad group or creative delivered from its first day with
 * facts through `day` (inclusive). Dense: one row for every day from its first to its last day with
 * facts (`stats_lifetime`), so the total at any day is one exact lookup — the lifetime row past the
 * last day, nothing before the first. The sum over days [a, b] is the row at b minus the row at a − 1.
 * Kept by the writer in the transaction of the facts (a late fact for day D adds to every row from D
 * on). Read by day for a whole account level (`stats_cumulative_day`), written per object (the key).
 */
export const statsCumulative = pgTable(
  'stats_cumulative',
  {
    ...levelObject(),
    day: date('day', { mode: 'string' }).notNull(),
    ...listMeasures(),
  },
  (t) => [
    primaryKey({ name: 'stats_cumulative_pk', columns: [t.advId, t.level, t.objectId, t.day] }),
    index('stats_cumulative_day').on(t.advId, t.level, t.day, t.objectId),
  ],
);

/**
 * Per campaign, ad group and creative: everything it delivered (its running total at `last_day`) and
 * the first and last UTC day with facts, the span `stats_cumulative` covers. Its row is also the lock
 * that serialises writers of one object's running totals.
 */
export const statsLifetime = pgTable(
  'stats_lifetime',
  {
    ...levelObject(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    ...listMeasures(),
  },
  (t) => [primaryKey({ name: 'stats_lifetime_pk', columns: [t.advId, t.level, t.objectId] })],
);

/**
 * The sources a batch writer has written (decisions 6: every write carries its source's key, recorded in
 * the same transaction, so a replay changes nothing): a generator batch now, a bidder's batch later.
 * Tracking's facts are keyed by their raw rows instead (`tracking_touches.click_id`,
 * `tracking_events.dedup_key`), written in the same transaction as the facts they add.
 */
export const statsSources = pgTable(
  'stats_sources',
  {
    advId: integer('adv_id').notNull(),
    /** Who wrote it: `generator`, later `bidder`. */
    source: text('source').notNull(),
    /** The source's own key of the batch. */
    key: text('key').notNull(),
    /** Facts the batch added. */
    facts: integer('facts').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'stats_sources_pk', columns: [t.advId, t.source, t.key] })],
);
