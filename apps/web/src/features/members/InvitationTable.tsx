import type { TInvitation } from '@scaler/domain';
import { Button, Flex, Table, type TablePaginationConfig, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isExpired } from './listQuery';

const format = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');

/** Pending invitations (admins): resend a fresh link, or cancel. */
export function InvitationTable({
  rows,
  resending,
  onResend,
  onCancel,
  pagination,
  loading,
}: {
  rows: TInvitation[];
  resending: number | null;
  onResend: (invitation: TInvitation) => void;
  onCancel: (invitation: TInvitation) => void;
  pagination: TablePaginationConfig;
  loading: boolean;
}) {
  const { t } = useTranslation(['members', 'common']);
  return (
    <Table<TInvitation>
      rowKey="id"
      dataSource={rows}
      pagination={pagination}
      loading={loading}
      scroll={{ x: 960 }}
      columns={[
        {
          title: t('invitations.email'),
          dataIndex: 'email',
          width: 240,
          render: (email: string, row) => (
            <Flex vertical>
              <Typography.Text strong>{email}</Typography.Text>
              {row.advs.length > 0 && (
                <Typography.Text type="secondary">
                  {t('invitations.with_accounts', { count: row.advs.length })}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          title: t('columns.role'),
          dataIndex: 'org_role',
          width: 110,
          render: (role: TInvitation['org_role']) => <Tag>{t(`common:org_role.${role}`)}</Tag>,
        },
        { title: t('invitations.invited_by'), dataIndex: 'invited_by', width: 200, ellipsis: true },
        { title: t('invitations.sent'), dataIndex: 'created_at', width: 170, render: format },
        {
          title: t('invitations.expires'),
          dataIndex: 'expires_at',
          width: 200,
          render: (value: string, row) => (
            <Flex gap={6} align="center" wrap>
              <span>{format(value)}</span>
              {isExpired(row) && <Tag color="error">{t('invitations.expired')}</Tag>}
            </Flex>
          ),
        },
        {
          title: t('columns.actions'),
          key: 'actions',
          width: 230,
          fixed: 'right',
          render: (_, row) => (
            <Flex gap={4}>
              <Button size="small" type="link" loading={resending === row.id} onClick={() => onResend(row)}>
                {t('invitations.resend')}
              </Button>
              <Button size="small" type="link" danger onClick={() => onCancel(row)}>
                {t('invitations.cancel')}
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}
