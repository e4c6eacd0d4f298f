import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orgMembers } from '../../db/schema';
import { createNotices } from './service';

export interface NoticeEvent {
  type: 'invitation' | 'account' | 'verification' | 'partner' | 'creative' | 'finance';
  code: number;
  /** A `notices.*` message key of the domain catalogue. */
  message: string;
  params: Record<string, string | number>;
  orgId?: number | null;
  advId?: number | null;
  reason?: string;
  creatId?: string | null;
}

/**
 * Notifies users inside the caller's transaction. The message key and its parameters are kept, so each
 * reader sees the notice in the language they read it in.
 */
export async function notifyUsers(db: Executor, userIds: string[], event: NoticeEvent) {
  const ids = [...new Set(userIds)];
  await createNotices(
    db,
    ids.map((userId) => ({
      userId,
      orgId: event.orgId ?? null,
      advId: event.advId ?? null,
      type: event.type,
      code: event.code,
      creatId: event.creatId ?? null,
      reason: event.reason ?? '',
      message: event.message,
      params: event.params,
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
