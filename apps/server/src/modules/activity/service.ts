import type { TActivityPage } from '@scaler/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/client';
import { activityLog, advertisers, invitations, orgs, users } from '../../db/schema';

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

/** An id of the log (text) as the integer key of a table, or null when it is not one. */
const intId = (max: number) =>
  sql`(case when ${activityLog.objectId} ~ '^[0-9]{1,${sql.raw(String(max))}}$' then ${activityLog.objectId}::bigint end)`;

/**
 * The object's current name, looked up by its id for the object types whose entries may not carry one
 * (a member's user id, an invitation id, an account or partner center id); one indexed lookup per row.
 */
const objectLabel = sql<string | null>`(case ${activityLog.objectType}
  when 'member' then (select case when ${users.name} = '' then ${users.email}
      else ${users.name} || ' (' || ${users.email} || ')' end
    from ${users} where ${users.id} = ${activityLog.objectId})
  when 'invitation' then (select ${invitations.email} from ${invitations} where ${invitations.id} = ${intId(18)})
  when 'advertiser' then (select ${advertisers.advName} from ${advertisers} where ${advertisers.advId} = ${intId(9)})
  when 'partner' then (select ${orgs.orgName} from ${orgs} where ${orgs.orgId} = ${intId(9)})
  end)`;

export async function listActivity(options: {
  db: Executor;
  orgId: number | null;
  objectType?: string;
  page: number;
  pageSize: number;
}): Promise<TActivityPage> {
  const where: SQL | undefined = and(
    options.orgId === null ? undefined : eq(activityLog.orgId, options.orgId),
    options.objectType ? eq(activityLog.objectType, options.objectType) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    options.db
      .select({ entry: activityLog, label: objectLabel })
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    options.db.select({ n: count() }).from(activityLog).where(where),
  ]);
  return {
    list: rows.map(({ entry: r, label }) => ({
      id: r.id,
      actor_email: r.actorEmail,
      action: r.action,
      object_type: r.objectType,
      object_id: r.objectId,
      object_label: label ?? null,
      before: r.before,
      after: r.after,
      time: r.createdAt.toISOString(),
    })),
    total: Number(total.n),
  };
}
