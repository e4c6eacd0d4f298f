import type { TCommissionRequest, TMarkupRequest } from '@scaler/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/client';
import { advMarkupVersions, orgCommissionVersions } from '../../db/schema';
import type { CommissionVersion, MarkupVersion } from './schedule';

/**
 * Writing and reading the versions of the money settings (decisions 7). Every change is a new version;
 * nothing here changes one already made, so no day that has begun can change its numbers. A version
 * takes effect at the instant it was made (a commission with an effective time in the future: then).
 */

/** Records a change of an account's markup (null: removed), in the caller's transaction. */
export async function recordMarkupVersion(
  tx: Executor,
  v: { advId: number; actor: Actor; markup: TMarkupRequest | null; at?: Date },
) {
  const at = v.at ?? new Date();
  await tx.insert(advMarkupVersions).values({
    advId: v.advId,
    ratio: v.markup ? v.markup.ratio.toFixed(4) : null,
    startDate: v.markup?.start_date ?? null,
    endDate: v.markup?.end_date ?? null,
    role: v.markup?.role ?? null,
    effectiveAt: at,
    changedBy: v.actor.userId,
    changedAt: at,
  });
}

/** Records a change of a center's commission, in the caller's transaction. */
export async function recordCommissionVersion(
  tx: Executor,
  v: { orgId: number; actor: Actor; input: TCommissionRequest; at?: Date },
) {
  const at = v.at ?? new Date();
  const entered = v.input.effective_time ? new Date(v.input.effective_time) : null;
  await tx.insert(orgCommissionVersions).values({
    orgId: v.orgId,
    showCommission: v.input.show_commission,
    useCommission: v.input.use_commission,
    commissionRate: v.input.commission_rate.toFixed(4),
    effectiveTime: entered,
    effectiveAt: entered && entered > at ? entered : at,
    changedBy: v.actor.userId,
    changedAt: at,
  });
}

/**
 * The account's markup versions as one JSON value (in the order they were made), for a statement that
 * reads the account (`requireAds`): `adv` is its `adv_id` column.
 */
export function markupVersionsJson(adv: SQL): SQL<unknown> {
  return sql`(select json_agg(json_build_object('at', v.effective_at, 'ratio', v.ratio::text,
      'start', v.start_date::text, 'end', v.end_date::text) order by v.id)
    from adv_markup_versions v where v.adv_id = ${adv})`;
}

/** The center's commission versions as one JSON value (a version that does not show commission: rate 0). */
export function commissionVersionsJson(org: SQL): SQL<unknown> {
  return sql`(select json_agg(json_build_object('at', v.effective_at,
      'rate', case when v.show_commission then v.commission_rate::text else '0' end) order by v.id)
    from org_commission_versions v where v.org_id = ${org})`;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string>[] | null;

export function parseMarkupVersions(v: unknown): MarkupVersion[] {
  return (json(v) ?? []).map((x) => ({
    effectiveAt: new Date(x.at),
    ratio: x.ratio ?? null,
    start: x.start ?? null,
    end: x.end ?? null,
  }));
}

export function parseCommissionVersions(v: unknown): CommissionVersion[] {
  return (json(v) ?? []).map((x) => ({ effectiveAt: new Date(x.at), rate: x.rate }));
}
