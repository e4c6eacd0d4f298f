import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The tracking side: what the public endpoints record. Raw rows (`tracking_touches` for clicks and
 * impressions, `tracking_events` for conversions) and the hourly aggregate the reports read
 * (`tracking_hourly`), written together in one transaction by the ingestion writer. No foreign keys to
 * the asset tables: statistics outlive the assets they were recorded for, and the writer checks the
 * assets before it writes.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
/** Placement dimensions: empty string, not null, so they can be part of unique keys. */
const dim = (name: string) => text(name).notNull().default('');

/** A click or an impression: the id the partner echoes back in its postback (`click_id`). */
export const trackingTouches = pgTable(
  'tracking_touches',
  {
    clickId: text('click_id').primaryKey(),
    /** 1 impression, 2 click, 3 win notice, 4 billing notice (`TOUCH_KIND`). */
    kind: smallint('kind').notNull(),
    advId: integer('adv_id').notNull(),
    appId: dim('app_id'),
    pixelId: dim('pixel_id'),
    campaignId: dim('campaign_id'),
    adgroupId: dim('adgroup_id'),
    creativeId: dim('creative_id'),
    bundle: dim('bundle'),
    country: dim('country'),
    os: smallint('os').notNull().default(0),
    idfa: text('idfa'),
    gaid: text('gaid'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    destination: text('destination'),
    /** The clearing price (CPM) of a win or billing notice, as the exchange filled it in. */
    price: numeric('price', { precision: 20, scale: 6 }),
    /** The exchange of a win or billing notice. */
    exchangeId: integer('exchange_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('tracking_touches_adv_idx').on(t.advId, t.createdAt),
    // The operator's exchanges list: today's notices per exchange.
    index('tracking_touches_exchange_idx')
      .on(t.exchangeId, t.createdAt)
      .where(sql`${t.exchangeId} is not null`),
  ],
);

/** A conversion event (pixel, events API or partner postback), stored once by its dedup key. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The asset and the sender's id of the event (or a hash of what identifies it): unique. */
    dedupKey: text('dedup_key').notNull(),
    /** `pixel`, `api` or `postback`. */
    source: text('source').notNull(),
    advId: integer('adv_id').notNull(),
    appId: dim('app_id'),
    pixelId: dim('pixel_id'),
    /** The asset event it counts as (standard event type or custom event id). */
    eventId: text('event_id').notNull(),
    /** The name the sender used. */
    eventName: text('event_name').notNull(),
    eventTime: at('event_time').notNull(),
    /** The click's time when attributed, else the event time. */
    requestTime: at('request_time').notNull(),
    receivedAt: at('received_at').notNull(),
    clickId: text('click_id'),
    attributed: boolean('attributed').notNull(),
    campaignId: dim('campaign_id'),
    adgroupId: dim('adgroup_id'),
    creativeId: dim('creative_id'),
    bundle: dim('bundle'),
    country: dim('country'),
    os: smallint('os').notNull().default(0),
    userKey: text('user_key').notNull(),
    value: numeric('value', { precision: 20, scale: 6 }),
    currency: text('currency'),
    url: text('url'),
    partner: text('partner'),
    payload: jsonb('payload'),
  },
  (t) => [
    uniqueIndex('tracking_events_dedup_uq').on(t.dedupKey),
    index('tracking_events_pixel_idx').on(t.pixelId, t.eventTime).where(sql`${t.pixelId} <> ''`),
    index('tracking_events_app_idx').on(t.appId, t.eventTime).where(sql`${t.appId} <> ''`),
    index('tracking_events_click_idx').on(t.clickId).where(sql`${t.clickId} is not null`),
    /** A click has one install: a second install for it is a duplicate (never a second CPI charge). */
    uniqueIndex('tracking_events_install_click_uq')
      .on(t.clickId)
      .where(sql`${t.eventId} = 'install' and ${t.clickId} is not null`),
  ],
);

