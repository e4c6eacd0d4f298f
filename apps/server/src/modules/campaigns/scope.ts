import type { Locale } from '@scaler/domain';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { type ReachableAdvertiser, requireAdvAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { advertisers } from '../../db/schema';
import { AppError } from '../../http/errors';
import { accountClock } from './clock';
import type { StatusContext } from './state';

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
  const adv = await requireAdvAccess({
    db,
    actor: deps.actor,
    orgId: deps.orgId,
    advId: deps.advId,
    permission,
  });
  const [row] = await db
    .select({ timezone: advertisers.timezone })
    .from(advertisers)
    .where(eq(advertisers.advId, adv.adv_id));
  return { ...adv, timezone: row?.timezone ?? '+00:00' };
}

/** What the delivery status of the account's objects depends on besides their rows. */
export function statusContext(adv: PerfAccount, now: Date = new Date()): StatusContext {
  return {
    advId: adv.adv_id,
    advStatus: adv.status,
    accountLimitReached: false,
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
