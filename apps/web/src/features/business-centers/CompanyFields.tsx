import { CURRENCIES, PROFESSIONS, TIME_ZONE_OFFSETS, ZCompanyFields } from '@scaler/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SafeParser, zodRules } from '../../components/zodRules';
import { westToEast } from '../../lib/timeZones';
import { COMPANY_FIELDS } from './companyFields';

const centerRules = zodRules(ZCompanyFields, COMPANY_FIELDS);
const REQUIRED = new Set(['company_name', 'profession', 'currency', 'timezone']);

/**
 * The company fields of spec 3 (ZCompanyFields), shared by business centers and advertiser accounts. An
 * account passes its own schema and time zone control (an IANA zone, where a center keeps an offset).
 */
export function CompanyFields(props: { schema?: SafeParser; timeZone?: ReactNode; timeZoneHelp?: string }) {
  const { t } = useTranslation('business-centers');
  const { schema, timeZone, timeZoneHelp } = props;
  const rules = useMemo(() => (schema ? zodRules(schema, COMPANY_FIELDS) : centerRules), [schema]);
  const item = (name: (typeof COMPANY_FIELDS)[number], control: ReactNode) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={t(`create.${name}`)}
        rules={rules[name]}
        required={REQUIRED.has(name)}
        extra={name === 'timezone' ? timeZoneHelp : undefined}
      >
        {control}
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {item('company_name', <Input autoComplete="organization" />)}
      {item(
        'profession',
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={PROFESSIONS.map((p) => ({ value: p, label: t(`professions.${p}`) }))}
        />,
      )}
      {item('currency', <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />)}
      {item(
        'timezone',
        timeZone ?? (
          <Select
            showSearch
            options={westToEast(TIME_ZONE_OFFSETS).map((z) => ({ value: z, label: `UTC${z}` }))}
          />
        ),
      )}
      {item('target_location', <Input />)}
      {item('website', <Input placeholder={t('create.website_placeholder')} inputMode="url" />)}
      {item('tax_number', <Input />)}
      {item('license_no', <Input />)}
      {item('contact_name', <Input autoComplete="name" />)}
      {item('telephone', <Input autoComplete="tel" inputMode="tel" />)}
      {item('phone', <Input autoComplete="tel" inputMode="tel" />)}
    </Row>
  );
}
