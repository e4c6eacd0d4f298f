import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { advertisers, orgs } from './business-centers';

/**
 * The money settings as versions by effective time (decisions 7): every change of an account's markup
 * or a center's commission is a new row, never an update. A version made at `effective_at` is in force
 * from the first account-local day that starts at or after that instant, until the next version's day
 * (`modules/money-view`). `adv_markups` and the `orgs` commission columns keep the current settings in
 * step for the settings pages; reports and lists read only the versions.
 */
export const advMarkupVersions = pgTable(
  'adv_markup_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advId: integer('adv_id')
      .notNull()
      .references(() => advertisers.advId, { onDelete: 'cascade' }),
    /** Null: the markup was removed. */
    ratio: numeric('ratio', { precision: 7, scale: 4 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    role: text('role'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adv_markup_versions_adv').on(t.advId, t.effectiveAt),
    check(
      'adv_markup_versions_ratio_chk',
      sql`${t.ratio} is null or (${t.ratio} >= 0 and ${t.startDate} is not null)`,
    ),
  ],
);

export const orgCommissionVersions = pgTable(
  'org_commission_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.orgId, { onDelete: 'cascade' }),
    showCommission: boolean('show_commission').notNull(),
    useCommission: boolean('use_commission').notNull(),
    commissionRate: numeric('commission_rate', { precision: 7, scale: 4 }).notNull(),
    /** The effective time the admin entered (null: from when it was saved). */
    effectiveTime: timestamp('effective_time', { withTimezone: true }),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('org_commission_versions_org').on(t.orgId, t.effectiveAt),
    check('org_commission_versions_rate_chk', sql`${t.commissionRate} >= 0`),
  ],
);
