import { ATTRIBUTION_PARTNERS, DOWNLOAD_TYPES, OS_VALUES, PARTNERS, ZCreateAppRequest } from '@scaler/domain';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/zodRules';
import { translateKey } from '../../i18n';
import { AvatarUpload } from '../files/AvatarUpload';
import { type AppFormValues, downloadLinkMessage, storeLinkPatch } from './appForm';

const rule = (name: keyof AppFormValues) => [zodRule(ZCreateAppRequest, name)];

/** The fields of an app (create modal and the app page), validated with the domain's request schema. */
export function AppFormFields({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('assets');
  const form = Form.useFormInstance<AppFormValues>();
  const os = Form.useWatch('os', form);

  const downloadLinkRule = {
    validator: async () => {
      const problem = downloadLinkMessage(form.getFieldsValue(true));
      if (problem) throw new Error(translateKey(problem));
    },
  };

  return (
    <>
      <Form.Item name="name" label={t('app.name')} rules={rule('name')}>
        <Input maxLength={64} disabled={disabled} />
      </Form.Item>
      <Form.Item name="icon" label={t('app.icon')}>
        <AvatarUpload
          type="adv"
          buttonText={t('app.icon_upload')}
          hint={t('app.icon_hint')}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item
        name="download_link"
        label={t('app.download_link')}
        extra={t('app.download_link_help')}
        rules={[downloadLinkRule]}
        dependencies={['os', 'download_type', 'bundle_id']}
      >
        <Input
          placeholder="https://"
          disabled={disabled}
          onChange={(e) => {
            const patch = storeLinkPatch(e.target.value);
            if (patch) form.setFieldsValue(patch);
          }}
        />
      </Form.Item>
      <Form.Item name="os" label={t('app.os')} rules={rule('os')}>
        <Radio.Group
          disabled={disabled}
          optionType="button"
          options={OS_VALUES.map((o) => ({ value: o, label: t(`os.${o}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="bundle_id"
        label={t(os === 2 ? 'app.package_name' : 'app.bundle_id')}
        rules={rule('bundle_id')}
      >
        <Input placeholder="com.example.app" maxLength={255} disabled={disabled} />
      </Form.Item>
      <Form.Item name="download_type" label={t('app.download_type')} rules={rule('download_type')}>
        <Radio.Group
          disabled={disabled}
          optionType="button"
          options={DOWNLOAD_TYPES.map((d) => ({ value: d, label: t(`download_type.${d}`) }))}
        />
      </Form.Item>
      <Form.Item name="partner" label={t('app.partner')} rules={rule('partner')}>
        <Select
          disabled={disabled}
          options={ATTRIBUTION_PARTNERS.map((p) => ({ value: p, label: PARTNERS[p].name }))}
        />
      </Form.Item>
      <Form.Item
        name="partner_app_id"
        label={t('app.partner_app_id')}
        extra={t('app.partner_app_id_help')}
        rules={rule('partner_app_id')}
      >
        <Input maxLength={128} disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="partner_click_url"
        label={t('app.partner_click_url')}
        extra={t('app.partner_url_help')}
        rules={rule('partner_click_url')}
      >
        <Input placeholder="https://" disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="partner_impression_url"
        label={t('app.partner_impression_url')}
        extra={t('app.partner_url_help')}
        rules={rule('partner_impression_url')}
      >
        <Input placeholder="https://" disabled={disabled} />
      </Form.Item>
    </>
  );
}
