import * as z from 'zod/mini';
import { ZActivity } from './activity';
import { ORG_ROLES, ORG_STATUSES, ORG_TYPE, ORG_TYPES } from './codes';
import { TIME_ZONE_OFFSETS } from './time-zones';

export const CURRENCIES = ['USD', 'CNY', 'EUR', 'GBP', 'JPY', 'HKD', 'SGD'] as const;
export const PROFESSIONS = [
  'ecommerce',
  'gaming',
  'apps',
  'finance',
  'education',
  'travel',
  'health',
  'retail',
  'media',
  'other',
] as const;

const optionalText = (max: number) =>
  z._default(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { message: 'validation.too_long' }))),
    '',
  );

export const ZWebsite = z.string().check(
  z.trim(),
  z.maxLength(255, { message: 'validation.too_long' }),
  z.refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: 'validation.url' }),
);

export const ZPhone = z.string().check(
  z.trim(),
  z.maxLength(32, { message: 'validation.too_long' }),
  z.refine((v) => v === '' || /^\+?[0-9 ()-]{5,32}$/.test(v), { message: 'validation.phone' }),
);

/** Company fields of spec 3, shared by business centers and advertiser accounts. */
export const ZCompanyFields = z.object({
  company_name: z.string().check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.maxLength(128, {
      message: 'validation.too_long',
    }),
  ),
  profession: z.enum(PROFESSIONS, { message: 'validation.required' }),
  currency: z.enum(CURRENCIES, { message: 'validation.required' }),
  timezone: z.enum(TIME_ZONE_OFFSETS as [string, ...string[]], { message: 'validation.required' }),
  target_location: optionalText(64),
  website: z._default(z.optional(ZWebsite), ''),
  tax_number: optionalText(64),
  license_no: optionalText(64),
  contact_name: optionalText(64),
  telephone: z._default(z.optional(ZPhone), ''),
  phone: z._default(z.optional(ZPhone), ''),
});

export const ZCreateBusinessCenterRequest = z.extend(ZCompanyFields, {
  org_name: z.string().check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.maxLength(64, {
      message: 'validation.too_long',
    }),
  ),
  org_type: z.union([z.literal(ORG_TYPE.agency), z.literal(ORG_TYPE.advertiser)], {
    message: 'validation.required',
  }),
});
export type TCreateBusinessCenterRequest = z.infer<typeof ZCreateBusinessCenterRequest>;

const ZAvatarPath = z.nullable(
  z.string().check(z.regex(/^avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { message: 'validation.invalid' })),
);

/** PUT /scaler/v3/bc/info: business info of /manage/setting. */
export const ZUpdateBusinessInfoRequest = z.extend(ZCompanyFields, {
  org_name: z.string().check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.maxLength(64, {
      message: 'validation.too_long',
    }),
  ),
  avatar: z.optional(ZAvatarPath),
});
export type TUpdateBusinessInfoRequest = z.infer<typeof ZUpdateBusinessInfoRequest>;

/**
 * PUT /scaler/v3/bc/commission. The rate is a fraction (0.05 = 5%); total cost = spend + spend x rate,
 * shown as the `gmv_fee` column where `show_commission` is on, from `effective_time` on.
 */
export const ZCommissionRequest = z.object({
  show_commission: z.boolean(),
  use_commission: z.boolean(),
  commission_rate: z
    .number()
    .check(
      z.gte(0, { message: 'validation.commission_rate' }),
      z.lte(1, { message: 'validation.commission_rate' }),
      z.multipleOf(0.0001, { message: 'validation.commission_rate' }),
    ),
  effective_time: z.nullable(z.iso.datetime({ offset: true, message: 'validation.invalid' })),
});
export type TCommissionRequest = z.infer<typeof ZCommissionRequest>;

/** The company fields as answers write them. */
export const ZCompanyValues = z.object({
  company_name: z.string(),
  profession: z.string(),
  currency: z.string(),
  timezone: z.string(),
  target_location: z.string(),
  website: z.string(),
  tax_number: z.string(),
  license_no: z.string(),
  contact_name: z.string(),
  telephone: z.string(),
  phone: z.string(),
});
export type TCompanyValues = z.infer<typeof ZCompanyValues>;

/** GET/PUT /scaler/v3/bc/info, PUT /scaler/v3/bc/commission. */
export const ZBusinessCenterInfo = z.extend(ZCompanyValues, {
  org_id: z.int(),
  org_name: z.string(),
  avatar: z.nullable(z.string()),
  org_type: z.union(ORG_TYPES.map((t) => z.literal(t))),
  org_status: z.union(ORG_STATUSES.map((s) => z.literal(s))),
  org_role: z.enum(ORG_ROLES),
  show_commission: z.boolean(),
  use_commission: z.boolean(),
  commission_rate: z.number(),
  effective_time: z.nullable(z.string()),
  created_at: z.string(),
});
export type TBusinessCenterInfo = z.infer<typeof ZBusinessCenterInfo>;

/**
 * GET /scaler/v3/bc/overview: the center at a glance. Standard users: their own accounts, the
 * administration figures 0 and no activity. `recent_activity` names its objects itself.
 */
export const ZOverview = z.object({
  members: z.int(),
  accounts_by_status: z.object({
    0: z.int(),
    1: z.int(),
    2: z.int(),
    3: z.int(),
    4: z.int(),
  }),
  accounts_total: z.int(),
  partners: z.int(),
  pending_invitations: z.int(),
  pending_reviews: z.int(),
  verification_pending: z.boolean(),
  recent_activity: z.array(ZActivity),
});
export type TOverview = z.infer<typeof ZOverview>;

/** The cost-including-fee column (spec 9): spend + spend x rate, in cents to stay exact. */
export function gmvFee(spendCents: number, rate: number): number {
  return spendCents + Math.round(spendCents * rate);
}
