import { passwordUserInputs, ZResetPasswordForm } from '@scaler/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule, zodRules } from '../../components/zodRules';
import { passwordStrengthRule } from '../accounts/passwordRule';
import type { useAcceptInvitation } from './api';
import { nameSchema } from './invitationState';
import { formErrors } from './serverErrors';

const rules = zodRules(ZResetPasswordForm, ['password', 'confirm']);
const nameRules = [zodRule(nameSchema, 'name')];
const strength = passwordStrengthRule((values) => passwordUserInputs(null, String(values.name ?? '')));
/** Only 400 field errors go on the fields; anything else (expired, cancelled) shows above the form. */
const fieldErrorsOf = (error: unknown) => formErrors(error, ['name', 'password'], null);

interface Values {
  name: string;
  password: string;
  confirm: string;
}

/** No account for the invited address yet: name and password create it (verified) and join the center. */
export function InvitationSignUpForm({
  token,
  accept,
}: {
  token: string;
  /** The page's mutation: it stays mounted while the session it creates reloads, and handles success. */
  accept: ReturnType<typeof useAcceptInvitation>;
}) {
  const { t } = useTranslation(['members', 'accounts']);
  const [form] = Form.useForm<Values>();

  const submit = ({ name, password }: Values) =>
    accept.mutate(
      { token, name: name.trim(), password },
      { onError: (error) => form.setFields(fieldErrorsOf(error)) },
    );

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      {accept.isError && fieldErrorsOf(accept.error).length === 0 && (
        <Alert type="error" showIcon title={accept.error.message} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item name="name" label={t('accept.name')} rules={nameRules}>
        <Input autoComplete="name" autoFocus maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('accept.password')}
        rules={[...rules.password, strength]}
        extra={t('accounts:signup.password_help')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('accept.confirm')} dependencies={['password']} rules={rules.confirm}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={accept.isPending}>
        {t('accept.signup_submit')}
      </Button>
    </Form>
  );
}
