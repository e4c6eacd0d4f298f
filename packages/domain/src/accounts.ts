import * as z from 'zod/mini';
import { ADV_ROLES, ADV_STATUSES, ORG_ROLES, ORG_STATUSES, ORG_TYPES } from './codes';
import { ZIsoTime } from './envelope';
import { LOCALES } from './locale';
import type { MenuItem } from './menus';
import { ZEmail, ZPassword } from './validation';

export const ZName = z.string().check(
  z.trim(),
  z.minLength(1, { message: 'validation.required' }),
  z.maxLength(64, {
    message: 'validation.too_long',
  }),
);

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().check(z.minLength(1, { message: 'validation.password_required' }), z.maxLength(128)),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  name: z.optional(ZName),
  language: z.optional(z.enum(LOCALES)),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The console's sign-up form adds the confirmation; the server validates the request above. */
export const ZRegisterForm = z
  .extend(ZRegisterRequest, { confirm: z.string() })
  .check(
    z.refine((v) => v.confirm === v.password, { message: 'validation.password_mismatch', path: ['confirm'] }),
  );

export const ZRepwdRequest = z.object({ email: ZEmail });
export type TRepwdRequest = z.infer<typeof ZRepwdRequest>;

/**
 * PUT /scaler/account/reset/pwd: with the e-mail's one-time token, or signed in with the current
 * password (a stolen session alone cannot change it).
 */
export const ZResetPasswordRequest = z
  .object({
    password: ZPassword,
    token: z.optional(z.string().check(z.minLength(16), z.maxLength(128))),
    current_password: z.optional(z.string().check(z.maxLength(128))),
  })
  .check(
    z.refine((v) => v.token !== undefined || (v.current_password ?? '') !== '', {
      message: 'validation.current_password_required',
      path: ['current_password'],
    }),
  );
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset link's form (spec 5): password required, confirmation must match. */
export const ZResetPasswordForm = z
  .object({ password: ZPassword, confirm: z.string() })
  .check(
    z.refine((v) => v.confirm === v.password, { message: 'validation.password_mismatch', path: ['confirm'] }),
  );

/** The signed-in change-password dialog (spec 2): the current password, then the new one twice. */
export const ZChangePasswordForm = z
  .object({
    current_password: z
      .string()
      .check(z.minLength(1, { message: 'validation.current_password_required' }), z.maxLength(128)),
    password: ZPassword,
    confirm: z.string(),
  })
  .check(
    // Checked even while the current password is still empty, so the dialog reports every field at once.
    z.refine((v) => v.confirm === v.password, {
      message: 'validation.password_mismatch',
      path: ['confirm'],
      when: () => true,
    }),
  );

/** PUT /scaler/account/profile: the user's own name, avatar and language (/setting/index). */
export const ZProfileRequest = z.object({
  name: ZName,
  avatar: z.optional(
    z.nullable(
      z
        .string()
        .check(z.regex(/^avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { message: 'validation.invalid' })),
    ),
  ),
  language: z.enum(LOCALES),
});
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

export const ZVerifyEmailRequest = z.object({ token: z.string().check(z.minLength(16), z.maxLength(128)) });

export const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'invite'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** GET /scaler/account/email/token: what an e-mail link is, before acting on it. */
export const ZEmailTokenInfo = z.object({
  purpose: z.enum(EMAIL_TOKEN_PURPOSES),
  email: z.string(),
  expired: z.boolean(),
  used: z.boolean(),
});
export type TEmailTokenInfo = z.infer<typeof ZEmailTokenInfo>;

/** A center as its member sees it (`bcList`, `user_info.orgs`). */
export const ZOrgSummary = z.object({
  org_id: z.int(),
  org_name: z.string(),
  avatar: z.nullable(z.string()),
  org_status: z.union(ORG_STATUSES.map((s) => z.literal(s))),
  org_role: z.enum(ORG_ROLES),
  org_type: z.union(ORG_TYPES.map((t) => z.literal(t))),
});
export type TOrgSummary = z.infer<typeof ZOrgSummary>;

/** A menu entry of the routes call (`MenuItem` of menus.ts); unknown keys pass, so new fields are kept. */
export const ZMenuItem: z.ZodMiniType<MenuItem> = z.looseObject({
  key: z.string(),
  path: z.string(),
  name: z.string(),
  icon: z.optional(z.string()),
  sort: z.number(),
  roles: z.optional(z.readonly(z.array(z.enum(ORG_ROLES)))),
  roleTypes: z.optional(z.readonly(z.array(z.union(ORG_TYPES.map((t) => z.literal(t)))))),
  hidden: z.optional(z.boolean()),
  children: z.optional(z.lazy(() => z.readonly(z.array(ZMenuItem)))),
});
export const ZMenus = z.object({ ads: z.array(ZMenuItem), manage: z.array(ZMenuItem) });

/**
 * How many accounts the session answers (`user_info`, the routes call) carry at most: the account the
 * `adv-id` header names, the first active account of the `org-id` center, then the center's first
 * accounts by id. The full list is paged and searched through `GET /scaler/v3/advs`.
 */
