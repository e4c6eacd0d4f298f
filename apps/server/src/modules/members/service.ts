import type {
  AdvRole,
  OrgRole,
  TAdvAssignment,
  TInvitation,
  TInvitationInfo,
  TInvitationList,
  TInvitationListQuery,
  TInviteMembersRequest,
  TMemberList,
  TMemberListQuery,
} from '@scaler/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { capRole, requireOrgAccess } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { advMembers, invitations, orgMembers, orgs, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { EMAIL_TOKEN_TTL_MS, queueEmailLink } from '../accounts/email-links';
import { findUserByEmail } from '../accounts/queries';
import { recordActivity } from '../activity/service';
import type { Mailer } from '../mail/mailer';
import {
  assignableAccounts,
  assignmentsOf,
  countMembers,
  findMember,
  invitationPage,
  lockOrg,
  memberPage,
  putAssignments,
  spendInvitationTokens,
} from './queries';

export interface MemberDeps {
  db: Db;
  actor: Actor;
  orgId: number | null;
}
interface MailDeps {
  mailer: Mailer;
  publicUrl: string;
}

const toInvitation = ({
  invitation: i,
  invitedBy,
}: {
  invitation: typeof invitations.$inferSelect;
  invitedBy: string | null;
}): TInvitation => ({
  id: i.id,
  email: i.email,
  org_role: i.orgRole as OrgRole,
  advs: i.advs,
  status: i.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending',
  invited_by: invitedBy ?? '',
  created_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
});

/** One page of members, each with the accounts assigned to them in this center. */
export async function listMembers(deps: MemberDeps & { query: TMemberListQuery }): Promise<TMemberList> {
  const access = await requireOrgAccess({ ...deps, permission: 'members.view' });
  const { query } = deps;
  const page = await memberPage(deps.db, access.orgId, {
    q: query.q,
    orgRole: query.org_role,
    page: query.page,
    pageSize: query.page_size,
  });
  const assignments = await assignmentsOf(
    deps.db,
    access.orgId,
    page.rows.map((m) => m._id),
  );
  return {
    list: page.rows.map((m) => ({
      ...m,
      org_role: m.org_role as OrgRole,
      joined_at: m.joined_at.toISOString(),
      advs: assignments
        .filter((a) => a.user_id === m._id)
        .map((a) => ({ adv_id: a.adv_id, adv_name: a.adv_name, adv_role: a.adv_role as AdvRole })),
    })),
    total: page.total,
  };
}

/** One page of the center's pending invitations (admins). */
export async function listInvitations(
  deps: MemberDeps & { query: TInvitationListQuery },
): Promise<TInvitationList> {
  const access = await requireOrgAccess({ ...deps, permission: 'members.manage' });
  const page = await invitationPage(deps.db, access.orgId, {
    q: deps.query.q,
    page: deps.query.page,
    pageSize: deps.query.page_size,
  });
  return { list: page.rows.map(toInvitation), total: page.total };
}

/** Checks every assignment against what the center may hand out; roles above a partner's share are capped. */
export async function resolveAssignments(
  db: Executor,
  orgId: number,
  advs: TAdvAssignment[],
): Promise<TAdvAssignment[]> {
  const allowed = await assignableAccounts(
    db,
    orgId,
    advs.map((a) => a.adv_id),
  );
  return advs.map((a) => {
    const cap = allowed.get(a.adv_id);
    if (!cap) throw new AppError('NOT_FOUND');
    return { adv_id: a.adv_id, adv_role: capRole(a.adv_role, cap) };
  });
}

