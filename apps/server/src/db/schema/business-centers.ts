import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './accounts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Company fields of spec 3, shared by business centers and advertiser accounts. */
const companyColumns = () => ({
  companyName: text('company_name').notNull().default(''),
  profession: text('profession').notNull().default('other'),
  currency: text('currency').notNull().default('USD'),
  timezone: text('timezone').notNull().default('+00:00'),
  targetLocation: text('target_location').notNull().default(''),
  website: text('website').notNull().default(''),
  taxNumber: text('tax_number').notNull().default(''),
  licenseNo: text('license_no').notNull().default(''),
  contactName: text('contact_name').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  phone: text('phone').notNull().default(''),
});

/** Business centers (orgs). `org_id` is numeric, six digits, from 100001. */
export const orgs = pgTable(
  'orgs',
  {
    orgId: integer('org_id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    orgName: text('org_name').notNull(),
    orgType: smallint('org_type').notNull(),
    orgStatus: smallint('org_status').notNull(),
    avatar: text('avatar'),
    ...companyColumns(),
    showCommission: boolean('show_commission').notNull().default(false),
    commissionRate: numeric('commission_rate', { precision: 7, scale: 4 }).notNull().default('0'),
    useCommission: boolean('use_commission').notNull().default(false),
    commissionEffectiveAt: timestamp('commission_effective_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orgs_type_chk', sql`${t.orgType} in (1, 2)`),
    check('orgs_status_chk', sql`${t.orgStatus} between 0 and 4`),
  ],
);

export const orgMembers = pgTable(
  'org_members',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgRole: text('org_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('org_members_user_idx').on(t.userId),
    // The members page: a center's members, longest-standing first, a page at a time.
    index('org_members_org_joined_idx').on(t.orgId, t.createdAt),
    check('org_members_role_chk', sql`${t.orgRole} in ('org_admin', 'org_user')`),
  ],
);

/** Advertiser accounts. `adv_id` is numeric from 1000001. Status codes of spec 4. */
export const advertisers = pgTable(
  'advertisers',
  {
    advId: integer('adv_id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1000001 }),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    advName: text('adv_name').notNull(),
    status: smallint('status').notNull().default(0),
    /** The operator's reason for the last rejection, stop or disable. */
    reviewReason: text('review_reason').notNull().default(''),
    /** Set when the center closed the account: it can never be activated again. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    avatar: text('avatar'),
    ...companyColumns(),
    /**
     * The first local day the statistics store's `stats_daily_local` holds whole in the account's zone:
     * from the start, or from the day after a change of zone (reports of earlier days read the UTC rollup
     * corrected by hours instead).
     */
    localStatsFrom: date('local_stats_from', { mode: 'string' }).notNull().default('2000-01-01'),
    /**
     * The account's daily spending cap in its currency (decisions 7): once the cost of its local day
     * reaches it, its objects answer status 20 (exceeding account limit) until the next day or a
     * higher cap. Null: no cap. Finance sets it.
     */
    dailySpendCap: numeric('daily_spend_cap', { precision: 24, scale: 6 }),
    /** The low-balance alert (finance): the account's admins are told when spend takes its balance below it. */
    lowBalanceAlert: numeric('low_balance_alert', { precision: 24, scale: 6 }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('advertisers_org_idx').on(t.orgId),
    check('advertisers_status_chk', sql`${t.status} between 0 and 4`),
    check('advertisers_daily_spend_cap_chk', sql`${t.dailySpendCap} >= 0`),
    check('advertisers_low_balance_alert_chk', sql`${t.lowBalanceAlert} >= 0`),
  ],
);

/**
 * Account roles of members on advertiser accounts (decisions 3). Org admins need no row. One row per
 * center a user holds the account through: the owner center and a partner it is shared with each keep
 * their own assignment, and each center changes only its own rows.
 */
export const advMembers = pgTable(
  'adv_members',
  {
    advId: integer('adv_id')
      .notNull()
      .references(() => advertisers.advId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    advRole: text('adv_role').notNull(),
    /** The center through which the account was assigned: the owner, or a partner it is shared with. */
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.advId, t.userId, t.orgId] }),
    index('adv_members_org_idx').on(t.orgId, t.userId),
    index('adv_members_user_idx').on(t.userId),
    check(
      'adv_members_role_chk',
      sql`${t.advRole} in ('role_admin', 'role_admin_client', 'role_operator', 'role_analyst')`,
    ),
  ],
);

/** Markup an org admin sets on an advertiser account (decisions 3). */
export const advMarkups = pgTable(
  'adv_markups',
  {
    advId: integer('adv_id')
      .primaryKey()
      .references(() => advertisers.advId, { onDelete: 'cascade' }),
    ratio: numeric('ratio', { precision: 7, scale: 4 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    role: text('role').notNull().default('advertiser'),
    createdAt: createdAt(),
  },
  (t) => [check('adv_markups_ratio_chk', sql`${t.ratio} >= 0`)],
);
