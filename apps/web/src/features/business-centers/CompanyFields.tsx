import { CURRENCIES, PROFESSIONS, TIME_ZONE_OFFSETS, ZCompanyFields } from '@scaler/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/zodRules';
import { westToEast } from '../../lib/timeZones';
import { COMPANY_FIELDS } from './companyFields';

const rules = zodRules(ZCompanyFields, COMPANY_FIELDS);
const REQUIRED = new Set(['company_name', 'profession', 'currency', 'timezone']);

/** The company fields of spec 3 (ZCompanyFields), shared by business centers and, later, advertiser accounts. */
export function CompanyFields() {
  const { t } = useTranslation('business-centers');
  const item = (name: (typeof COMPANY_FIELDS)[number], control: React.ReactNode) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(`create.${name}`)} rules={rules[name]} required={REQUIRED.has(name)}>
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
        <Select
          showSearch
          options={westToEast(TIME_ZONE_OFFSETS).map((z) => ({ value: z, label: `UTC${z}` }))}
        />,
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
