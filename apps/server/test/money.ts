import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { advMarkups, advMarkupVersions, orgCommissionVersions, orgs } from '../src/db/schema';

/**
 * Tests only: money settings in force from `at` (by default the beginning), written to the versions
 * directly. The API never back-dates a version (decisions 7: an edit changes the future only); a test
 * that needs a markup or commission applied to facts already written uses these.
 */

export async function backdateMarkup(
  db: Executor,
  advId: number,
  markup: { ratio: string; start: string; end?: string | null } | null,
  at: Date = new Date(0),
) {
  if (markup === null) await db.delete(advMarkups).where(eq(advMarkups.advId, advId));
  else {
    const values = { ratio: markup.ratio, startDate: markup.start, endDate: markup.end ?? null };
    await db
      .insert(advMarkups)
      .values({ advId, ...values })
      .onConflictDoUpdate({ target: advMarkups.advId, set: values });
  }
  await db.insert(advMarkupVersions).values({
    advId,
    ratio: markup?.ratio ?? null,
    startDate: markup?.start ?? null,
    endDate: markup?.end ?? null,
    role: markup ? 'advertiser' : null,
    effectiveAt: at,
    changedAt: at,
  });
}

export async function backdateCommission(
  db: Executor,
  orgId: number,
  c: { rate: string; show?: boolean; use?: boolean },
  at: Date = new Date(0),
) {
  const show = c.show ?? true;
  const use = c.use ?? true;
  await db
    .update(orgs)
    .set({ showCommission: show, useCommission: use, commissionRate: c.rate, commissionEffectiveAt: null })
    .where(eq(orgs.orgId, orgId));
  await db.insert(orgCommissionVersions).values({
    orgId,
    showCommission: show,
    useCommission: use,
    commissionRate: c.rate,
    effectiveAt: at,
    changedAt: at,
  });
}

/** Tests only: no money settings at all for the account and the center (every version gone). */
export async function clearMoney(db: Executor, advId: number, orgId: number) {
  await db.delete(advMarkups).where(eq(advMarkups.advId, advId));
  await db.delete(advMarkupVersions).where(eq(advMarkupVersions.advId, advId));
  await db
    .update(orgs)
    .set({ showCommission: false, useCommission: false, commissionRate: '0', commissionEffectiveAt: null })
    .where(eq(orgs.orgId, orgId));
  await db.delete(orgCommissionVersions).where(eq(orgCommissionVersions.orgId, orgId));
}
