import { ZRepwdRequest } from '@scaler/domain';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../components/StatusResult';
import { zodRules } from '../../components/zodRules';
import { useRequestPasswordReset } from './api';

const rules = zodRules(ZRepwdRequest, ['email']);

/** The answer is the same whether the account exists or not (no account probing). */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useTranslation('accounts');
  const repwd = useRequestPasswordReset();

  if (repwd.isSuccess) {
    return (
      <StatusResult
        status="info"
        title={t('forgot.done_title')}
        subTitle={t('forgot.done_text', { email: repwd.variables })}
        extra={<Button onClick={onBackToLogin}>{t('signup.back_login')}</Button>}
      />
    );
  }
  return (
    <Form<{ email: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={({ email }) => repwd.mutate(ZRepwdRequest.parse({ email }).email)}
    >
      <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
      <Form.Item name="email" label={t('forgot.email')} rules={rules.email}>
        <Input autoComplete="email" type="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={repwd.isPending}>
        {t('forgot.submit')}
      </Button>
    </Form>
  );
}