export async function inviteMembers(
  deps: MemberDeps & MailDeps & { input: TInviteMembersRequest; language: string },
): Promise<{ invited: number }> {
  const { input } = deps;
  const mailIds = await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const advs = await resolveAssignments(tx, access.orgId, input.advs);
    const existing = await tx
      .select({ email: users.email })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.orgId, access.orgId), inArray(users.email, input.emails)));
    if (existing.length > 0) throw new AppError('ALREADY_MEMBER', { params: { email: existing[0].email } });
    const ids: number[] = [];
    for (const email of input.emails) {
      const [invitation] = await tx
        .insert(invitations)
        .values({
          orgId: access.orgId,
          email,
          orgRole: input.org_role,
          advs,
          invitedBy: deps.actor.userId,
          expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.invite),
        })
        .onConflictDoNothing()
        .returning();
      if (!invitation) throw new AppError('ALREADY_MEMBER', { params: { email } });
      const invitee = await findUserByEmail(tx, email);
      ids.push(
        await queueEmailLink({
          db: tx,
          mailer: deps.mailer,
          publicUrl: deps.publicUrl,
          purpose: 'invite',
          email,
          userId: invitee?.id ?? null,
          language: invitee?.language ?? deps.language,
          payload: { invitation_id: invitation.id },
        }),
      );
      await recordActivity(tx, {
        orgId: access.orgId,
        actor: deps.actor,
        action: 'member.invite',
        objectType: 'invitation',
        objectId: invitation.id,
        after: { email, org_role: input.org_role, advs },
      });
    }
    return ids;
  });
  await deps.mailer.deliver(mailIds);
  return { invited: mailIds.length };
}

async function pendingInvitation(db: Executor, orgId: number, id: number) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.orgId, orgId), eq(invitations.status, 'pending')));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A new link (the old ones stop working) and a fresh expiry. */
export async function resendInvitation(
  deps: MemberDeps & MailDeps & { invitationId: number; language: string },
) {
  const mailId = await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const invitation = await pendingInvitation(tx, access.orgId, deps.invitationId);
    await spendInvitationTokens(tx, invitation.id);
    await tx
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.invite), updatedAt: new Date() })
      .where(eq(invitations.id, invitation.id));
    const invitee = await findUserByEmail(tx, invitation.email);
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'member.invite_resend',
      objectType: 'invitation',
      objectId: invitation.id,
    });
    return queueEmailLink({
      db: tx,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      purpose: 'invite',
      email: invitation.email,
      userId: invitee?.id ?? null,
      language: invitee?.language ?? deps.language,
      payload: { invitation_id: invitation.id },
    });
  });
  await deps.mailer.deliver([mailId]);
}

export async function cancelInvitation(deps: MemberDeps & { invitationId: number }) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const invitation = await pendingInvitation(tx, access.orgId, deps.invitationId);
    await tx
      .update(invitations)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(invitations.id, invitation.id));
    await spendInvitationTokens(tx, invitation.id);
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'member.invite_cancel',
      objectType: 'invitation',
      objectId: invitation.id,
      before: { email: invitation.email, org_role: invitation.orgRole },
    });
  });
}

/** Changes a member's center role; the last admin cannot be demoted, also under concurrent requests. */
export async function updateMemberRole(deps: MemberDeps & { userId: string; orgRole: OrgRole }) {
  await deps.db.transaction(async (tx) => {
    // Lock first, then check: the caller's own role may have just been changed by a concurrent request.
    if (deps.orgId !== null) await lockOrg(tx, deps.orgId);
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const member = await findMember(tx, access.orgId, deps.userId);
    if (!member) throw new AppError('NOT_FOUND');
    if (member.orgRole === deps.orgRole) return;
    if (member.orgRole === 'org_admin' && (await countMembers(tx, access.orgId)).admins <= 1) {
      throw new AppError('LAST_ADMIN');
    }
    await tx
      .update(orgMembers)
      .set({ orgRole: deps.orgRole })
      .where(and(eq(orgMembers.orgId, access.orgId), eq(orgMembers.userId, deps.userId)));
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'member.role',
      objectType: 'member',
      objectId: deps.userId,
      before: { org_role: member.orgRole },
      after: { org_role: deps.orgRole },
    });
  });
}

/** Removes a member and the accounts assigned to them here; never the last member or the last admin. */
export async function removeMember(deps: MemberDeps & { userId: string }) {
  await deps.db.transaction(async (tx) => {
    // Lock first, then check: the caller's own role may have just been changed by a concurrent request.
    if (deps.orgId !== null) await lockOrg(tx, deps.orgId);
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const member = await findMember(tx, access.orgId, deps.userId);
    if (!member) throw new AppError('NOT_FOUND');
    const counts = await countMembers(tx, access.orgId);
    if (counts.members <= 1 || (member.orgRole === 'org_admin' && counts.admins <= 1)) {
      throw new AppError('LAST_ADMIN');
    }
    await tx
      .delete(orgMembers)
      .where(and(eq(orgMembers.orgId, access.orgId), eq(orgMembers.userId, deps.userId)));
    await tx
      .delete(advMembers)
      .where(and(eq(advMembers.orgId, access.orgId), eq(advMembers.userId, deps.userId)));
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'member.remove',
      objectType: 'member',
      objectId: deps.userId,
      before: { org_role: member.orgRole },
    });
  });
}

