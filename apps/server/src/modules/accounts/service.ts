import {
  type EmailTokenPurpose,
  menusFor,
  type OrgRole,
  type OrgStatus,
  type OrgType,
  orgCan,
  type TEmailTokenInfo,
  type TProfileRequest,
  type TSessionRoutes,
  type TUserInfo,
} from '@scaler/domain';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { findOrgMembership } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertAvatarUploaded } from '../files/service';
import {
  consumeEmailToken,
  findEmailToken,
  findUserById,
  listMemberships,
  orgHasMarkup,
  orgShowsFee,
  revokeSession,
} from './queries';
import { sessionAdvs } from './session-advs';
import { hashToken } from './tokens';

/** The user's own profile (/setting/index). */
export async function updateProfile(deps: { db: Db; actor: Actor; input: TProfileRequest }) {
  await assertAvatarUploaded(deps.db, deps.input.avatar);
  await deps.db
    .update(users)
    .set({
      name: deps.input.name,
      language: deps.input.language,
      ...(deps.input.avatar === undefined ? {} : { avatar: deps.input.avatar }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, deps.actor.userId));
}

export const logout = (deps: { db: Db; actor: Actor }) => revokeSession(deps.db, deps.actor.sessionId);

/**
 * user_info (spec 3); `mark`, `status_fee` and `advs` speak of the center named by the org-id header,
 * `advs` bounded as `sessionAdvs` says.
 */
export async function buildUserInfo(deps: {
  db: Db;
  actor: Actor;
  orgId: number | null;
  advId?: number | null;
}): Promise<TUserInfo> {
  const { db, actor } = deps;
  const [user, memberships] = await Promise.all([
    findUserById(db, actor.userId),
    listMemberships(db, actor.userId),
  ]);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const orgs = memberships.map((m) => ({
    ...m,
    org_status: m.org_status as OrgStatus,
    org_role: m.org_role as OrgRole,
    org_type: m.org_type as OrgType,
  }));
  const current = deps.orgId === null ? undefined : orgs.find((o) => o.org_id === deps.orgId);
  if (deps.orgId !== null && !current) throw new AppError('NOT_FOUND');
  const access = current && {
    orgId: current.org_id,
    orgRole: current.org_role,
    orgType: current.org_type,
    orgStatus: current.org_status,
  };
  const [{ advs, total }, markup, fee] = await Promise.all([
    sessionAdvs(db, actor, { membership: access ?? null, advId: deps.advId ?? null }),
    access && orgCan(access, 'markup.manage') && orgHasMarkup(db, access.orgId),
    access && orgShowsFee(db, access.orgId),
  ]);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    avatar_middle: user.avatar,
    orgs,
    advs,
    advs_total: total,
    mark: markup ? 1 : 0,
    status_fee: fee ? 1 : 0,
    v: user.v === 1 ? 1 : 0,
    is_operator: user.isOperator,
    language: user.language,
  };
}

/**
 * GET /scaler/account/routes: the menus of the current center and the accounts the router guard needs
 * (bounded as `sessionAdvs` says).
 */
export async function sessionRoutes(deps: {
  db: Db;
  actor: Actor;
  orgId: number | null;
  advId: number | null;
}): Promise<TSessionRoutes> {
  const membership = deps.orgId === null ? null : await findOrgMembership(deps.db, deps.actor, deps.orgId);
  if (deps.orgId !== null && !membership) throw new AppError('NOT_FOUND');
  const { advs, total } = await sessionAdvs(deps.db, deps.actor, { membership, advId: deps.advId });
  return {
    menus: membership ? menusFor(membership) : { ads: [], manage: [] },
    advs: advs.map(({ adv_id, adv_name, org_id, status, adv_role }) => ({
      adv_id,
      adv_name,
      org_id,
      status,
      adv_role,
    })),
    advs_total: total,
  };
}

export async function emailTokenError(db: Executor, token: string) {
  const row = await findEmailToken(db, hashToken(token));
  if (row && !row.usedAt && row.expiresAt.getTime() <= Date.now()) return new AppError('TOKEN_EXPIRED');
  return new AppError('TOKEN_INVALID');
}

export async function describeEmailToken(deps: { db: Db; token: string }): Promise<TEmailTokenInfo> {
  const row = await findEmailToken(deps.db, hashToken(deps.token));
  if (!row) throw new AppError('TOKEN_INVALID');
  return {
    purpose: row.purpose as EmailTokenPurpose,
    email: row.email,
    expired: row.expiresAt.getTime() <= Date.now(),
    used: row.usedAt !== null,
  };
}

export async function verifyEmail(deps: { db: Db; token: string }): Promise<{ email: string }> {
  return deps.db.transaction(async (tx) => {
    const token = await consumeEmailToken(tx, hashToken(deps.token), 'verify');
    if (!token?.userId) throw await emailTokenError(tx, deps.token);
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, token.userId));
    return { email: token.email };
  });
}
