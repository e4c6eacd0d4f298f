import { z } from 'zod';
import { type AdvRole, type AdvStatus, ORG_ROLES, ORG_STATUSES, ORG_TYPES } from './codes';
import { LOCALES } from './locale';
import type { Menus } from './menus';
import { ZEmail, ZPassword } from './validation';

export const ZName = z.string().trim().min(1, { message: 'validation.required' }).max(64, {
  message: 'validation.too_long',
});

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, { message: 'validation.password_required' }).max(128),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  name: ZName.optional(),
  language: z.enum(LOCALES).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The console's sign-up form adds the confirmation; the server validates the request above. */
export const ZRegisterForm = ZRegisterRequest.extend({ confirm: z.string() }).refine(
  (v) => v.confirm === v.password,
  { message: 'validation.password_mismatch', path: ['confirm'] },
);

export const ZRepwdRequest = z.object({ email: ZEmail });
export type TRepwdRequest = z.infer<typeof ZRepwdRequest>;

/** PUT /scaler/account/reset/pwd: logged in (no token) or with the e-mail's one-time token. */
export const ZResetPasswordRequest = z.object({
  password: ZPassword,
  token: z.string().min(16).max(128).optional(),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** Reset-password dialog (spec 2, 5): password required, confirmation must match. */
export const ZResetPasswordForm = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((v) => v.confirm === v.password, { message: 'validation.password_mismatch', path: ['confirm'] });

/** PUT /scaler/account/profile: the user's own name, avatar and language (/setting/index). */
export const ZProfileRequest = z.object({
  name: ZName,
  avatar: z
    .string()
    .regex(/^avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { message: 'validation.invalid' })
    .nullable()
    .optional(),
  language: z.enum(LOCALES),
});
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

export const ZVerifyEmailRequest = z.object({ token: z.string().min(16).max(128) });

export const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'invite'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** GET /scaler/account/email/token: what an e-mail link is, before acting on it. */
export interface TEmailTokenInfo {
  purpose: EmailTokenPurpose;
  email: string;
  expired: boolean;
  used: boolean;
}

/** A center as its member sees it (`bcList`, `user_info.orgs`). */
export const ZOrgSummary = z.object({
  org_id: z.number().int(),
  org_name: z.string(),
  avatar: z.string().nullable(),
  org_status: z.union(ORG_STATUSES.map((s) => z.literal(s))),
  org_role: z.enum(ORG_ROLES),
  org_type: z.union(ORG_TYPES.map((t) => z.literal(t))),
});
export type TOrgSummary = z.infer<typeof ZOrgSummary>;

export interface TAdvSummary {
  adv_id: number;
  adv_name: string;
  org_id: number;
  status: AdvStatus;
  adv_role: AdvRole;
  /** The owning center; differs from org_id when the account is shared with org_id by a partner. */
  owner_org_id: number;
  shared: boolean;
}

/** GET /scaler/account/user_info (spec 3). */
export interface TUserInfo {
  _id: string;
  name: string;
  email: string;
  avatar_middle: string | null;
  orgs: TOrgSummary[];
  advs: TAdvSummary[];
  /** 1 when the user is an org admin of a center with markup on some account. */
  mark: 0 | 1;
  /** 1 when the user may see fees and finance in the current center. */
  status_fee: 0 | 1;
  /** 1 for the single-page creative viewer mode. */
  v: 0 | 1;
  is_operator: boolean;
  language: string;
}

/** GET /scaler/account/routes (decisions 2). */
export interface TSessionRoutes {
  menus: Menus;
  advs: Pick<TAdvSummary, 'adv_id' | 'adv_name' | 'org_id' | 'status'>[];
}
