import type { TMember } from '@scaler/domain';
import { Avatar, Button, Flex, Table, type TablePaginationConfig, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../lib/avatar';

export interface MemberRowActions {
  changeRole: (member: TMember) => void;
  accounts: (member: TMember) => void;
  remove: (member: TMember) => void;
}

/** The center's members; the actions column only for those who may manage members. */
export function MemberTable({
  rows,
  currentUserId,
  actions,
  pagination,
  loading,
}: {
  rows: TMember[];
  currentUserId: string | null;
  actions: MemberRowActions | null;
  pagination: TablePaginationConfig;
  loading: boolean;
}) {
  const { t } = useTranslation(['members', 'common']);
  return (
    <Table<TMember>
      rowKey="_id"
      dataSource={rows}
      pagination={pagination}
      loading={loading}
      scroll={{ x: 960 }}
      columns={[
        {
          title: t('columns.member'),
          key: 'member',
          width: 280,
          render: (_, m) => (
            <Flex gap={12} align="center">
              <Avatar src={avatarUrl(m.avatar, 'member')} alt="" />
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {m.name || m.email}
                  {m._id === currentUserId && <Tag style={{ marginInlineStart: 8 }}>{t('columns.you')}</Tag>}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {m.email}
                </Typography.Text>
              </Flex>
            </Flex>
          ),
        },
        {
          title: t('columns.role'),
          dataIndex: 'org_role',
          width: 120,
          render: (role: TMember['org_role']) => (
            <Tag color={role === 'org_admin' ? 'gold' : 'default'}>{t(`common:org_role.${role}`)}</Tag>
          ),
        },
        {
          title: t('columns.joined'),
          dataIndex: 'joined_at',
          width: 180,
          render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('columns.accounts'),
          key: 'accounts',
          render: (_, m) =>
            m.org_role === 'org_admin' ? (
              <Typography.Text type="secondary">{t('columns.all_accounts')}</Typography.Text>
            ) : m.advs.length === 0 ? (
              <Typography.Text type="secondary">{t('columns.no_accounts')}</Typography.Text>
            ) : (
              <Flex gap={4} wrap>
                {m.advs.map((a) => (
                  <Tag key={a.adv_id} title={String(a.adv_id)}>
                    {a.adv_name} · {t(`adv_role.${a.adv_role}`)}
                  </Tag>
                ))}
              </Flex>
            ),
        },
        ...(actions
          ? [
              {
                title: t('columns.actions'),
                key: 'actions',
                width: 290,
                fixed: 'right' as const,
                render: (_: unknown, m: TMember) => (
                  <Flex gap={4}>
                    <Button size="small" type="link" onClick={() => actions.changeRole(m)}>
                      {t('actions.change_role')}
                    </Button>
                    <Tooltip title={m.org_role === 'org_admin' ? t('actions.accounts_admin') : undefined}>
                      <Button
                        size="small"
                        type="link"
                        disabled={m.org_role === 'org_admin'}
                        onClick={() => actions.accounts(m)}
                      >
                        {t('actions.accounts')}
                      </Button>
                    </Tooltip>
                    <Button size="small" type="link" danger onClick={() => actions.remove(m)}>
                      {t('actions.remove')}
                    </Button>
                  </Flex>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
