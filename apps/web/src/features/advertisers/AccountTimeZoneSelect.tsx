import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ZoneOption, zoneMatches, zoneOptions } from './zoneOptions';

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
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const label = (o: ZoneOption) =>
    o.fixed
      ? t('zone.fixed', { offset: `UTC${o.offset}` })
      : t('zone.named', { name: o.name, offset: `UTC${o.offset}` });
  return (
    <Select
      {...props}
      showSearch={{
        filterOption: (input, option) => {
          const zone = option && byValue.get(String(option.value));
          return zone ? zoneMatches(input, zone) : false;
        },
      }}
      virtual
      options={options.map((o) => ({
        value: o.value,
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
