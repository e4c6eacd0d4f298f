import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orgs } from './business-centers';

/**
 * Notices shown in the header popover (spec 3: type, code, creat_id, reason, adv, msg, time). A notice
 * keeps its message key and parameters and is rendered in the reader's language when read; `msg` is
 * the text of notices written before keys were kept (shown as it is).
 */
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
    /** A `notices.*` key of the domain's MESSAGES. */
    message: text('message'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    msg: text('msg').notNull().default(''),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);