/**
 * Hourly counts, once by event time (`basis` 1) and once by request (click) time (`basis` 2), keyed by
 * advertiser, asset, kind (1 impression, 2 click, 3 event), event and placement.
 */
export const trackingHourly = pgTable(
  'tracking_hourly',
  {
    hour: at('hour').notNull(),
    basis: smallint('basis').notNull(),
    advId: integer('adv_id').notNull(),
    appId: dim('app_id'),
    pixelId: dim('pixel_id'),
    kind: smallint('kind').notNull(),
    eventId: dim('event_id'),
    campaignId: dim('campaign_id'),
    adgroupId: dim('adgroup_id'),
    creativeId: dim('creative_id'),
    bundle: dim('bundle'),
    country: dim('country'),
    os: smallint('os').notNull().default(0),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    /** Distinct users of this key in this hour (`tracking_hourly_users`). */
    uv: bigint('uv', { mode: 'number' }).notNull().default(0),
    /** Events attributed to a click or impression. */
    attributed: bigint('attributed', { mode: 'number' }).notNull().default(0),
    /** Unbounded: sums of many large values must not overflow. */
    value: numeric('value').notNull().default('0'),
    lastEventAt: at('last_event_at').notNull(),
    /**
     * Identifies the row's user set in `tracking_hourly_users` (a hash of the key above). Null on rows
     * written before the user sets were kept for good: their `uv` is all that is known of them.
     */
    keyHash: text('key_hash'),
  },
  (t) => [
    primaryKey({
      name: 'tracking_hourly_pk',
      columns: [
        t.hour,
        t.basis,
        t.advId,
        t.appId,
        t.pixelId,
        t.kind,
        t.eventId,
        t.campaignId,
        t.adgroupId,
        t.creativeId,
        t.bundle,
        t.country,
        t.os,
      ],
    }),
    index('tracking_hourly_pixel_idx').on(t.pixelId, t.hour).where(sql`${t.pixelId} <> ''`),
    index('tracking_hourly_app_idx').on(t.appId, t.hour).where(sql`${t.appId} <> ''`),
    index('tracking_hourly_adv_idx').on(t.advId, t.hour),
  ],
);

/**
 * The distinct users of each `tracking_hourly` row (`key_hash` identifies the row): the reports count
 * the users of a day, or of any group of rows, from these sets. Kept as long as the hourly rows.
 */
export const trackingHourlyUsers = pgTable(
  'tracking_hourly_users',
  {
    keyHash: text('key_hash').notNull(),
    userKey: text('user_key').notNull(),
    hour: at('hour').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tracking_hourly_users_pk', columns: [t.keyHash, t.userKey] }),
    index('tracking_hourly_users_hour_idx').on(t.hour),
  ],
);

/** The live test-events panel: recent attempts per asset, accepted or rejected with the reason. */
export const trackingLog = pgTable(
  'tracking_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    advId: integer('adv_id').notNull(),
    appId: dim('app_id'),
    pixelId: dim('pixel_id'),
    receivedAt: at('received_at').notNull(),
    source: text('source').notNull(),
    accepted: boolean('accepted').notNull(),
    reason: text('reason'),
    /** A refusal's message: a `tracking.*` message key, rendered in the reader's language. */
    message: text('message'),
    /** The message's parameters. */
    params: jsonb('params').$type<Record<string, string | number>>(),
    event: text('event').notNull(),
    eventId: text('event_id'),
    value: text('value'),
    currency: text('currency'),
    clickId: text('click_id'),
    detail: text('detail'),
  },
  (t) => [
    index('tracking_log_pixel_idx').on(t.pixelId, t.id).where(sql`${t.pixelId} <> ''`),
    index('tracking_log_app_idx').on(t.appId, t.id).where(sql`${t.appId} <> ''`),
    index('tracking_log_received_idx').on(t.receivedAt),
  ],
);

/** Secrets of this instance (the click-URL signing key), created on first use and shared by every process. */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
