import type { Locale } from '@scaler/domain';
import type { Actor } from '../../access/actor';
import { type ReachableAdvertiser, requireAdvAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../http/errors';

/** What every asset service gets from the request: the caller and the account of the `adv-id` header. */
export interface AssetDeps {
  db: Db;
  actor: Actor;
  orgId: number | null;
  advId: number | null;
  locale: Locale;
}

/**
 * The account of the `adv-id` header as the caller reaches it in the `org-id` center: 404 when not
 * reachable, 403 when the role may not read (`assets.view`) or change (`assets.edit`) its assets.
 */
export async function requireAssetAccess(
  deps: AssetDeps,
  permission: 'assets.view' | 'assets.edit',
  db: Executor = deps.db,
): Promise<ReachableAdvertiser> {
  if (deps.advId === null) {
    throw new AppError('VALIDATION', {
      data: { fields: [{ path: 'adv-id', message: 'validation.required' }] },
    });
  }
  return requireAdvAccess({ db, actor: deps.actor, orgId: deps.orgId, advId: deps.advId, permission });
}

/** A unique index refused the write (PostgreSQL and PGlite, wrapped by drizzle or not). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Runs a write and answers "item already exists" when a unique index refuses it. */
export async function uniqueOrExists<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ASSET_EXISTS');
    throw error;
  }
}
