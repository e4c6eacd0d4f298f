import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { apps, pixels } from './assets';
import { advertisers } from './business-centers';

/*
 * Campaigns, ad groups, creatives and audiences of an advertiser account (issue 9), and the change
 * history of the first three. Every table carries `adv_id` and every query filters by it first (the
 * caller reaches the account through `advReach`), so an id of another account is simply not found.
 * Deleting keeps the row (`deleted_at`, delivery status 14) for the statistics and the history.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
const advId = () =>
  integer('adv_id')
    .notNull()
    .references(() => advertisers.advId, { onDelete: 'cascade' });
const createdBy = () => text('created_by').references(() => users.id, { onDelete: 'set null' });

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 2000001 }),
    advId: advId(),
    name: text('name').notNull(),
    /** `CAMPAIGN_TYPES`: install, retargeting, cps. */
    campaignType: text('campaign_type').notNull(),
    /** `PROMOTE_GOALS` of the domain. */
    promoteGoal: text('promote_goal').notNull(),
    /** `OS`: 1 iOS, 2 Android. */
    os: smallint('os').notNull(),
    /** `LINK_TYPE`: 1 app (with `app_id`), 2 link (with `landing_url` and `pixel_id`). */
    linkType: smallint('link_type').notNull(),
    appId: text('app_id').references(() => apps.id, { onDelete: 'restrict' }),
    pixelId: text('pixel_id').references(() => pixels.id, { onDelete: 'restrict' }),
    landingUrl: text('landing_url'),
    /** `BUDGET_TYPE`: 0 daily, 1 lifetime; null = no budget. */
    budgetType: smallint('budget_type'),
    budget: money('budget'),
    /** The switch: true on, false paused. */
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: at('deleted_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_adv_idx').on(t.advId, t.id),
    check('campaigns_os_chk', sql`${t.os} in (1, 2)`),
    check('campaigns_link_type_chk', sql`${t.linkType} in (1, 2)`),
    check('campaigns_budget_chk', sql`(${t.budgetType} is null) = (${t.budget} is null)`),
  ],
);

export const adGroups = pgTable(
  'ad_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 3000001 }),
    advId: advId(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `BIDDING_TYPE`. */
    biddingType: smallint('bidding_type').notNull(),
    /** `BILLING_TYPE`. */
    billingType: smallint('billing_type').notNull(),
    bidPrice: money('bid_price').notNull(),
    budgetType: smallint('budget_type'),
    budget: money('budget'),
    /** `SCHEDULE_TYPE`: 0 continuous (from `start_date` if set), 1 date range. Days of the account's zone. */
    scheduleType: smallint('schedule_type').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** `DAYPARTING`: 0 all day, 1 the grid. */
    daypartingType: smallint('dayparting_type').notNull().default(0),
    /** 168 characters '0'/'1': day 0 = Monday … 6 = Sunday, 24 hours each, in the account's zone. */
    dayparting: text('dayparting'),
    /** ISO 3166-1 alpha-2 codes; empty = everywhere. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** Lowest OS version targeted ("" = any). */
    minOsVersion: text('min_os_version').notNull().default(''),
    audienceInclude: integer('audience_include').array().notNull().default(sql`'{}'::integer[]`),
    audienceExclude: integer('audience_exclude').array().notNull().default(sql`'{}'::integer[]`),
    /** 0 none, 1 allow list, 2 block list (`BUNDLE_LIST_MODE`). */
    bundleMode: smallint('bundle_mode').notNull().default(0),
    bundles: text('bundles').array().notNull().default(sql`'{}'::text[]`),
    /** Per-bundle bid adjustments: `{ bundle, percent }`, percent an integer > -100 and not 0. */
    overbids: jsonb('overbids').$type<{ bundle: string; percent: number }[]>().notNull().default([]),
    searchArbitrage: boolean('search_arbitrage').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: at('deleted_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ad_groups_adv_idx').on(t.advId, t.campaignId, t.id),
    index('ad_groups_campaign_idx').on(t.campaignId),
    check('ad_groups_budget_chk', sql`(${t.budgetType} is null) = (${t.budget} is null)`),
  ],
);

