import type { AdvRole, OrgType, TAdvAssignment, TPartnersPage } from '@scaler/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { ADV_ROLE_RANK, requireOrgAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { advertisers, advMembers, advShares, orgPartners, orgs } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { notifyUsers, orgAdminIds } from '../notices/notify';
import { pendingRequests } from './requests';

export interface PartnerDeps {
  db: Db;
  actor: Actor;
  orgId: number | null;
}

async function sharesOf(db: Executor, ownerOrgId: number, partnerOrgId?: number) {
  return db
    .select({
      partner_org_id: advShares.partnerOrgId,
      adv_id: advShares.advId,
      adv_name: advertisers.advName,
      adv_role: advShares.advRole,
    })
    .from(advShares)
    .innerJoin(advertisers, eq(advertisers.advId, advShares.advId))
    .where(
      and(
        eq(advertisers.orgId, ownerOrgId),
        partnerOrgId === undefined ? undefined : eq(advShares.partnerOrgId, partnerOrgId),
      ),
    )
    .orderBy(asc(advShares.advId));
}

export async function listPartners(deps: PartnerDeps): Promise<TPartnersPage> {
  const access = await requireOrgAccess({ ...deps, permission: 'partners.manage' });
  const { db } = deps;
  const [partners, shares, incoming, incomingShares, requests] = await Promise.all([
    db
      .select({
        org_id: orgs.orgId,
        org_name: orgs.orgName,
        org_type: orgs.orgType,
        avatar: orgs.avatar,
        created_at: orgPartners.createdAt,
      })
      .from(orgPartners)
      .innerJoin(orgs, eq(orgs.orgId, orgPartners.partnerOrgId))
      .where(eq(orgPartners.orgId, access.orgId))
      .orderBy(asc(orgPartners.createdAt)),
    sharesOf(db, access.orgId),
    db
      .select({ org_id: orgs.orgId, org_name: orgs.orgName })
      .from(orgPartners)
      .innerJoin(orgs, eq(orgs.orgId, orgPartners.orgId))
      .where(eq(orgPartners.partnerOrgId, access.orgId)),
    db
      .select({
        owner: advertisers.orgId,
        adv_id: advShares.advId,
        adv_name: advertisers.advName,
        adv_role: advShares.advRole,
      })
      .from(advShares)
      .innerJoin(advertisers, eq(advertisers.advId, advShares.advId))
      .where(eq(advShares.partnerOrgId, access.orgId)),
    pendingRequests(db, access.orgId),
  ]);
  const toShare = (s: { adv_id: number; adv_name: string; adv_role: string }) => ({
    adv_id: s.adv_id,
    adv_name: s.adv_name,
    adv_role: s.adv_role as AdvRole,
  });
  return {
    partners: partners.map((p) => ({
      ...p,
      org_type: p.org_type as OrgType,
      created_at: p.created_at.toISOString(),
      shares: shares.filter((s) => s.partner_org_id === p.org_id).map(toShare),
    })),
    shared_with_us: incoming.map((o) => ({
      ...o,
      advs: incomingShares.filter((s) => s.owner === o.org_id).map(toShare),
    })),
    requests: {
      outgoing: requests.filter((r) => r.direction === 'outgoing'),
      incoming: requests.filter((r) => r.direction === 'incoming'),
    },
  };
}

async function requirePartner(db: Executor, orgId: number, partnerOrgId: number) {
  const [row] = await db
    .select()
    .from(orgPartners)
    .where(and(eq(orgPartners.orgId, orgId), eq(orgPartners.partnerOrgId, partnerOrgId)));
  if (!row) throw new AppError('NOT_FOUND');
}

/**
 * Replaces the accounts shared with a partner. Unshared accounts leave the partner's members at once;
 * a lowered role lowers what the partner's members hold.
 */
export async function shareAccounts(deps: PartnerDeps & { partnerOrgId: number; advs: TAdvAssignment[] }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'partners.manage' });
    await requirePartner(tx, access.orgId, deps.partnerOrgId);
    const advIds = deps.advs.map((a) => a.adv_id);
    if (advIds.length > 0) {
      const owned = await tx
        .select({ advId: advertisers.advId })
        .from(advertisers)
        .where(and(eq(advertisers.orgId, access.orgId), inArray(advertisers.advId, advIds)));
      if (owned.length !== advIds.length) throw new AppError('NOT_FOUND');
    }
    const before = await sharesOf(tx, access.orgId, deps.partnerOrgId);
    const removed = before.filter((b) => !advIds.includes(b.adv_id)).map((b) => b.adv_id);
    if (removed.length > 0) {
      await tx
        .delete(advShares)
        .where(and(eq(advShares.partnerOrgId, deps.partnerOrgId), inArray(advShares.advId, removed)));
      await tx
        .delete(advMembers)
        .where(and(eq(advMembers.orgId, deps.partnerOrgId), inArray(advMembers.advId, removed)));
    }
    for (const a of deps.advs) {
      await tx
        .insert(advShares)
        .values({ advId: a.adv_id, partnerOrgId: deps.partnerOrgId, advRole: a.adv_role })
        .onConflictDoUpdate({
          target: [advShares.advId, advShares.partnerOrgId],
          set: { advRole: a.adv_role },
        });
      const above = Object.entries(ADV_ROLE_RANK)
        .filter(([, rank]) => rank > ADV_ROLE_RANK[a.adv_role])
        .map(([role]) => role);
      if (above.length > 0) {
        await tx
          .update(advMembers)
          .set({ advRole: a.adv_role })
          .where(
            and(
              eq(advMembers.orgId, deps.partnerOrgId),
              eq(advMembers.advId, a.adv_id),
              inArray(advMembers.advRole, above),
            ),
          );
      }
    }
    await notifyUsers(tx, await orgAdminIds(tx, deps.partnerOrgId), {
      type: 'partner',
      code: 2,
      message: 'notices.accounts_shared',
      params: { org: access.orgName, org_id: access.orgId },
      orgId: deps.partnerOrgId,
      creatId: deps.actor.userId,
    });
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'partner.share',
      objectType: 'partner',
      objectId: deps.partnerOrgId,
      before: { advs: before.map(({ adv_id, adv_role }) => ({ adv_id, adv_role })) },
      after: { advs: deps.advs },
    });
  });
}

/** Removes a partner: its shares and every assignment its members held through them go at once. */
export async function removePartner(deps: PartnerDeps & { partnerOrgId: number }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'partners.manage' });
    await requirePartner(tx, access.orgId, deps.partnerOrgId);
    const owned = tx
      .select({ advId: advertisers.advId })
      .from(advertisers)
      .where(eq(advertisers.orgId, access.orgId));
    await tx
      .delete(advMembers)
      .where(and(eq(advMembers.orgId, deps.partnerOrgId), inArray(advMembers.advId, owned)));
    await tx
      .delete(advShares)
      .where(and(eq(advShares.partnerOrgId, deps.partnerOrgId), inArray(advShares.advId, owned)));
    await tx
      .delete(orgPartners)
      .where(and(eq(orgPartners.orgId, access.orgId), eq(orgPartners.partnerOrgId, deps.partnerOrgId)));
    await notifyUsers(tx, await orgAdminIds(tx, deps.partnerOrgId), {
      type: 'partner',
      code: 3,
      message: 'notices.partner_revoked',
      params: { org: access.orgName, org_id: access.orgId },
      orgId: deps.partnerOrgId,
      creatId: deps.actor.userId,
    });
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'partner.remove',
      objectType: 'partner',
      objectId: deps.partnerOrgId,
    });
  });
}
