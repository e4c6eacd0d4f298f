import { ADV_ROLES, type AdvRole, type TAdvertiserRow, type TMember } from '@scaler/domain';
import { Alert, Checkbox, Modal, Select, Skeleton, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { useAdvertiser, useCenterMembers, useSetAdvertiserMembers } from './api';
import {
  type AssignmentState,
  assignableMembers,
  initialAssignments,
  toAssignments,
} from './memberAssignments';

/** Which standard members hold the account, with which account role (replaces the list). */
export function AccountMembersModal({
  org,
  account,
  onClose,
}: {
  org: number;
  account: TAdvertiserRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['advertisers', 'common']);
  const { message } = useFeedback();
  const open = account !== null;
  const detail = useAdvertiser(org, account?.adv_id ?? null);
  const members = useCenterMembers(org, open);
  const save = useSetAdvertiserMembers();
  const [state, setState] = useState<AssignmentState>({});
  useEffect(() => {
    if (detail.data) setState(initialAssignments(detail.data));
  }, [detail.data]);

  const list = assignableMembers(members.data ?? []);
  const set = (id: string, role: AdvRole | undefined) => setState((s) => ({ ...s, [id]: role }));
  const submit = () => {
    if (!account) return;
    save.mutate(
      { advId: account.adv_id, members: toAssignments(state, list) },
      {
        onSuccess: () => {
          message.success(t('members_modal.saved', { name: account.adv_name }));
          onClose();
        },
      },
    );
  };

  const failed = detail.isError || members.isError;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !detail.data || !members.data }}
      confirmLoading={save.isPending}
      title={t('members_modal.title', { name: account?.adv_name ?? '' })}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('members_modal.admins_hint')} style={{ marginBottom: 12 }} />
      {failed ? (
        <ErrorState
          onRetry={() => {
            detail.refetch();
            members.refetch();
          }}
        />
      ) : !detail.data || !members.data ? (
        <Skeleton active />
      ) : (
        <Table<TMember>
          rowKey="_id"
          size="small"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={list}
          locale={{ emptyText: t('members_modal.empty') }}
          columns={[
            {
              title: t('members_modal.member'),
              key: 'member',
              render: (_, m) => (
                <Checkbox
                  checked={state[m._id] !== undefined}
                  onChange={(e) => set(m._id, e.target.checked ? 'role_analyst' : undefined)}
                >
                  <Typography.Text>{m.name || m.email}</Typography.Text>{' '}
                  <Typography.Text type="secondary">{m.email}</Typography.Text>
                </Checkbox>
              ),
            },
            {
              title: t('members_modal.role'),
              key: 'role',
              width: 200,
              render: (_, m) => (
                <Select<AdvRole>
                  style={{ width: '100%' }}
                  value={state[m._id]}
                  placeholder={t('members_modal.no_access')}
                  disabled={state[m._id] === undefined}
                  aria-label={t('members_modal.role_of', { name: m.name || m.email })}
                  onChange={(role) => set(m._id, role)}
                  options={ADV_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
