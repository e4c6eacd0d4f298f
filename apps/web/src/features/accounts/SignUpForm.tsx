import { normalizeLocale, passwordUserInputs, ZRegisterForm } from '@scaler/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../components/StatusResult';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { zodRules } from '../../components/zodRules';
import { useRegister } from './api';
import { passwordStrengthRule } from './passwordRule';

const rules = zodRules(ZRegisterForm, ['email', 'name', 'password', 'confirm']);
const FIELDS = ['email', 'name', 'password'] as const;
const strength = passwordStrengthRule((values) =>
  passwordUserInputs(String(values.email ?? ''), String(values.name ?? '')),
);

interface Values {
  email: string;
  name?: string;
  password: string;
  confirm: string;
}

export function SignUpForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t, i18n } = useTranslation('accounts');
  const register = useRegister();
  const [form] = Form.useForm<Values>();

  if (register.isSuccess) {
    return (
      <StatusResult
        status="success"
        title={t('signup.done_title')}
        subTitle={t('signup.done_text', { email: register.data.email })}
        extra={
          <Button type="primary" onClick={onBackToLogin}>
            {t('signup.back_login')}
          </Button>
        }
      />
    );
  }

  const submit = ({ confirm: _confirm, name, ...values }: Values) =>
    register.mutate(
      {
        ...values,
        email: values.email.trim().toLowerCase(),
        name: name?.trim() || undefined,
        language: normalizeLocale(i18n.language),
      },
      { onError: (error) => form.setFields(serverFieldErrors(error, FIELDS)) },
    );

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      {register.isError && serverFieldErrors(register.error, FIELDS).length === 0 && (
        <Alert
          type="error"
          showIcon
          title={register.error.message}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      )}
      <Form.Item name="email" label={t('signup.email')} rules={rules.email}>
        <Input autoComplete="email" type="email" />
      </Form.Item>
      <Form.Item name="name" label={t('signup.name')} rules={rules.name}>
        <Input autoComplete="name" placeholder={t('signup.name_placeholder')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('signup.password')}
        rules={[...rules.password, strength]}
        extra={t('signup.password_help')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('signup.confirm')} dependencies={['password']} rules={rules.confirm}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {t('signup.submit')}
      </Button>
    </Form>
  );
}
