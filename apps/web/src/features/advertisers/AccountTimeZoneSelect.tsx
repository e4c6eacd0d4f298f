import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ZoneOption, zoneOptions, zoneSearchText } from './zoneOptions';

/**
 * The account's time zone (decisions 6): an IANA zone, searchable by name or offset, with its offset now;
 * zones that are not whole hours from UTC are shown but cannot be chosen (statistics are kept by UTC
 * hour). A form control: `value`/`onChange` come from the Form.Item.
 */
export function AccountTimeZoneSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('advertisers');
  const options = useMemo(() => zoneOptions(), []);
  const label = (o: ZoneOption) =>
    o.fixed
      ? t('zone.fixed', { offset: `UTC${o.offset}` })
      : t('zone.named', { name: o.name, offset: `UTC${o.offset}` });
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'search' }}
      options={options.map((o) => ({
        value: o.value,
        search: zoneSearchText(o),
        disabled: o.partHour,
        label: o.partHour ? (
          <span title={t('zone.part_hour')}>
            {label(o)} <Typography.Text type="secondary">· {t('zone.part_hour_short')}</Typography.Text>
          </span>
        ) : (
          label(o)
        ),
      }))}
    />
  );
}
