import { UploadOutlined } from '@ant-design/icons';
import { parseDeviceIds, type TAudienceInput, ZAudienceFromUpload } from '@scaler/domain';
import { Button, Flex, Form, type FormInstance, Input, Radio, Typography, Upload } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';

export interface UploadAudienceValues {
  name: string;
  source_type: 2;
  /** 0: either platform (sent as null). */
  os: 0 | 1 | 2;
  device_ids: string;
}

const rules = zodRules(ZAudienceFromUpload, ['name', 'device_ids']);

const initialValues: UploadAudienceValues = { name: '', source_type: 2, os: 0, device_ids: '' };

/** What the list holds, counted as the server will count it (the domain's parser), before sending. */
function DeviceIdCounts({ text }: { text: string }) {
  const { t } = useTranslation('audiences');
  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => parseDeviceIds(deferred), [deferred]);
  if (deferred.trim() === '') return null;
  return (
    <Flex vertical>
      <Typography.Text type="secondary" data-testid="device-id-counts">
        {t('form.counts', {
          valid: parsed.valid.length,
          duplicates: parsed.duplicates,
          invalid: parsed.invalid,
        })}
      </Typography.Text>
      {parsed.invalidSamples.length > 0 && (
        <Typography.Text type="warning">
          {t('form.invalid_samples', { samples: parsed.invalidSamples.join(', ') })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The "from device ids" tab: IDFA or GAID pasted or read from a .txt or .csv file. */
export function UploadAudienceForm({
  form,
  onSubmit,
}: {
  form: FormInstance<UploadAudienceValues>;
  onSubmit: (body: TAudienceInput) => void;
}) {
  const { t } = useTranslation('audiences');
  const { message } = useFeedback();
  const text = (Form.useWatch('device_ids', form) ?? '') as string;

  const submit = (values: UploadAudienceValues) => {
    // Only the fields on screen come in `values`.
    const parsed = ZAudienceFromUpload.safeParse({ ...values, os: values.os || null, source_type: 2 });
    if (parsed.success) onSubmit(parsed.data);
  };

  return (
    <Form<UploadAudienceValues>
      form={form}
      name="audience_upload"
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      requiredMark={false}
    >
      <Form.Item name="name" label={t('form.name')} rules={rules.name}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="os" label={t('form.os')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 0, label: t('form.os_any') },
            { value: 1, label: t('form.ios') },
            { value: 2, label: t('form.android') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="device_ids"
        label={t('form.device_ids')}
        extra={t('form.device_ids_help')}
        rules={rules.device_ids}
      >
        <Input.TextArea rows={6} placeholder={t('form.device_ids_placeholder')} spellCheck={false} />
      </Form.Item>
      <Flex vertical gap={8}>
        <Upload
          accept=".txt,.csv,text/plain,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            file.text().then(
              (content) => {
                form.setFieldsValue({ device_ids: content });
                void form.validateFields(['device_ids']);
              },
              () => message.error(t('form.file_error', { name: file.name })),
            );
            // Read in the browser; nothing is uploaded until the audience is created.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('form.file')}</Button>
        </Upload>
        <DeviceIdCounts text={text} />
      </Flex>
    </Form>
  );
}
