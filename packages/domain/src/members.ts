import { z } from 'zod';
import { ADV_ROLES, type AdvRole, ORG_ROLES, type OrgRole } from './codes';
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
  .max(500)
  .refine(uniqueAccounts, { message: 'validation.duplicates' });

export const INVITE_MAX = 50;

/** POST /scaler/v3/bc/invitations: a list of e-mails (spec 5 list check) with one role. */
export const ZInviteMembersRequest = z.object({
  emails: z
    .array(z.string().trim().toLowerCase())
    .min(1, { message: 'validation.email' })
    .max(INVITE_MAX, { message: 'validation.too_long' })
    .refine((list) => list.every(isValidEmail), { message: 'validation.email' })
    .refine((list) => new Set(list).size === list.length, { message: 'validation.duplicates' }),
  org_role: z.enum(ORG_ROLES),
  advs: ZAdvAssignments.default([]),
});
export type TInviteMembersRequest = z.infer<typeof ZInviteMembersRequest>;

export const ZUpdateMemberRoleRequest = z.object({ org_role: z.enum(ORG_ROLES) });
export const ZAssignAccountsRequest = z.object({ advs: ZAdvAssignments });

/** POST /scaler/account/invitation/accept: signed in as the invited e-mail, or signing up with it. */
export const ZAcceptInvitationRequest = z.object({
  token: z.string().min(16).max(128),
  password: z
    .string()
    .min(8, { message: 'validation.password_length' })
    .max(128, { message: 'validation.password_length' })
    .optional(),
  name: z.string().trim().max(64, { message: 'validation.too_long' }).optional(),
});

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface TMemberAccount {
  adv_id: number;
  adv_name: string;
  adv_role: AdvRole;
}

export interface TMember {
  _id: string;
  name: string;
  email: string;
  avatar: string | null;
  org_role: OrgRole;
  joined_at: string;
  advs: TMemberAccount[];
}

export interface TInvitation {
  id: number;
  email: string;
  org_role: OrgRole;
  advs: TAdvAssignment[];
  status: InvitationStatus;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

export interface TMembersPage {
  members: TMember[];
  invitations: TInvitation[];
}

/** What the /email page shows for an invitation link. */
export interface TInvitationInfo {
  org_id: number;
  org_name: string;
  email: string;
  org_role: OrgRole;
  status: InvitationStatus;
  /** Whether an account with the invited e-mail exists (then: log in and accept; else: sign up). */
  has_account: boolean;
}
