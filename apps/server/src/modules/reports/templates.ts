import { REPORT_TEMPLATE_MAX, type TReportTemplate, type TReportTemplateInput } from '@scaler/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportTemplates, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { fieldError } from '../account-scope/scope';

/**
 * Report templates per user: a named report state (its URL query without center and account), listed
 * newest first, at most `REPORT_TEMPLATE_MAX` each (counted under a lock of the user's row, so two saves
 * at once cannot pass it). Only their owner sees or deletes them.
 */

const out = (t: typeof reportTemplates.$inferSelect): TReportTemplate => ({
  id: t.id,
  page: t.page,
  name: t.name,
  query: t.query,
  created_at: t.createdAt.toISOString(),
});

export async function listTemplates(db: Db, userId: string, page?: string): Promise<TReportTemplate[]> {
  const rows = await db
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.userId, userId), page ? eq(reportTemplates.page, page) : undefined))
    .orderBy(desc(reportTemplates.createdAt), desc(reportTemplates.id))
    .limit(REPORT_TEMPLATE_MAX);
  return rows.map(out);
}

export async function saveTemplate(
  db: Db,
  userId: string,
  input: TReportTemplateInput,
): Promise<TReportTemplate> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(reportTemplates)
      .where(eq(reportTemplates.userId, userId));
    if (n >= REPORT_TEMPLATE_MAX) {
      throw fieldError('name', 'validation.template_limit', { max: REPORT_TEMPLATE_MAX });
    }
    const [row] = await tx
      .insert(reportTemplates)
      .values({ userId, page: input.page, name: input.name, query: input.query.replace(/^\?/, '') })
      .returning();
    return out(row);
  });
}

export async function deleteTemplate(db: Db, userId: string, id: number): Promise<void> {
  const deleted = await db
    .delete(reportTemplates)
    .where(and(eq(reportTemplates.id, id), eq(reportTemplates.userId, userId)))
    .returning({ id: reportTemplates.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
