import * as z from 'zod/mini';
import { ADV_ROLES, ORG_ROLES } from './codes';
import { isValidEmail, ZId } from './validation';

export const ZAdvAssignment = z.object({
  adv_id: ZId,
  adv_role: z.enum(ADV_ROLES),
});
export type TAdvAssignment = z.infer<typeof ZAdvAssignment>;

/** Assignments must name each account once. */
const uniqueAccounts = (list: { adv_id: number }[]) =>
  new Set(list.map((a) => a.adv_id)).size === list.length;
export const ZAdvAssignments = z
  .array(ZAdvAssignment)
  .check(z.maxLength(500), z.refine(uniqueAccounts, { message: 'validation.duplicates' }));

export const INVITE_MAX = 50;

/** POST /scaler/v3/bc/invitations: a list of e-mails (spec 5 list check) with one role. */
export const ZInviteMembersRequest = z.object({
  emails: z.array(z.string().check(z.trim(), z.toLowerCase())).check(
    z.minLength(1, { message: 'validation.email' }),
    z.maxLength(INVITE_MAX, { message: 'validation.too_long' }),
    z.refine((list) => list.every(isValidEmail), { message: 'validation.email' }),
    z.refine((list) => new Set(list).size === list.length, { message: 'validation.duplicates' }),
  ),
  org_role: z.enum(ORG_ROLES),
  advs: z._default(ZAdvAssignments, []),
});
export type TInviteMembersRequest = z.infer<typeof ZInviteMembersRequest>;

export const ZUpdateMemberRoleRequest = z.object({ org_role: z.enum(ORG_ROLES) });
export const ZAssignAccountsRequest = z.object({ advs: ZAdvAssignments });

/** POST /scaler/account/invitation/accept: signed in as the invited e-mail, or signing up with it. */
export const ZAcceptInvitationRequest = z.object({
  token: z.string().check(z.minLength(16), z.maxLength(128)),
  password: z.optional(
    z
      .string()
      .check(
        z.minLength(8, { message: 'validation.password_length' }),
        z.maxLength(128, { message: 'validation.password_length' }),
      ),
  ),
  name: z.optional(z.string().check(z.trim(), z.maxLength(64, { message: 'validation.too_long' }))),
});
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const ZPage = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
/** A list search: NUL cannot be stored or searched for in PostgreSQL text, so it is refused up front. */
const ZSearch = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(64),
    z.refine((v) => !v.includes('\u0000'), { message: 'validation.invalid' }),
  ),
);
const ZPageSize = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20);

/** GET /scaler/v3/bc/members: filtered, sorted (longest-standing first), paged and counted in SQL. */
export const ZMemberListQuery = z.object({
  q: ZSearch,
  org_role: z.optional(z.enum(ORG_ROLES)),
  page: ZPage,
  page_size: ZPageSize,
});
export type TMemberListQuery = z.infer<typeof ZMemberListQuery>;

/** GET /scaler/v3/bc/invitations: pending invitations (admins), oldest first. */
export const ZInvitationListQuery = z.object({
  q: ZSearch,
  page: ZPage,
  page_size: ZPageSize,
});
export type TInvitationListQuery = z.infer<typeof ZInvitationListQuery>;

/** An account a member holds through this center. */
export const ZMemberAccount = z.object({
  adv_id: z.int(),
  adv_name: z.string(),
  adv_role: z.enum(ADV_ROLES),
});
export type TMemberAccount = z.infer<typeof ZMemberAccount>;

export const ZMember = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  org_role: z.enum(ORG_ROLES),
  joined_at: z.string(),
  /** The accounts assigned to the member in this center (none for admins, who reach every account). */
  advs: z.array(ZMemberAccount),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberList = z.object({ list: z.array(ZMember), total: z.int() });
export type TMemberList = z.infer<typeof ZMemberList>;

export const ZInvitation = z.object({
  id: z.int(),
  email: z.string(),
  org_role: z.enum(ORG_ROLES),
  advs: z.array(ZAdvAssignment),
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationList = z.object({ list: z.array(ZInvitation), total: z.int() });
export type TInvitationList = z.infer<typeof ZInvitationList>;

/** POST /scaler/v3/bc/invitations. */
export const ZInviteMembersResult = z.object({ invited: z.int() });
export type TInviteMembersResult = z.infer<typeof ZInviteMembersResult>;

/** PUT /scaler/v3/bc/members/:user_id/advs: the assignments as stored (roles capped at a share). */
export const ZAssignAccountsResult = z.array(ZAdvAssignment);
export type TAssignAccountsResult = z.infer<typeof ZAssignAccountsResult>;

/** What the /email page shows for an invitation link. */
export const ZInvitationInfo = z.object({
  org_id: z.int(),
  org_name: z.string(),
  email: z.string(),
  org_role: z.enum(ORG_ROLES),
  status: z.enum(INVITATION_STATUSES),
  /** Whether an account with the invited e-mail exists (then: log in and accept; else: sign up). */
  has_account: z.boolean(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

/** POST /scaler/account/invitation/accept. */
export const ZAcceptInvitationResult = z.object({ org_id: z.int(), signed_up: z.boolean() });
export type TAcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;
