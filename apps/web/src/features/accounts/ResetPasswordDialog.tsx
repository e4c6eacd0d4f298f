import { passwordUserInputs, ZChangePasswordForm } from '@scaler/domain';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { zodRules } from '../../components/zodRules';
import { useChangePassword } from './api';
import { passwordStrengthRule } from './passwordRule';

const rules = zodRules(ZChangePasswordForm, ['current_password', 'password', 'confirm']);
const FIELDS = ['current_password', 'password'] as const;

interface Values {
  current_password: string;
  password: string;
  confirm: string;
}

export interface ResetPasswordDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

/**
 * Spec 2's reset-password dialog: the e-mail shown disabled, the current password, the new one twice.
 * The user stays signed in here; the server ends the other sessions.
 */
export function ResetPasswordDialog({ open, email, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const strength = passwordStrengthRule(() => passwordUserInputs(email));

  const submit = ({ current_password, password }: Values) =>
    change.mutate(
      { current_password, password },
      {
        onSuccess: () => {
          message.success(t('accounts:reset.done'));
          onClose();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, FIELDS);
          if (fields.length > 0) form.setFields(fields);
          else if (error instanceof ApiError && error.kind === 'business') message.error(error.message);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('accounts:reset.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('accounts:reset.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('accounts:reset.email')} htmlFor="reset-password-email">
          <Input id="reset-password-email" value={email} disabled />
        </Form.Item>
        <Form.Item name="current_password" label={t('accounts:reset.current')} rules={rules.current_password}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('accounts:reset.password')}
          rules={[...rules.password, strength]}
          extra={t('accounts:signup.password_help')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('accounts:reset.confirm')}
          dependencies={['password']}
          rules={rules.confirm}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
