import { CREATIVE_REJECTION_REASONS, type Locale, type TNoticeList, translate } from '@scaler/domain';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Db, Executor } from '../../db/client';
import { notices } from '../../db/schema';

export type NewNotice = Omit<typeof notices.$inferInsert, 'id' | 'read' | 'createdAt'>;

/** Records notices for users; other modules call this inside their own transactions. */
export async function createNotices(db: Executor, items: NewNotice[]) {
  if (items.length > 0) await db.insert(notices).values(items);
}

const LIST_LIMIT = 100;

/** A notice's text in the reader's language; notices written before keys were kept show their text. */
export const noticeText = (
  n: Pick<typeof notices.$inferSelect, 'message' | 'params' | 'msg'>,
  locale: Locale,
) => (n.message ? translate(locale, n.message, n.params ?? {}) : n.msg);

/**
 * A notice's reason in the reader's language: a creative's rejection is stored as its code (spec 8) and
 * read as the reason's text; the operator's own words (code 1000) and other reasons stay as written.
 */
export const noticeReason = (n: Pick<typeof notices.$inferSelect, 'type' | 'reason'>, locale: Locale) =>
  n.type === 'creative' && n.reason in CREATIVE_REJECTION_REASONS && n.reason !== '1000'
    ? translate(locale, `creative.reason.${n.reason}`)
    : n.reason;

/** The caller's unread notices, newest first, in the spec's fields and the request's language. */
export async function listNotices(options: { db: Db; actor: Actor; language: Locale }): Promise<TNoticeList> {
  const where = and(eq(notices.userId, options.actor.userId), eq(notices.read, false));
  const [rows, [total]] = await Promise.all([
    options.db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(LIST_LIMIT),
    options.db.select({ n: count() }).from(notices).where(where),
  ]);
  return {
    list: rows.map((n) => ({
      id: n.id,
      type: n.type,
      code: n.code,
      creat_id: n.creatId,
      reason: noticeReason(n, options.language),
      adv: n.advId,
      org_id: n.orgId,
      msg: noticeText(n, options.language),
      time: n.createdAt.toISOString(),
    })),
    unread: Number(total.n),
  };
}

/** Marks the caller's notices read: all of them, or the given ids (others' ids are ignored). */
export async function clearNotices(options: { db: Db; actor: Actor; ids?: number[] }) {
  await options.db
    .update(notices)
    .set({ read: true })
    .where(
      and(
        eq(notices.userId, options.actor.userId),
        options.ids && options.ids.length > 0 ? inArray(notices.id, options.ids) : undefined,
      ),
    );
}
