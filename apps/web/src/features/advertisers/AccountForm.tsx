import { type TLicenseFile, ZCreateAdvertiserRequest } from '@scaler/domain';
import { Alert, Button, Divider, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';
import { CompanyFields } from '../business-centers/CompanyFields';
import { LicenseFileList } from '../files/LicenseFileList';
import { LicenseUpload } from '../files/LicenseUpload';
import { AccountTimeZoneSelect } from './AccountTimeZoneSelect';
import { ACCOUNT_FIELDS, type AccountFormValues, toAdvertiserRequest } from './accountForm';
import { useCreateAdvertiser, useUpdateAdvertiser } from './api';
import { serverFieldErrors } from './formErrors';

const rules = zodRules(ZCreateAdvertiserRequest, ['adv_name', 'license_files']);

export interface AccountFormProps {
  /** Present when editing. */
  advId?: number;
  initialValues: AccountFormValues;
  attachedFiles: TLicenseFile[];
  /** Saving a rejected account sends it back to review. */
  resubmits: boolean;
  onCreated?: (advId: number, name: string) => void;
  onDone?: () => void;
  onCancel: () => void;
}

/** Account name, the company fields of spec 3 and license files (ZCreateAdvertiserRequest). */
export function AccountForm(props: AccountFormProps) {
  const { advId, initialValues, attachedFiles, resubmits, onCreated, onDone, onCancel } = props;
  const { t } = useTranslation(['advertisers', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<AccountFormValues>();
  const create = useCreateAdvertiser();
  const update = useUpdateAdvertiser();
  const pending = create.isPending || update.isPending;
  const error = advId === undefined ? create.error : update.error;

  const onError = (err: unknown) => form.setFields(serverFieldErrors(err, ACCOUNT_FIELDS) as never);
  const submit = (values: AccountFormValues) => {
    const body = toAdvertiserRequest(values, attachedFiles);
    if (advId === undefined) {
      create.mutate(body, { onSuccess: (res) => onCreated?.(res.adv_id, body.adv_name), onError });
    } else {
      update.mutate(
        { advId, body },
        {
          onSuccess: (res) => {
            message.success(res.status === 0 && resubmits ? t('form.resubmitted') : t('form.saved'));
            onDone?.();
          },
          onError,
        },
      );
    }
  };

  return (
    <Form<AccountFormValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={initialValues}
      scrollToFirstError={{ block: 'center' }}
    >
      {resubmits && (
        <Alert type="warning" showIcon title={t('form.resubmit_hint')} style={{ marginBottom: 16 }} />
      )}
      {advId === undefined && (
        <Alert type="info" showIcon title={t('form.review_hint')} style={{ marginBottom: 16 }} />
      )}
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} />}
      <Form.Item name="adv_name" label={t('form.adv_name')} rules={rules.adv_name} required>
        <Input maxLength={64} showCount autoFocus />
      </Form.Item>
      <Divider />
      <Typography.Title level={5}>{t('form.section_company')}</Typography.Title>
      <CompanyFields
        schema={ZCreateAdvertiserRequest}
        timeZone={<AccountTimeZoneSelect />}
        timeZoneHelp={t('zone.help')}
      />
      <Divider />
      <Typography.Title level={5}>{t('form.section_license')}</Typography.Title>
      {advId !== undefined && attachedFiles.length > 0 && (
        <Form.Item label={t('form.attached_files')}>
          <LicenseFileList files={attachedFiles} owner={{ adv_id: advId }} empty={t('no_files')} />
        </Form.Item>
      )}
      <Form.Item
        name="license_files"
        label={t('form.license_files')}
        extra={t('form.license_help')}
        rules={rules.license_files}
      >
        <LicenseUpload buttonText={t('form.upload_license')} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={pending}>
          {advId === undefined
            ? t('form.submit_create')
            : resubmits
              ? t('form.submit_resubmit')
              : t('form.submit_save')}
        </Button>
      </Flex>
    </Form>
  );
}
