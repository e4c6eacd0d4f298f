import { z } from 'zod';
import { ORG_TYPE } from './codes';
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
