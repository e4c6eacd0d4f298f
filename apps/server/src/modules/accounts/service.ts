import {
  type EmailTokenPurpose,
  type Locale,
  menusFor,
  type OrgRole,
  type OrgStatus,
  type OrgType,
  orgCan,
  type TEmailTokenInfo,
  type TLoginRequest,
  type TProfileRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TSessionRoutes,
  type TUserInfo,
} from '@scaler/domain';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { findOrgMembership } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { loginFailures, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createKeyedMutex } from '../../lib/keyed-mutex';
import { assertAvatarUploaded } from '../files/service';
import type { Mailer } from '../mail/mailer';
import { queueEmailLink } from './email-links';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  consumeEmailToken,
  countRecentFailures,
  findEmailToken,
  findUserByEmail,
  findUserById,
  listMemberships,
  orgHasMarkup,
  orgShowsFee,
  revokeAllSessions,
  revokeSession,
} from './queries';
import { sessionAdvs } from './session-advs';
import { createSession } from './sessions';
import { hashToken, newUserId } from './tokens';

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: Number(process.env.LOGIN_MAX_FAILURES_ACCOUNT ?? 5),
  perAddress: Number(process.env.LOGIN_MAX_FAILURES_ADDRESS ?? 30),
};

export async function registerUser(
  deps: AccountDeps & { input: TRegisterRequest; language: Locale },
): Promise<{ _id: string; email: string }> {
  const { input } = deps;
  const passwordHash = await hashPassword(input.password);
  const id = newUserId();
  const language = input.language ?? deps.language;
  const mailId = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ id, email: input.email, name: input.name ?? '', passwordHash, language })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length === 0) throw new AppError('EMAIL_TAKEN');
    return queueEmailLink({ ...deps, db: tx, purpose: 'verify', email: input.email, userId: id, language });
  });
  await deps.mailer.deliver([mailId]);
  return { _id: id, email: input.email };
}

const withAccountLock = createKeyedMutex();

/**
 * Signs in. Attempts on one account run one at a time, so the failure count read before the password
 * check is exact under concurrent guesses; a wrong password records a failure, a right one clears them.
 * (With several server processes on one PostgreSQL the per-account limit is exact per process.)
 */
export function login(
  deps: AccountDeps & { input: TLoginRequest; ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date; userId: string }> {
  return withAccountLock(deps.input.email, () => attemptLogin(deps));
}

async function attemptLogin(
  deps: AccountDeps & { input: TLoginRequest; ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date; userId: string }> {
  const { db, input, ip } = deps;
  const since = new Date(Date.now() - LOGIN_LIMITS.windowMs);
  const [byAccount, byAddress] = await Promise.all([
    countRecentFailures(db, { email: input.email }, since),
    countRecentFailures(db, { ip }, since),
  ]);
  if (byAccount >= LOGIN_LIMITS.perAccount || byAddress >= LOGIN_LIMITS.perAddress) {
    throw new AppError('RATE_LIMITED', { params: { minutes: Math.round(LOGIN_LIMITS.windowMs / 60000) } });
  }
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ email: input.email, ip });
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (user.disabledAt) throw new AppError('USER_DISABLED');
  if (!user.emailVerifiedAt) {
    const mailId = await queueEmailLink({
      ...deps,
      purpose: 'verify',
      email: user.email,
      userId: user.id,
      language: user.language,
    });
    await deps.mailer.deliver([mailId]);
    throw new AppError('EMAIL_NOT_VERIFIED');
  }
  await db.delete(loginFailures).where(eq(loginFailures.email, input.email));
  const session = await createSession({ db, userId: user.id, ip, userAgent: deps.userAgent });
  return { ...session, userId: user.id };
}

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

/** Always answers the same, so the call cannot tell whether an e-mail is registered. */
export async function requestPasswordReset(deps: AccountDeps & { email: string }): Promise<void> {
  const user = await findUserByEmail(deps.db, deps.email);
  if (!user || user.disabledAt) return;
  const mailId = await queueEmailLink({
    ...deps,
    purpose: 'reset',
    email: user.email,
    userId: user.id,
    language: user.language,
  });
  await deps.mailer.deliver([mailId]);
}

/** With the e-mail's token, or as the signed-in user. Every session of the user is revoked. */
export async function resetPassword(deps: {
  db: Db;
  actor: Actor | null;
  input: TResetPasswordRequest;
}): Promise<void> {
  const passwordHash = await hashPassword(deps.input.password);
  await deps.db.transaction(async (tx) => {
    let userId: string;
    if (deps.input.token) {
      const token = await consumeEmailToken(tx, hashToken(deps.input.token), 'reset');
      if (!token?.userId) throw await emailTokenError(tx, deps.input.token);
      userId = token.userId;
    } else if (deps.actor) userId = deps.actor.userId;
    else throw new AppError('UNAUTHENTICATED');
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        ...(deps.input.token ? { emailVerifiedAt: now } : {}),
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
  });
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
