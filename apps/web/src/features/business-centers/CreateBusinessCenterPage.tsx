import { ORG_TYPE, type TCreateBusinessCenterRequest, ZCreateBusinessCenterRequest } from '@scaler/domain';
import { Alert, Button, Card, Divider, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/LinkButton';
import { zodRules } from '../../components/zodRules';
import { translateKey } from '../../i18n';
import { withContext } from '../../lib/context';
import { useCreateBusinessCenter } from './api';
import { CompanyFields } from './CompanyFields';

const rules = zodRules(ZCreateBusinessCenterRequest, ['org_name', 'org_type']);
type Values = TCreateBusinessCenterRequest;

function fieldErrors(error: unknown) {
  const fields =
    error instanceof ApiError
      ? (error.data as { fields?: { path: string; message: string }[] })?.fields
      : null;
  return (fields ?? []).map((f) => ({ name: f.path, errors: [translateKey(f.message)] }));
}

/** /create-bc: the new center starts engaged (awaiting review); the user lands on its business settings. */
export function CreateBusinessCenterPage() {
  const { t } = useTranslation('business-centers');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const create = useCreateBusinessCenter();

  const submit = (values: Values) =>
    create.mutate(ZCreateBusinessCenterRequest.parse(values), {
      onSuccess: (org) => {
        message.success(t('create.created', { name: org.org_name }));
        navigate(withContext('/manage/setting', { org: org.org_id }));
      },
      onError: (error) => form.setFields(fieldErrors(error) as never),
    });

  return (
    <div style={{ maxWidth: 880, margin: '0 auto', padding: '32px 24px' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('create.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('create.subtitle')}</Typography.Paragraph>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ org_type: ORG_TYPE.agency, currency: 'USD', timezone: '+00:00' }}
          scrollToFirstError={{ block: 'center' }}
        >
          {create.isError && (
            <Alert type="error" showIcon title={create.error.message} style={{ marginBottom: 16 }} />
          )}
          <Typography.Title level={5}>{t('create.section_center')}</Typography.Title>
          <Form.Item name="org_name" label={t('create.org_name')} rules={rules.org_name} required>
            <Input maxLength={64} showCount />
          </Form.Item>
          <Form.Item name="org_type" label={t('create.org_type')} rules={rules.org_type} required>
            <Radio.Group style={{ width: '100%' }}>
              <Flex gap={12} vertical>
                {(['agency', 'advertiser'] as const).map((type) => (
                  <Radio key={type} value={ORG_TYPE[type]}>
                    <strong>{t(`create.type_${type}`)}</strong>
                    <div style={{ color: 'var(--ant-color-text-secondary)' }}>
                      {t(`create.type_${type}_help`)}
                    </div>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          <Divider />
          <Typography.Title level={5}>{t('create.section_company')}</Typography.Title>
          <CompanyFields />
          <Flex gap={8} justify="flex-end">
            <LinkButton to="/select">{t('create.cancel')}</LinkButton>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </div>
  );
}
