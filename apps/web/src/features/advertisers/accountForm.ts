import {
  accountZoneName,
  type TAdvertiserDetail,
  type TBusinessCenterInfo,
  type TCreateAdvertiserRequest,
  type TLicenseFile,
  ZCreateAdvertiserRequest,
} from '@scaler/domain';
import { COMPANY_FIELDS } from '../business-centers/companyFields';

export const ACCOUNT_FIELDS = ['adv_name', ...COMPANY_FIELDS, 'license_files'] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number];

export type AccountFormValues = Partial<Record<Exclude<AccountField, 'license_files'>, string>> & {
  license_files?: string[];
};

/**
 * A new account starts with the center's currency and time zone (and its company, as a hint): the
 * center's offset as the fixed zone it is (`+08:00` → `Etc/GMT-8`), to change for an IANA one.
 */
export function newAccountValues(center: Pick<TBusinessCenterInfo, 'currency' | 'timezone'> | null) {
  return {
    currency: center?.currency ?? 'USD',
    timezone: accountZoneName(center?.timezone ?? '+00:00'),
    license_files: [],
  } satisfies AccountFormValues;
}

/** The edit form prefilled from GET /scaler/v3/advs/:id; new uploads start empty. */
export function accountValuesFromDetail(detail: TAdvertiserDetail): AccountFormValues {
  const values: AccountFormValues = { license_files: [] };
  for (const field of ACCOUNT_FIELDS) {
    if (field !== 'license_files') values[field] = detail[field] ?? '';
  }
  // The form edits the IANA name; `timezone` is the offset now.
  values.timezone = detail.timezone_name;
  return values;
}

/**
 * The request of POST/PUT /scaler/v3/advs from the form: the schema trims and fills the optional
 * fields; `keepFiles` (already attached license files) are sent along with the new uploads.
 */
export function toAdvertiserRequest(
  values: AccountFormValues,
  keepFiles: readonly TLicenseFile[] = [],
): TCreateAdvertiserRequest {
  const files = [...new Set([...keepFiles.map((f) => f.file), ...(values.license_files ?? [])])];
  return ZCreateAdvertiserRequest.parse({ ...values, license_files: files });
}
