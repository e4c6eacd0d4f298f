import type { TAdvAssignment, TPartner } from '@scaler/domain';
import { Alert, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AccountPicker } from '../advertisers/AccountPicker';
import { sameAssignments } from '../members/assignments';
import { useShareAccounts } from './api';
import { unsharedCount } from './shares';

const toAssignments = (partner: TPartner | null): TAdvAssignment[] =>
  partner?.shares.map(({ adv_id, adv_role }) => ({ adv_id, adv_role })) ?? [];

/** Which of our own accounts a partner may use, with the highest role its members can get (replaces the set). */
export function ShareAccountsModal({
  org,
  partner,
  onClose,
}: {
  org: number;
  partner: TPartner | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['partners', 'common']);
  const { message } = useFeedback();
  const open = partner !== null;
  const save = useShareAccounts();
  const [value, setValue] = useState<TAdvAssignment[]>([]);
  useEffect(() => setValue(toAssignments(partner)), [partner]);
  const initial = toAssignments(partner);
  const removed = unsharedCount(initial, value);

  const submit = () => {
    if (!partner) return;
    save.mutate(
      { partnerOrgId: partner.org_id, advs: value },
      {
        onSuccess: () => {
          message.success(t('share.saved', { name: partner.org_name }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('share.title', { name: partner?.org_name ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okText={t('share.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: sameAssignments(value, initial) }}
      confirmLoading={save.isPending}
      width={680}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('share.text', { name: partner?.org_name })}
      </Typography.Paragraph>
      {removed > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('share.unshare_warning', { count: removed, name: partner?.org_name })}
          style={{ marginBottom: 12 }}
        />
      )}
      {save.isError && (
        <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 12 }} />
      )}
      {open && (
        <AccountPicker org={org} ownOnly value={value} onChange={setValue} emptyText={t('share.empty')} />
      )}
    </Modal>
  );
}
