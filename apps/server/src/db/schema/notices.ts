import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orgs } from './business-centers';

/** Notices shown in the header popover (spec 3: type, code, creat_id, reason, adv, msg, time). */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').references(() => orgs.orgId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    code: integer('code').notNull().default(0),
    creatId: text('creat_id'),
    reason: text('reason').notNull().default(''),
    advId: integer('adv_id'),
    msg: text('msg').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);
