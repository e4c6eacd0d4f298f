import { z } from 'zod';
import { ZCompanyFields } from './business-centers';
import type { AdvRole, AdvStatus } from './codes';
import { ADV_STATUSES } from './codes';
import type { TLicenseFile } from './files';
import { ZCalendarDate } from './validation';

export const ZLicenseFiles = z.array(z.string().regex(/^[a-f0-9]{32}\.(pdf|png|jpg|webp)$/)).max(10);

/** POST /scaler/v3/advs: the account fields plus the company fields of spec 3. */
export const ZCreateAdvertiserRequest = ZCompanyFields.extend({
  adv_name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(64, { message: 'validation.too_long' }),
  license_files: ZLicenseFiles.default([]),
});
export type TCreateAdvertiserRequest = z.infer<typeof ZCreateAdvertiserRequest>;

export const ZUpdateAdvertiserRequest = ZCreateAdvertiserRequest;
export type TUpdateAdvertiserRequest = z.infer<typeof ZUpdateAdvertiserRequest>;

export const ZAdvertiserListQuery = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((s) => (ADV_STATUSES as readonly number[]).includes(s))
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** Markup (decisions 3): ratio, start date, end date, role; cost seen as Advertiser is cost x (1 + ratio). */
export const ZMarkupRequest = z
  .object({
    ratio: z
      .number()
      .min(0, { message: 'validation.markup_ratio' })
      .max(10, { message: 'validation.markup_ratio' }),
    start_date: ZCalendarDate,
    end_date: ZCalendarDate.nullable().default(null),
    role: z.enum(['advertiser']).default('advertiser'),
  })
  .refine((m) => m.end_date === null || m.end_date >= m.start_date, {
    message: 'validation.date_order',
    path: ['end_date'],
  });
export type TMarkupRequest = z.infer<typeof ZMarkupRequest>;

export interface TAdvertiserRow {
  adv_id: number;
  adv_name: string;
  /** The center through which the caller reaches the account (own, or partner). */
  org_id: number;
  owner_org_id: number;
  owner_org_name: string;
  status: AdvStatus;
  adv_role: AdvRole;
  shared: boolean;
  closed: boolean;
  company_name: string;
  currency: string;
  timezone: string;
  created_at: string;
}

export interface TAdvertiserDetail extends TAdvertiserRow {
  profession: string;
  target_location: string;
  website: string;
  tax_number: string;
  license_no: string;
  contact_name: string;
  telephone: string;
  phone: string;
  license_files: TLicenseFile[];
  review_reason: string;
  members: { _id: string; name: string; email: string; adv_role: AdvRole }[];
  markup: { ratio: number; start_date: string; end_date: string | null; role: string } | null;
}
