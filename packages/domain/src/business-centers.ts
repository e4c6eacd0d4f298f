import { z } from 'zod';
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
  z.string().trim().max(max, { message: 'validation.too_long' }).optional().default('');

export const ZWebsite = z
  .string()
  .trim()
  .max(255, { message: 'validation.too_long' })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: 'validation.url' });

export const ZPhone = z
  .string()
  .trim()
  .max(32, { message: 'validation.too_long' })
  .refine((v) => v === '' || /^\+?[0-9 ()-]{5,32}$/.test(v), { message: 'validation.phone' });

/** Company fields of spec 3, shared by business centers and advertiser accounts. */
export const ZCompanyFields = z.object({
  company_name: z.string().trim().min(1, { message: 'validation.required' }).max(128, {
    message: 'validation.too_long',
  }),
  profession: z.enum(PROFESSIONS, { message: 'validation.required' }),
  currency: z.enum(CURRENCIES, { message: 'validation.required' }),
  timezone: z.enum(TIME_ZONE_OFFSETS as [string, ...string[]], { message: 'validation.required' }),
  target_location: optionalText(64),
  website: ZWebsite.optional().default(''),
  tax_number: optionalText(64),
  license_no: optionalText(64),
  contact_name: optionalText(64),
  telephone: ZPhone.optional().default(''),
  phone: ZPhone.optional().default(''),
});

export const ZCreateBusinessCenterRequest = ZCompanyFields.extend({
  org_name: z.string().trim().min(1, { message: 'validation.required' }).max(64, {
    message: 'validation.too_long',
  }),
  org_type: z.union([z.literal(ORG_TYPE.agency), z.literal(ORG_TYPE.advertiser)], {
    message: 'validation.required',
  }),
});
export type TCreateBusinessCenterRequest = z.infer<typeof ZCreateBusinessCenterRequest>;

const ZAvatarPath = z
  .string()
  .regex(/^avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { message: 'validation.invalid' })
  .nullable();

/** PUT /scaler/v3/bc/info: business info of /manage/setting. */
export const ZUpdateBusinessInfoRequest = ZCompanyFields.extend({
  org_name: z.string().trim().min(1, { message: 'validation.required' }).max(64, {
    message: 'validation.too_long',
  }),
  avatar: ZAvatarPath.optional(),
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
    .min(0, { message: 'validation.commission_rate' })
    .max(1, { message: 'validation.commission_rate' })
    .multipleOf(0.0001, { message: 'validation.commission_rate' }),
  effective_time: z.iso.datetime({ offset: true, message: 'validation.invalid' }).nullable(),
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
export const ZBusinessCenterInfo = ZCompanyValues.extend({
  org_id: z.number().int(),
  org_name: z.string(),
  avatar: z.string().nullable(),
  org_type: z.union(ORG_TYPES.map((t) => z.literal(t))),
  org_status: z.union(ORG_STATUSES.map((s) => z.literal(s))),
  org_role: z.enum(ORG_ROLES),
  show_commission: z.boolean(),
  use_commission: z.boolean(),
  commission_rate: z.number(),
  effective_time: z.string().nullable(),
  created_at: z.string(),
});
export type TBusinessCenterInfo = z.infer<typeof ZBusinessCenterInfo>;

/**
 * GET /scaler/v3/bc/overview: the center at a glance. Standard users: their own accounts, the
 * administration figures 0 and no activity. `recent_activity` names its objects itself.
 */
export const ZOverview = z.object({
  members: z.number().int(),
  accounts_by_status: z.object({
    0: z.number().int(),
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
  }),
  accounts_total: z.number().int(),
  partners: z.number().int(),
  pending_invitations: z.number().int(),
  pending_reviews: z.number().int(),
  verification_pending: z.boolean(),
  recent_activity: z.array(ZActivity),
});
export type TOverview = z.infer<typeof ZOverview>;

/** The cost-including-fee column (spec 9): spend + spend x rate, in cents to stay exact. */
export function gmvFee(spendCents: number, rate: number): number {
  return spendCents + Math.round(spendCents * rate);
}
