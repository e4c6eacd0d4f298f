import type { TAdvAssignment, TMember } from '@scaler/domain';
import { Alert, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AccountPicker } from '../advertisers/AccountPicker';
import { useAssignAccounts } from './api';
import { sameAssignments } from './assignments';

const toAssignments = (member: TMember | null): TAdvAssignment[] =>
  member?.advs.map(({ adv_id, adv_role }) => ({ adv_id, adv_role })) ?? [];

/** The accounts a standard member holds through this center, with their role on each (replaces the set). */
export function MemberAccountsModal({
  org,
  member,
  onClose,
}: {
  org: number;
  member: TMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['members', 'common']);
  const { message } = useFeedback();
  const open = member !== null;
  const save = useAssignAccounts();
  const [value, setValue] = useState<TAdvAssignment[]>([]);
  useEffect(() => setValue(toAssignments(member)), [member]);
  const name = member ? member.name || member.email : '';

  const submit = () => {
    if (!member) return;
    save.mutate(
      { userId: member._id, advs: value },
      {
        onSuccess: () => {
          message.success(t('accounts_modal.saved', { name }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('accounts_modal.title', { name })}
      onCancel={onClose}
      onOk={submit}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: sameAssignments(value, toAssignments(member)) }}
      confirmLoading={save.isPending}
      width={680}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('accounts_modal.text', { email: member?.email })}
      </Typography.Paragraph>
      {save.isError && (
        <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 12 }} />
      )}
      {open && <AccountPicker org={org} value={value} onChange={setValue} />}
    </Modal>
  );
}
