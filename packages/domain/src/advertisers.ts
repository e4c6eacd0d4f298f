import * as z from 'zod/mini';
import { ZCompanyFields } from './business-centers';
import { ADV_ROLES, ADV_STATUSES } from './codes';
import { ZLicenseFile } from './files';
import { accountZoneName, accountZoneProblem } from './time-zones';
import { ZCalendarDate } from './validation';

export const ZLicenseFiles = z
  .array(z.string().check(z.regex(/^[a-f0-9]{32}\.(pdf|png|jpg|webp)$/)))
  .check(z.maxLength(10));

/**
 * An account's time zone (decisions 6): an IANA name (`America/New_York`) whose offset is a whole number
 * of hours all year, as the statistics store keeps UTC hours. A fixed offset (`+08:00`, what spec 3's
 * form sends) is taken as its `Etc/GMT-8` name.
 */
export const ZAccountTimeZone = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, { message: 'validation.required' }),
    z.refine((v) => accountZoneProblem(v) !== 'validation.timezone_unknown', {
      message: 'validation.timezone_unknown',
      abort: true,
    }),
    z.refine((v) => accountZoneProblem(v) === null, { message: 'validation.timezone_part_hour' }),
  ),
  z.transform(accountZoneName),
);

/** POST /scaler/v3/advs: the account fields plus the company fields of spec 3. */
export const ZCreateAdvertiserRequest = z.extend(ZCompanyFields, {
  timezone: ZAccountTimeZone,
  adv_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'validation.required' }),
      z.maxLength(64, { message: 'validation.too_long' }),
    ),
  license_files: z._default(ZLicenseFiles, []),
});
export type TCreateAdvertiserRequest = z.infer<typeof ZCreateAdvertiserRequest>;

export const ZUpdateAdvertiserRequest = ZCreateAdvertiserRequest;
export type TUpdateAdvertiserRequest = z.infer<typeof ZUpdateAdvertiserRequest>;

const ZPage = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
const ZPageSize = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20);

/** GET /scaler/v3/advs: the list, the header's switcher and the account pickers all page through it. */
export const ZAdvertiserListQuery = z.object({
  /** Part of the account's name or id. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  status: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((s) => (ADV_STATUSES as readonly number[]).includes(s)),
    ),
  ),
  /** Only accounts partners share with this center (true) or only its own (false). */
  shared: z.optional(z.stringbool()),
  /** Only closed accounts (true) or only those not closed (false). */
  closed: z.optional(z.stringbool()),
  page: ZPage,
  page_size: ZPageSize,
});
export type TAdvertiserListQuery = z.infer<typeof ZAdvertiserListQuery>;

/** GET /scaler/v3/advs/markups: the center's own accounts with their markup, a page at a time. */
export const ZMarkupListQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  page: ZPage,
  page_size: ZPageSize,
});
export type TMarkupListQuery = z.infer<typeof ZMarkupListQuery>;

/** Markup (decisions 3): ratio, start date, end date, role; cost seen as Advertiser is cost x (1 + ratio). */
export const ZMarkupRequest = z
  .object({
    ratio: z
      .number()
      .check(
        z.gte(0, { message: 'validation.markup_ratio' }),
        z.lte(10, { message: 'validation.markup_ratio' }),
      ),
    start_date: ZCalendarDate,
    end_date: z._default(z.nullable(ZCalendarDate), null),
    role: z._default(z.enum(['advertiser']), 'advertiser'),
  })
  .check(
    z.refine((m) => m.end_date === null || m.end_date >= m.start_date, {
      message: 'validation.date_order',
      path: ['end_date'],
    }),
  );
export type TMarkupRequest = z.infer<typeof ZMarkupRequest>;

const ZAdvStatus = z.union(ADV_STATUSES.map((v) => z.literal(v)));

/** A row of the accounts list (`GET /scaler/v3/advs`), as the caller reaches the account in the center. */
export const ZAdvertiserRow = z.object({
  adv_id: z.int(),
  adv_name: z.string(),
  /** The center through which the caller reaches the account (own, or partner). */
  org_id: z.int(),
  owner_org_id: z.int(),
  owner_org_name: z.string(),
  status: ZAdvStatus,
  adv_role: z.enum(ADV_ROLES),
  shared: z.boolean(),
  closed: z.boolean(),
  company_name: z.string(),
  currency: z.string(),
  /** The account's UTC offset now (`-05:00`), as spec 3 shows it. */
  timezone: z.string(),
  /** The account's IANA time zone (`America/New_York`): its days, budgets and dayparting follow it. */
  timezone_name: z.string(),
  created_at: z.string(),
});
export type TAdvertiserRow = z.infer<typeof ZAdvertiserRow>;

export const ZAdvertiserPage = z.object({ list: z.array(ZAdvertiserRow), total: z.int() });
export type TAdvertiserPage = z.infer<typeof ZAdvertiserPage>;

/** A markup as stored (decisions 3). */
export const ZMarkup = z.object({
  ratio: z.number(),
  start_date: z.string(),
  end_date: z.nullable(z.string()),
  role: z.string(),
});
export type TMarkup = z.infer<typeof ZMarkup>;

export const ZAdvertiserDetail = z.extend(ZAdvertiserRow, {
  profession: z.string(),
  target_location: z.string(),
  website: z.string(),
  tax_number: z.string(),
  license_no: z.string(),
  contact_name: z.string(),
  telephone: z.string(),
  phone: z.string(),
  /** Stored name and the name it was uploaded with. */
  license_files: z.array(ZLicenseFile),
  review_reason: z.string(),
  members: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), adv_role: z.enum(ADV_ROLES) }),
  ),
  markup: z.nullable(ZMarkup),
});
export type TAdvertiserDetail = z.infer<typeof ZAdvertiserDetail>;

/** What creating or editing an account answers. */
export const ZAdvertiserSaved = z.object({ adv_id: z.int(), status: ZAdvStatus });
export type TAdvertiserSaved = z.infer<typeof ZAdvertiserSaved>;

/** A row of the markups page: an own account and its markup, if any. */
export const ZAdvertiserMarkupRow = z.object({
  adv_id: z.int(),
  adv_name: z.string(),
  status: ZAdvStatus,
  markup: z.nullable(ZMarkup),
});
export type TAdvertiserMarkupRow = z.infer<typeof ZAdvertiserMarkupRow>;

export const ZAdvertiserMarkupPage = z.object({
  list: z.array(ZAdvertiserMarkupRow),
  total: z.int(),
});
export type TAdvertiserMarkupPage = z.infer<typeof ZAdvertiserMarkupPage>;
