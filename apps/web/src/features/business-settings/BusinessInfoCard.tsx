import {
  type TBusinessCenterInfo,
  type TUpdateBusinessInfoRequest,
  ZUpdateBusinessInfoRequest,
} from '@scaler/domain';
import { Alert, Button, Card, Divider, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';
import { serverFieldErrors } from '../advertisers/formErrors';
import { CompanyFields } from '../business-centers/CompanyFields';
import { COMPANY_FIELDS } from '../business-centers/companyFields';
import { AvatarUpload } from '../files/AvatarUpload';
import { useUpdateBusinessInfo } from './api';

type Values = TUpdateBusinessInfoRequest;
const rules = zodRules(ZUpdateBusinessInfoRequest, ['org_name', 'avatar']);
const FIELDS = ['org_name', 'avatar', ...COMPANY_FIELDS];

function initialValues(info: TBusinessCenterInfo): Partial<Values> {
  const values: Record<string, unknown> = { org_name: info.org_name, avatar: info.avatar };
  for (const field of COMPANY_FIELDS) values[field] = info[field];
  return values as Partial<Values>;
}

/** Business info of /manage/setting: name, avatar and company fields; read-only without `org.edit`. */
export function BusinessInfoCard({ info, editable }: { info: TBusinessCenterInfo; editable: boolean }) {
  const { t } = useTranslation(['businessSettings', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const update = useUpdateBusinessInfo();

  const submit = (values: Values) =>
    update.mutate(ZUpdateBusinessInfoRequest.parse(values), {
      onSuccess: () => message.success(t('info.saved')),
      onError: (error) => form.setFields(serverFieldErrors(error, FIELDS) as never),
    });

  return (
    <Card title={t('info.title')}>
      {!editable && <Alert type="info" showIcon title={t('info.read_only')} style={{ marginBottom: 16 }} />}
      {update.isError && (
        <Alert type="error" showIcon title={update.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={initialValues(info)}
        onFinish={submit}
        scrollToFirstError={{ block: 'center' }}
      >
        <Form.Item name="avatar" label={t('info.avatar')} rules={rules.avatar}>
          <AvatarUpload type="bc" buttonText={t('info.upload_avatar')} hint={t('info.avatar_help')} />
        </Form.Item>
        <Form.Item name="org_name" label={t('info.org_name')} rules={rules.org_name} required>
          <Input maxLength={64} showCount />
        </Form.Item>
        <Typography.Text type="secondary">
          {t('common:id')}: {info.org_id} · {t(`common:org_type.${info.org_type}`)}
        </Typography.Text>
        <Divider />
        <Typography.Title level={5}>{t('info.section_company')}</Typography.Title>
        <CompanyFields />
        {editable && (
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('info.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
