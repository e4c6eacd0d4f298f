import { ZSubmitVerificationRequest } from '@scaler/domain';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';
import { serverFieldErrors } from '../advertisers/formErrors';
import { LicenseUpload } from '../files/LicenseUpload';
import { useSubmitVerification } from './api';

interface Values {
  license_files: string[];
  note: string;
}
const rules = zodRules(ZSubmitVerificationRequest, ['license_files', 'note']);

/** License files and a note → POST /scaler/v3/bc/verification. */
export function VerificationForm({ resubmit }: { resubmit: boolean }) {
  const { t } = useTranslation('verification');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitVerification();

  // mutateAsync, not mutate's callbacks: the refetch after a successful submission hides this form
  // (the center is in review), and callbacks of `mutate` do not run once the form has unmounted.
  const onFinish = (values: Values) =>
    submit
      .mutateAsync(ZSubmitVerificationRequest.parse(values))
      .then(() => message.success(t('form.submitted')))
      .catch((error: unknown) =>
        form.setFields(serverFieldErrors(error, ['license_files', 'note']) as never),
      );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{ license_files: [], note: '' }}
    >
      {submit.isError && (
        <Alert type="error" showIcon title={submit.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="license_files"
        label={t('form.license_files')}
        extra={t('form.license_help')}
        rules={rules.license_files}
        required
      >
        <LicenseUpload buttonText={t('form.upload')} />
      </Form.Item>
      <Form.Item name="note" label={t('form.note')} rules={rules.note}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('form.note_placeholder')} />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {resubmit ? t('form.resubmit') : t('form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
