import { passwordUserInputs, ZResetPasswordForm } from '@scaler/domain';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../components/feedback';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { zodRules } from '../../components/zodRules';
import { useResetPassword } from './api';
import { passwordStrengthRule } from './passwordRule';

const rules = zodRules(ZResetPasswordForm, ['password', 'confirm']);

/** The reset link's form: new password and confirmation, sent with the e-mail's one-time token. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('accounts');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const strength = passwordStrengthRule(() => passwordUserInputs(email));

  const submit = ({ password }: { password: string }) =>
    reset.mutate(
      { password, token },
      {
        onSuccess: () => {
          message.success(t('email.reset_done'));
          navigate('/login', { replace: true });
        },
        onError: (error) => form.setFields(serverFieldErrors(error, ['password'])),
      },
    );

  return (
    <Form<{ password: string; confirm: string }>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
    >
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('email.reset_title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('email.reset_text', { email })}</Typography.Paragraph>
      {reset.isError && serverFieldErrors(reset.error, ['password']).length === 0 && (
        <Alert type="error" showIcon title={reset.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="password"
        label={t('reset.password')}
        rules={[...rules.password, strength]}
        extra={t('signup.password_help')}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item name="confirm" label={t('reset.confirm')} dependencies={['password']} rules={rules.confirm}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('email.reset_submit')}
      </Button>
    </Form>
  );
}
