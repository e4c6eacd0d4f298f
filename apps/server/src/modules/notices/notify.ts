import { normalizeLocale, translate } from '@scaler/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orgMembers, users } from '../../db/schema';
import { createNotices } from './service';

export interface NoticeEvent {
  type: 'invitation' | 'account' | 'verification' | 'partner';
  code: number;
  /** A `notices.*` message key of the domain catalogue. */
  message: string;
  params: Record<string, string | number>;
  orgId?: number | null;
  advId?: number | null;
  reason?: string;
  creatId?: string | null;
}

/** Notifies users, each in their own language, inside the caller's transaction. */
export async function notifyUsers(db: Executor, userIds: string[], event: NoticeEvent) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const recipients = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  await createNotices(
    db,
    recipients.map((u) => ({
      userId: u.id,
      orgId: event.orgId ?? null,
      advId: event.advId ?? null,
      type: event.type,
      code: event.code,
      creatId: event.creatId ?? null,
      reason: event.reason ?? '',
      msg: translate(normalizeLocale(u.language), event.message, event.params),
    })),
  );
}

export async function orgAdminIds(db: Executor, orgId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.orgRole, 'org_admin')));
  return rows.map((r) => r.userId);
}
