import { ZResetPasswordForm } from '@scaler/domain';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodRules } from '../../components/zodRules';
import { useResetPassword } from './api';

const rules = zodRules(ZResetPasswordForm, ['password', 'confirm']);

export interface ResetPasswordDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

/** Spec 2: e-mail shown disabled, password and confirmation. The server ends every session afterwards. */
export function ResetPasswordDialog({ open, email, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useResetPassword();

  const submit = ({ password }: { password: string }) =>
    reset.mutate(
      { password },
      {
        onSuccess: () => {
          message.success(t('accounts:reset.done'));
          onClose();
          navigate('/login');
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
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('accounts:reset.email')} htmlFor="reset-password-email">
          <Input id="reset-password-email" value={email} disabled />
        </Form.Item>
        <Form.Item name="password" label={t('accounts:reset.password')} rules={rules.password}>
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
