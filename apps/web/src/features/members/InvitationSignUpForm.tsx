import { type TInvitationInfo, ZResetPasswordForm } from '@scaler/domain';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodRule, zodRules } from '../../components/zodRules';
import { withContext } from '../../lib/context';
import { useAcceptInvitation } from './api';
import { nameSchema } from './invitationState';
import { formErrors } from './serverErrors';

const rules = zodRules(ZResetPasswordForm, ['password', 'confirm']);
const nameRules = [zodRule(nameSchema, 'name')];
/** Only 400 field errors go on the fields; anything else (expired, cancelled) shows above the form. */
const fieldErrorsOf = (error: unknown) => formErrors(error, ['name', 'password'], null);

interface Values {
  name: string;
  password: string;
  confirm: string;
}

/** No account for the invited address yet: name and password create it (verified) and join the center. */
export function InvitationSignUpForm({ token, info }: { token: string; info: TInvitationInfo }) {
  const { t } = useTranslation(['members', 'accounts']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const accept = useAcceptInvitation();

  const submit = ({ name, password }: Values) =>
    accept.mutate(
      { token, name: name.trim(), password },
      {
        onSuccess: ({ org_id }) => {
          message.success(t('accept.joined', { org: info.org_name }));
          navigate(withContext('/manage/overview', { org: org_id }), { replace: true });
        },
        onError: (error) => form.setFields(fieldErrorsOf(error)),
      },
    );

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      {accept.isError && fieldErrorsOf(accept.error).length === 0 && (
        <Alert type="error" showIcon title={accept.error.message} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form.Item label={t('accept.email')}>
        <Input value={info.email} disabled autoComplete="email" />
      </Form.Item>
      <Form.Item name="name" label={t('accept.name')} rules={nameRules}>
        <Input autoComplete="name" autoFocus maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('accept.password')}
        rules={rules.password}
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