export const SESSION_ADVS_LIMIT = 20;

const ZAdvStatus = z.union(ADV_STATUSES.map((s) => z.literal(s)));

/** An advertiser account as the user reaches it in one center, with the role there (spec 3). */
export const ZAdvSummary = z.object({
  adv_id: z.int(),
  adv_name: z.string(),
  /** The center through which the user reaches the account: its owner, or a partner it is shared with. */
  org_id: z.int(),
  status: ZAdvStatus,
  adv_role: z.enum(ADV_ROLES),
  /** The owning center; differs from org_id when the account is shared with org_id by a partner. */
  owner_org_id: z.int(),
  shared: z.boolean(),
});
export type TAdvSummary = z.infer<typeof ZAdvSummary>;

/** GET /scaler/account/user_info (spec 3); `mark`, `status_fee` and `advs` speak of the `org-id` center. */
export const ZUserInfo = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_middle: z.nullable(z.string()),
  orgs: z.array(ZOrgSummary),
  /** At most `SESSION_ADVS_LIMIT` accounts (see there); `advs_total` counts them all. */
  advs: z.array(ZAdvSummary),
  advs_total: z.int(),
  /** 1 when the user is an admin of the center with markup on some account (the Agent/Advertiser switch). */
  mark: z.union([z.literal(0), z.literal(1)]),
  /** 1 when the center shows commission (`show_commission`) and it has taken effect (decisions 3). */
  status_fee: z.union([z.literal(0), z.literal(1)]),
  /** 1 for the single-page creative viewer mode. */
  v: z.union([z.literal(0), z.literal(1)]),
  is_operator: z.boolean(),
  language: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** An account of the routes call: what the router guard and the assets pages need. */
export const ZSessionAdv = z.pick(ZAdvSummary, {
  adv_id: true,
  adv_name: true,
  org_id: true,
  status: true,
  adv_role: true,
});
export type TSessionAdv = z.infer<typeof ZSessionAdv>;

/** GET /scaler/account/routes (decisions 2): the menus of the `org-id` center and a bounded `advs`. */
export const ZSessionRoutes = z.object({
  menus: ZMenus,
  advs: z.array(ZSessionAdv),
  advs_total: z.int(),
});
export type TSessionRoutes = z.infer<typeof ZSessionRoutes>;

// Sessions, sign-in codes and e-mail links (issue 8)

/** POST /scaler/account/user: the same answer whether the address was new or already registered. */
export const ZRegisterReply = z.object({ email: z.string() });
export type TRegisterReply = z.infer<typeof ZRegisterReply>;

/** POST /scaler/account/email/verify */
export const ZVerifyEmailReply = z.object({ email: z.string() });

/** POST /scaler/account/login: the token is for API clients (header `token`); browsers use the cookie. */
export const ZLoginReply = z.object({ token: z.string(), user: ZUserInfo });
export type TLoginReply = z.infer<typeof ZLoginReply>;

/** How long a sign-in code handed over by a login redirect lives (single use). */
export const LOGIN_CODE_TTL_MS = 60_000;

/** A console path to open after signing in: same origin only (`/x`, never `//host` nor a backslash form). */
export const ZConsolePath = z.string().check(
  z.maxLength(2048),
  z.refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'), {
    message: 'validation.invalid',
  }),
);

/** POST /scaler/account/login/code: a signed-in client asks for a code to hand a browser over. */
export const ZLoginCodeRequest = z.object({ redirect: z.optional(ZConsolePath) });
export type TLoginCodeRequest = z.infer<typeof ZLoginCodeRequest>;

/** The code, when it stops working, and the console link (`?code=`) that spends it. */
export const ZLoginCode = z.object({ code: z.string(), expires_at: ZIsoTime, link: z.string() });
export type TLoginCode = z.infer<typeof ZLoginCode>;

/** POST /scaler/account/login/exchange: spends a code once for a session cookie. */
export const ZLoginExchangeRequest = z.object({ code: z.string().check(z.minLength(16), z.maxLength(128)) });
export type TLoginExchangeRequest = z.infer<typeof ZLoginExchangeRequest>;

/**
 * POST /scaler/account/login/code/peek: who a code signs in as, without spending it, so a browser that
 * did not ask for the link can show it and ask before signing in (login CSRF).
 */
export const ZLoginCodePeekRequest = ZLoginExchangeRequest;
export type TLoginCodePeekRequest = z.infer<typeof ZLoginCodePeekRequest>;

/**
 * The code's user, and this browser's session now: `none` (the console asks "Sign in as …?"), `same`
 * (that user already: nothing to ask) or `other` (another user, whose session a code never replaces).
 */
export const ZLoginCodePeek = z.object({
  email: z.string(),
  name: z.string(),
  session: z.enum(['none', 'same', 'other']),
});
export type TLoginCodePeek = z.infer<typeof ZLoginCodePeek>;

/** Who is signed in now; `kept` when the browser already had this user's session (nothing replaced). */
export const ZLoginExchangeReply = z.object({ _id: z.string(), email: z.string(), kept: z.boolean() });
export type TLoginExchangeReply = z.infer<typeof ZLoginExchangeReply>;
