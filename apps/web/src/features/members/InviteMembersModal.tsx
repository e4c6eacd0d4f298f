import { ORG_ROLES, ZInviteMembersRequest } from '@scaler/domain';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { translateKey } from '../../i18n';
import { AccountPicker } from '../advertisers/AccountPicker';
import { useInviteMembers } from './api';
import { checkEmailList, type InviteFormValues, toInviteRequest } from './inviteForm';
import { formErrors } from './serverErrors';

const INITIAL: InviteFormValues = { emails: '', org_role: 'org_user', advs: [] };

/** "Invite members": e-mails, a center role, and for standard members the accounts they get. */
export function InviteMembersModal({
  org,
  open,
  onClose,
  onInvited,
}: {
  org: number;
  open: boolean;
  onClose: () => void;
  onInvited: () => void;
}) {
  const { t } = useTranslation(['members', 'common', 'validation']);
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<InviteFormValues>();
  const role = Form.useWatch('org_role', form);
  const invite = useInviteMembers();

  const emailRule = {
    validator: async (_: unknown, text: string) => {
      const check = checkEmailList(text);
      if (!check.ok) {
        const list = check.invalid.length ? ` (${check.invalid.slice(0, 5).join(', ')})` : '';
        throw new Error(`${translateKey(check.error)}${list}`);
      }
      const parsed = ZInviteMembersRequest.safeParse(toInviteRequest(form.getFieldsValue(true), check.items));
      const issue = parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === 'emails');
      if (issue) throw new Error(translateKey(issue.message));
    },
  };

  const send = (values: InviteFormValues, emails: string[]) =>
    invite.mutate(toInviteRequest(values, emails), {
      onSuccess: ({ invited }) => {
        message.success(t('invite.sent', { count: invited }));
        form.resetFields();
        onInvited();
      },
      onError: (error) => form.setFields(formErrors(error, ['emails', 'org_role', 'advs'], 'emails')),
    });

  const submit = (values: InviteFormValues) => {
    const check = checkEmailList(values.emails);
    if (!check.ok) return;
    if (check.duplicates.length === 0) return send(values, check.items);
    modal.confirm({
      title: translateKey('validation.duplicates'),
      content: t('invite.duplicates_text', { list: check.duplicates.join(', '), count: check.items.length }),
      okText: t('invite.duplicates_ok'),
      cancelText: t('common:cancel'),
      onOk: () => {
        form.setFieldValue('emails', check.items.join('\n'));
        send(values, check.items);
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('invite.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('invite.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={invite.isPending}
      width={680}
      destroyOnHidden
    >
      <Form<InviteFormValues>
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={submit}
        requiredMark={false}
        preserve={false}
      >
        <Form.Item
          name="emails"
          label={t('invite.emails')}
          extra={t('invite.emails_help')}
          rules={[emailRule]}
          validateTrigger="onBlur"
        >
          <Input.TextArea rows={4} placeholder={t('invite.emails_placeholder')} autoFocus />
        </Form.Item>
        <Form.Item name="org_role" label={t('invite.role')}>
          <Radio.Group
            optionType="button"
            options={ORG_ROLES.map((r) => ({ value: r, label: t(`common:org_role.${r}`) }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t(`invite.role_help.${role ?? 'org_user'}`)}
        </Typography.Paragraph>
        {role === 'org_admin' ? (
          <Alert type="info" showIcon title={t('invite.admin_accounts')} />
        ) : (
          <Form.Item name="advs" label={t('invite.accounts')} extra={t('invite.accounts_help')}>
            <AccountPicker org={org} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
