import { formatUtcOffset, parseUtcOffset, type TCompanyValues, zoneOffsetAt } from '@scaler/domain';
import type { DescriptionsProps } from 'antd';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { accountZoneText } from '../../lib/timeZones';
import { COMPANY_FIELDS } from '../business-centers/companyFields';

/** Descriptions items for every company field of spec 3, empty ones marked, the website as a link. */
export function companyItems(
  values: TCompanyValues,
  t: TFunction<['operatorReview', 'business-centers']>,
): NonNullable<DescriptionsProps['items']> {
  const show = (field: (typeof COMPANY_FIELDS)[number]) => {
    const value = values[field];
    if (!value) return <Typography.Text type="secondary">{t('operatorReview:fields.none')}</Typography.Text>;
    if (field === 'profession') return t(`business-centers:professions.${value}`, { defaultValue: value });
    if (field === 'timezone') {
      // A center keeps an offset, an account an IANA name (shown with its offset now).
      const offset = parseUtcOffset(value) === null ? zoneOffsetAt(value, Date.now()) : null;
      return offset === null ? `UTC${value}` : accountZoneText(value, formatUtcOffset(offset));
    }
    if (field === 'website')
      return (
        <Typography.Link href={value} target="_blank" rel="noopener noreferrer">
          {value}
        </Typography.Link>
      );
    return (
      <Typography.Text copyable={field === 'tax_number' || field === 'license_no'}>{value}</Typography.Text>
    );
  };
  return COMPANY_FIELDS.map((field) => ({
    key: field,
    label: t(`business-centers:create.${field}`),
    children: show(field),
  }));
}