/** Replaces the accounts a member holds through this center (own accounts, or ones shared with it). */
export async function assignAccounts(deps: MemberDeps & { userId: string; advs: TAdvAssignment[] }) {
  return deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const member = await findMember(tx, access.orgId, deps.userId);
    if (!member) throw new AppError('NOT_FOUND');
    const advs = await resolveAssignments(tx, access.orgId, deps.advs);
    const before = await tx
      .select({ adv_id: advMembers.advId, adv_role: advMembers.advRole })
      .from(advMembers)
      .where(and(eq(advMembers.orgId, access.orgId), eq(advMembers.userId, deps.userId)));
    // Only this center's rows: what the member holds through another center is that center's to change.
    await tx
      .delete(advMembers)
      .where(and(eq(advMembers.orgId, access.orgId), eq(advMembers.userId, deps.userId)));
    await putAssignments(tx, access.orgId, deps.userId, advs);
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'member.accounts',
      objectType: 'member',
      objectId: deps.userId,
      before: { advs: before },
      after: { advs },
    });
    return advs;
  });
}

export async function describeInvitation(
  db: Db,
  invitationId: number,
  email: string,
): Promise<TInvitationInfo> {
  const [row] = await db
    .select({ invitation: invitations, orgName: orgs.orgName })
    .from(invitations)
    .innerJoin(orgs, eq(orgs.orgId, invitations.orgId))
    .where(eq(invitations.id, invitationId));
  if (!row) throw new AppError('TOKEN_INVALID');
  const expired = row.invitation.status === 'pending' && row.invitation.expiresAt.getTime() <= Date.now();
  return {
    org_id: row.invitation.orgId,
    org_name: row.orgName,
    email,
    org_role: row.invitation.orgRole as OrgRole,
    status: expired ? 'expired' : (row.invitation.status as TInvitationInfo['status']),
    has_account: (await findUserByEmail(db, row.invitation.email)) !== null,
  };
}

/** Replaces who holds one account through this center, and with which role (the accounts page's dialog). */
export async function setAccountMembers(
  deps: MemberDeps & { advId: number; members: { user_id: string; adv_role: AdvRole }[] },
) {
  await deps.db.transaction(async (tx) => {
    const access = await requireOrgAccess({ ...deps, db: tx, permission: 'members.manage' });
    const [resolved] = await resolveAssignments(tx, access.orgId, [
      { adv_id: deps.advId, adv_role: 'role_admin' },
    ]);
    const cap = resolved.adv_role;
    const userIds = deps.members.map((m) => m.user_id);
    if (new Set(userIds).size !== userIds.length) {
      throw new AppError('VALIDATION', {
        data: { fields: [{ path: 'body.members', message: 'validation.duplicates' }] },
      });
    }
    if (userIds.length > 0) {
      const found = await tx
        .select({ userId: orgMembers.userId })
        .from(orgMembers)
        .where(and(eq(orgMembers.orgId, access.orgId), inArray(orgMembers.userId, userIds)));
      if (found.length !== userIds.length) throw new AppError('NOT_FOUND');
    }
    const before = await tx
      .select({ user_id: advMembers.userId, adv_role: advMembers.advRole })
      .from(advMembers)
      .where(and(eq(advMembers.advId, deps.advId), eq(advMembers.orgId, access.orgId)));
    // Only this center's rows: members holding the account through another center keep it there.
    await tx
      .delete(advMembers)
      .where(and(eq(advMembers.advId, deps.advId), eq(advMembers.orgId, access.orgId)));
    const after = deps.members.map((m) => ({ user_id: m.user_id, adv_role: capRole(m.adv_role, cap) }));
    if (after.length > 0) {
      await tx.insert(advMembers).values(
        after.map((m) => ({
          advId: deps.advId,
          userId: m.user_id,
          advRole: m.adv_role,
          orgId: access.orgId,
        })),
      );
    }
    await recordActivity(tx, {
      orgId: access.orgId,
      actor: deps.actor,
      action: 'account.members',
      objectType: 'advertiser',
      objectId: deps.advId,
      before: { members: before },
      after: { members: after },
    });
  });
}