/** Optimisation events of an ad group, each with its bid: one event may be bid once (the key). */
export const adGroupEvents = pgTable(
  'ad_group_events',
  {
    adgroupId: integer('adgroup_id')
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    /** A standard event type or a custom event id of the campaign's app or pixel. */
    eventId: text('event_id').notNull(),
    bid: money('bid').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ad_group_events_pk', columns: [t.adgroupId, t.eventId] })],
);

/** One stored material of a creative, as read from the file's bytes. */
export interface CreativeMaterial {
  /** image, icon, video, endcard, html */
  role: string;
  /** Stored file name (under the uploads folder), or null for inline HTML. */
  file: string | null;
  mime: string;
  size: number;
  width?: number;
  height?: number;
  /** Seconds, for video. */
  duration?: number;
  /** kbps, for video. */
  bitrate?: number;
}

export const creatives = pgTable(
  'creatives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 4000001 }),
    advId: advId(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    adgroupId: integer('adgroup_id')
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `CREATIVE_TYPES`. */
    creativeType: text('creative_type').notNull(),
    materials: jsonb('materials').$type<CreativeMaterial[]>().notNull().default([]),
    /** Inline markup of html and videoHtml creatives (shown only in a sandboxed frame). */
    html: text('html'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    callToAction: text('call_to_action').notNull().default(''),
    /** Third-party tracking (the app's partner links); empty = the product's signed `/t/` URLs. */
    clickUrl: text('click_url').notNull().default(''),
    impressionUrl: text('impression_url').notNull().default(''),
    /** `REVIEW_STATUS`: 0 draft (not committed), 1 in review, 2 rejected, 3 approved. */
    reviewStatus: smallint('review_status').notNull().default(0),
    rejectCode: integer('reject_code'),
    rejectReason: text('reject_reason'),
    committedAt: at('committed_at'),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: at('deleted_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('creatives_adv_idx').on(t.advId, t.adgroupId, t.id),
    index('creatives_adgroup_idx').on(t.adgroupId),
    index('creatives_review_idx').on(t.reviewStatus, t.committedAt).where(sql`${t.reviewStatus} = 1`),
  ],
);

/** Audiences: people who did an event of the account's assets lately, or an uploaded device list. */
export const audiences = pgTable(
  'audiences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 5000001 }),
    advId: advId(),
    name: text('name').notNull(),
    /** 1 from tracking events, 2 uploaded device ids. */
    sourceType: smallint('source_type').notNull(),
    appId: text('app_id'),
    pixelId: text('pixel_id'),
    eventIds: text('event_ids').array().notNull().default(sql`'{}'::text[]`),
    lookbackDays: smallint('lookback_days'),
    /** `AUDIENCE_STATUS`: 0 no valid audience, 1 processing, 2 in effect, 3 not valid. */
    status: smallint('status').notNull().default(1),
    size: integer('size').notNull().default(0),
    builtAt: at('built_at'),
    /** The generation of `audience_members` rows readers see (an upload writes a new one beside it). */
    membersGen: integer('members_gen').notNull().default(0),
    /** The generation of the latest upload; it is being written while `status` is 1 and it is newer. */
    uploadGen: integer('upload_gen').notNull().default(0),
    /** Why the latest build failed (a message key of the domain), or null. */
    buildError: text('build_error'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('audiences_adv_idx').on(t.advId, t.id)],
);

/**
 * Members of an audience: a SHA-256 of the user key or the upper-cased device id, by generation, so an
 * upload is written in chunks beside the members in use and swapped in at once.
 */
export const audienceMembers = pgTable(
  'audience_members',
  {
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    /** Readers take the rows of the audience's `members_gen`; an upload fills a new generation first. */
    gen: integer('gen').notNull().default(0),
    memberHash: text('member_hash').notNull(),
  },
  (t) => [primaryKey({ name: 'audience_members_pk', columns: [t.audienceId, t.gen, t.memberHash] })],
);

/**
 * Change history of campaigns, ad groups and creatives, field by field: one row per changed field
 * (create, edit, switch, delete, review), with the values before and after as display text.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    advId: integer('adv_id').notNull(),
    /** 1 campaign, 2 ad group, 3 creative (`LOG_OBJECT`). */
    objectType: smallint('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    /** `LOG_ACTIONS`: create, update, enable, pause, delete, commit, approve, reject. */
    action: text('action').notNull(),
    field: text('field').notNull().default(''),
    before: text('before'),
    after: text('after'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('change_log_object_idx').on(t.advId, t.objectType, t.objectId, t.id)],
);
