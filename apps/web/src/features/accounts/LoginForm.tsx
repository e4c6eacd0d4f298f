import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { type TLoginRequest, ZLoginRequest } from '@scaler/domain';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldErrors } from '../../components/zodRules';
import { useLogin } from './api';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The login form: a plain form checked with the shared `ZLoginRequest` as antd's Form would (a field
 * when it changes, every field on submit), laid out like a large vertical antd form (styles.css). It is
 * what nearly every first visit loads, and antd's Form engine would be a tenth of the page's weight.
 */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const login = useLogin();
  const [values, setValues] = useState<TLoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const change = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => ({ ...current, [name]: zodFieldErrors(ZLoginRequest, next, [name])[name] }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = zodFieldErrors(ZLoginRequest, values, FIELDS);
    setErrors(found);
    if (Object.keys(found).length === 0) login.mutate(ZLoginRequest.parse(values), { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      {login.isError && (
        <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} role="alert" />
      )}
      <FormField id="email" label={t('login.email')} error={errors.email}>
        <Input
          id="email"
          size="large"
          prefix={<MailOutlined />}
          autoComplete="username"
          type="email"
          autoFocus
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
          status={errors.email ? 'error' : undefined}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'email_help' : undefined}
        />
      </FormField>
      <FormField id="password" label={t('login.password')} error={errors.password}>
        <Input.Password
          id="password"
          size="large"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          status={errors.password ? 'error' : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password_help' : undefined}
        />
      </FormField>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** A labelled field with room for its message below, so a message never moves the fields under it. */
function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="auth-field">
      <div className="auth-field-label">
        <label htmlFor={id}>{label}</label>
      </div>
      {children}
      <div className="auth-field-help" id={`${id}_help`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
