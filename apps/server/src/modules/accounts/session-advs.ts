import { ADV_STATUS, SESSION_ADVS_LIMIT, type TAdvSummary } from '@scaler/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { ReachMembership } from '../../access/adv-reach';
import { advReach, reachableColumns } from '../../access/org-access';
import type { Executor } from '../../db/client';
import { advertisers } from '../../db/schema';

/**
 * The accounts the session answers carry, bounded whatever the center's size: the account the `adv-id`
 * header names (when reachable in the `org-id` center), then the center's active accounts by id, then
 * its other accounts, at most `SESSION_ADVS_LIMIT`, listed by center and id; `total` counts every
 * reachable account. Enough for the router guard (the URL's account, or the first active one) and the
 * current account's role; lists and pickers page through `GET /scaler/v3/advs`. Without `org-id`,
 * accounts of every center the user belongs to.
 */
export async function sessionAdvs(
  db: Executor,
  actor: Actor,
  where: { membership: ReachMembership | null; advId: number | null },
): Promise<{ advs: TAdvSummary[]; total: number }> {
  const { membership } = where;
  const reach = advReach(db, actor, membership ? { membership } : {});
  const named = where.advId === null || !membership ? sql`false` : sql`${reach.advId} = ${where.advId}`;
  const rows = await db
    .select({ ...reachableColumns(reach), total: sql<number>`count(*) over ()` })
    .from(reach)
    .innerJoin(advertisers, eq(advertisers.advId, reach.advId))
    .orderBy(
      sql`case when ${named} then 0 when ${advertisers.status} = ${ADV_STATUS.active} then 1 else 2 end`,
      asc(reach.orgId),
      asc(reach.advId),
    )
    .limit(SESSION_ADVS_LIMIT);
  const advs = rows
    .map(({ total: _total, ...adv }) => adv)
    .sort((a, b) => a.org_id - b.org_id || a.adv_id - b.adv_id);
  return { advs, total: Number(rows[0]?.total ?? 0) };
}
