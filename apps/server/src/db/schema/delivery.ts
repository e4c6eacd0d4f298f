import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/*
 * Delivery (decisions 8, issue 21): the exchanges the bidder answers. What it bids, wins and bills goes
 * through the tracking tables (`tracking_touches`, kinds 3 win and 4 bill) and the statistics store like
 * every other notice; nothing here holds a count.
 */

/**
 * An exchange an operator registered: it calls `POST /rtb/bid/{id}` with its token (`Authorization:
 * Bearer …` or `x-openrtb-token`). Only a hash of the token is kept; the token is shown once.
 */
export const exchanges = pgTable(
  'exchanges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1 }),
    name: text('name').notNull(),
    /** sha256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    /** The token's last four characters, to tell tokens apart in the tool. */
    tokenHint: text('token_hint').notNull(),
    /** OpenRTB `at`: 1 first price, 2 second price; a request's own `at` wins. */
    auctionType: smallint('auction_type').notNull().default(2),
    /** ISO 4217: the bidder bids only for accounts in this currency. */
    currency: text('currency').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchanges_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('exchanges_token_uq').on(t.tokenHash),
    check('exchanges_auction_type_chk', sql`${t.auctionType} in (1, 2)`),
  ],
);
