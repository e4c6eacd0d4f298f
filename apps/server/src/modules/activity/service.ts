import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/client';
import { activityLog } from '../../db/schema';

export interface ActivityEntry {
  orgId: number | null;
  actor: Pick<Actor, 'userId' | 'email'>;
  action: string;
  objectType: string;
  objectId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records who did what to which object, inside the caller's transaction. */
export async function recordActivity(db: Executor, entry: ActivityEntry) {
  await db.insert(activityLog).values({
    orgId: entry.orgId,
    actorId: entry.actor.userId,
    actorEmail: entry.actor.email,
    action: entry.action,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface TActivity {
  id: number;
  actor_email: string;
  action: string;
  object_type: string;
  object_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  time: string;
}

export async function listActivity(options: {
  db: Executor;
  orgId: number | null;
  objectType?: string;
  page: number;
  pageSize: number;
}): Promise<{ list: TActivity[]; total: number }> {
  const where: SQL | undefined = and(
    options.orgId === null ? undefined : eq(activityLog.orgId, options.orgId),
    options.objectType ? eq(activityLog.objectType, options.objectType) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    options.db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    options.db.select({ n: count() }).from(activityLog).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      actor_email: r.actorEmail,
      action: r.action,
      object_type: r.objectType,
      object_id: r.objectId,
      before: r.before,
      after: r.after,
      time: r.createdAt.toISOString(),
    })),
    total: Number(total.n),
  };
}
