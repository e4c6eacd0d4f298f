import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { type TLoginRequest, ZLoginRequest } from '@scaler/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/zodRules';
import { useLogin } from './api';

const rules = zodRules(ZLoginRequest, ['email', 'password']);

export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const login = useLogin();
  const submit = (values: TLoginRequest) => login.mutate(ZLoginRequest.parse(values), { onSuccess: onDone });

  return (
    <Form<TLoginRequest> layout="vertical" onFinish={submit} requiredMark={false} size="large">
      {login.isError && (
        <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item name="email" label={t('login.email')} rules={rules.email}>
        <Input prefix={<MailOutlined />} autoComplete="username" type="email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={rules.password}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
