import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { advertisers } from './business-centers';

/**
 * Named publisher ID lists of an account (`/report/bundle/manage`, issue 10), and which ad groups a
 * list was applied to (as an allow or block list): the ad group keeps its own copy of the ids, the
 * usage says where a list went.
 */
export const bundleLists = pgTable(
  'bundle_lists',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    advId: integer('adv_id')
      .notNull()
      .references(() => advertisers.advId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    items: text('items').array().notNull().default([]),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bundle_lists_name_uq').on(t.advId, t.name),
    index('bundle_lists_adv_idx').on(t.advId, t.id),
  ],
);

export const bundleListUsage = pgTable(
  'bundle_list_usage',
  {
    listId: integer('list_id').notNull(),
    adgroupId: integer('adgroup_id').notNull(),
    /** 1 allow, 2 block. */
    mode: smallint('mode').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'bundle_list_usage_pk', columns: [t.listId, t.adgroupId] })],
);
