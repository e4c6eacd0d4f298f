import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { advertisers } from './business-centers';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const advId = () =>
  integer('adv_id')
    .notNull()
    .references(() => advertisers.advId, { onDelete: 'cascade' });

/**
 * Apps of an advertiser account. `id` is the spec's `_id` (24 hex). The attribution partner's postback
 * carries `postback_token`; the tracking ingestion sets `last_event_at` (throttled) as events arrive.
 */
export const apps = pgTable(
  'apps',
  {
    id: text('id').primaryKey(),
    advId: advId(),
    name: text('name').notNull(),
    icon: text('icon'),
    bundleId: text('bundle_id').notNull(),
    os: smallint('os').notNull(),
    downloadType: smallint('download_type').notNull(),
    downloadLink: text('download_link').notNull(),
    partner: text('partner').notNull(),
    partnerAppId: text('partner_app_id').notNull(),
    partnerClickUrl: text('partner_click_url').notNull().default(''),
    partnerImpressionUrl: text('partner_impression_url').notNull().default(''),
    postbackToken: text('postback_token').notNull().unique(),
    lastEventAt: at('last_event_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('apps_adv_idx').on(t.advId, t.createdAt),
    uniqueIndex('apps_adv_bundle_uq').on(t.advId, t.os, t.bundleId),
    check('apps_os_chk', sql`${t.os} in (1, 2)`),
    check('apps_download_type_chk', sql`${t.downloadType} in (1, 3)`),
  ],
);

/**
 * Events an app reports: standard (`type` 1, `event_id` = the standard `event_type`) or custom
 * (`type` 2, `event_id` = the advertiser's id, globally unique through `custom_event_ids`).
 */
export const appEvents = pgTable(
  'app_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    advId: advId(),
    type: smallint('type').notNull(),
    eventType: text('event_type').notNull(),
    eventId: text('event_id').notNull(),
    eventName: text('event_name').notNull(),
    lastEventAt: at('last_event_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_events_app_event_uq').on(t.appId, t.eventId),
    index('app_events_adv_idx').on(t.advId),
    check('app_events_type_chk', sql`${t.type} in (1, 2)`),
  ],
);

/**
 * Web pixels. Mode 1 pixel (snippet), 2 API (server to server through an `api_sources` token).
 * `installed_at` is set by the first event after creation or reset, `last_event_at` as events arrive;
 * reset clears both and stamps `reset_at` (statistics in the tracking tables stay). Deleting keeps the
 * row (`deleted_at`) so recorded statistics keep their pixel; the ingestion treats it as unknown.
 */
export const pixels = pgTable(
  'pixels',
  {
    id: text('id').primaryKey(),
    advId: advId(),
    name: text('name').notNull(),
    conversionType: smallint('conversion_type').notNull(),
    mode: smallint('mode').notNull(),
    installedAt: at('installed_at'),
    lastEventAt: at('last_event_at'),
    resetAt: at('reset_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('pixels_adv_idx').on(t.advId, t.createdAt),
    uniqueIndex('pixels_adv_name_uq').on(t.advId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    check('pixels_mode_chk', sql`${t.mode} in (1, 2)`),
    check('pixels_conversion_type_chk', sql`${t.conversionType} between 1 and 4`),
  ],
);

/** Events of a pixel, like `app_events`; reset clears `last_event_at`. */
export const pixelEvents = pgTable(
  'pixel_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pixelId: text('pixel_id')
      .notNull()
      .references(() => pixels.id, { onDelete: 'cascade' }),
    advId: advId(),
    type: smallint('type').notNull(),
    eventType: text('event_type').notNull(),
    eventId: text('event_id').notNull(),
    eventName: text('event_name').notNull(),
    lastEventAt: at('last_event_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pixel_events_pixel_event_uq').on(t.pixelId, t.eventId),
    index('pixel_events_adv_idx').on(t.advId),
    check('pixel_events_type_chk', sql`${t.type} in (1, 2)`),
  ],
);

/**
 * Every custom event id in use, on any app or pixel of any account: the primary key (the id lower-cased)
 * makes them globally unique (spec 5), and concurrent claims of one id cannot both win.
 */
export const customEventIds = pgTable(
  'custom_event_ids',
  {
    eventKey: text('event_key').primaryKey(),
    eventId: text('event_id').notNull(),
    advId: advId(),
    appId: text('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    pixelId: text('pixel_id').references(() => pixels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('custom_event_ids_app_idx').on(t.appId),
    index('custom_event_ids_pixel_idx').on(t.pixelId),
    check('custom_event_ids_owner_chk', sql`(${t.appId} is null) <> (${t.pixelId} is null)`),
  ],
);

/**
 * API event sources: server-to-server access to a pixel's events. Only the SHA-256 of the token is kept
 * (`token_hash`, null once revoked); `token_hint` is its last four characters. One live source per pixel.
 * The events API sets `last_used_at` (throttled).
 */
export const apiSources = pgTable(
  'api_sources',
  {
    id: text('id').primaryKey(),
    advId: advId(),
    pixelId: text('pixel_id')
      .notNull()
      .references(() => pixels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').unique(),
    tokenHint: text('token_hint').notNull(),
    tokenIssuedAt: at('token_issued_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('api_sources_adv_idx').on(t.advId),
    uniqueIndex('api_sources_pixel_live_uq').on(t.pixelId).where(sql`${t.revokedAt} is null`),
  ],
);
