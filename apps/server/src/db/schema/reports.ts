import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Report templates a user saved (issue 10): a name and the report's state as its URL query (without the
 * center and account), so a template opens the same report in any account the user reaches.
 */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The report page (`/report/index`, `/report/hourly`). */
    page: text('page').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_templates_user_idx').on(t.userId, t.createdAt)],
);
