import { advForbiddenCause, type Locale } from '@scaler/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { accountReach, type ReachableAdvertiser, reachableColumns } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { advertisers, orgMembers, orgs } from '../../db/schema';
import { AppError, forbiddenBecause } from '../../http/errors';
import { orgShowsFeeWhere } from '../accounts/queries';
import type { StatusContext } from '../campaigns/state';
import { accountClock } from '../clock/clock';
import {
  commissionVersionsJson,
  markupVersionsJson,
  parseCommissionVersions,
  parseMarkupVersions,
} from '../money-view/versions';
import type { AccountPricing } from '../money-view/view';

/** What every campaigns service gets from the request: the caller and the account of the `adv-id` header. */
export interface PerfDeps {
  db: Db;
  actor: Actor;
  orgId: number | null;
  advId: number | null;
  locale: Locale;
  /** Minutes east of UTC of the request's `timezone` header (report days). */
  timezone: number;
  reportType: 'request' | 'event';
  /** `mark` header: an org admin previewing the Advertiser view. */
  mark: boolean;
}

export interface PerfAccount extends ReachableAdvertiser {
  timezone: string;
  /** The first day the statistics store's rollup by the account's local day holds whole. */
  localStatsFrom: string;
  /**
   * What the cost columns depend on, read in the same statement as the account (`requireAds`), so
   * the money view (`moneyViewOf`) needs no statement of its own.
   */
  pricing: AccountPricing;
}

/**
 * The account of the `adv-id` header as the caller reaches it in the `org-id` center: 404 when not
 * reachable, 403 when the role may not read (`ads.view`) or change (`ads.edit`) its campaigns.
 */
export async function requireAds(
  deps: PerfDeps,
  permission: 'ads.view' | 'ads.edit',
  db: Executor = deps.db,
): Promise<PerfAccount> {
  if (deps.advId === null) {
    throw new AppError('VALIDATION', {
      data: { fields: [{ path: 'adv-id', message: 'validation.required' }] },
    });
  }
  if (deps.orgId === null) throw new AppError('NOT_FOUND');
  const [row] = await accountStatement(db).execute({
    userId: deps.actor.userId,
    orgId: deps.orgId,
    advId: deps.advId,
  });
  if (!row) throw new AppError('NOT_FOUND');
  const cause = advForbiddenCause({ advRole: row.adv_role, advStatus: row.status }, permission);
  if (cause) throw forbiddenBecause(cause);
  const { timezone, markups, ownerAdmin, feeShown, commissions, ...adv } = row;
  return {
    ...adv,
    timezone: timezone ?? '+00:00',
    pricing: {
      markups: parseMarkupVersions(markups),
      ownerAdmin: Boolean(ownerAdmin),
      commission: { orgId: deps.orgId, versions: feeShown ? parseCommissionVersions(commissions) : null },
    },
  };
}

/**
 * The statement of `requireAds`: the account as the caller reaches it in the center (`accountReach`),
 * its role, status and time zone, its markup versions, whether the caller administers its owner center, and the
 * center's commission versions (and whether it shows commission now) — one round trip. Prepared once per database (or transaction):
 * on PostgreSQL a named statement, planned once per connection instead of on every call.
 */
const accountStatement = preparedPer((db) => {
  const key = {
    userId: sql.placeholder('userId'),
    orgId: sql.placeholder('orgId'),
    advId: sql.placeholder('advId'),
  };
  const reach = accountReach(db, key);
  return db
    .select({
      ...reachableColumns(reach),
      timezone: advertisers.timezone,
      localStatsFrom: advertisers.localStatsFrom,
      markups: markupVersionsJson(sql`${reach.advId}`),
      ownerAdmin: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(orgMembers)
        .where(
          and(
            eq(orgMembers.orgId, advertisers.orgId),
            eq(orgMembers.userId, key.userId),
            eq(orgMembers.orgRole, 'org_admin'),
          ),
        )})`,
      feeShown: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(orgs)
        .where(and(eq(orgs.orgId, key.orgId), orgShowsFeeWhere))})`,
      commissions: commissionVersionsJson(sql`${key.orgId}`),
    })
    .from(reach)
    .innerJoin(advertisers, eq(advertisers.advId, reach.advId))
    .prepare('require_ads');
});

/** What the delivery status of the account's objects depends on besides their rows. */
export function statusContext(adv: PerfAccount, now: Date = new Date()): StatusContext {
  return {
    advId: adv.adv_id,
    advStatus: adv.status,
    clock: accountClock(adv.timezone, now),
  };
}

/** A field error of a request body (HTTP 400 with the field's path and message key). */
export function fieldError(
  path: string,
  message: string,
  params?: Record<string, string | number>,
): AppError {
  return new AppError('VALIDATION', { data: { fields: [{ path, message, ...(params ? { params } : {}) }] } });
}
