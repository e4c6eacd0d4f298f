import type { TPartner } from '@scaler/domain';
import { Avatar, Button, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../lib/avatar';
import { SharedAccountTags } from './SharedAccountTags';

/** The centers we added as partners, with the accounts we share with each. */
export function PartnerTable({
  rows,
  onShare,
  onRemove,
}: {
  rows: TPartner[];
  onShare: (partner: TPartner) => void;
  onRemove: (partner: TPartner) => void;
}) {
  const { t } = useTranslation(['partners', 'common']);
  return (
    <Table<TPartner>
      rowKey="org_id"
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('columns.partner'),
          key: 'partner',
          width: 240,
          render: (_, p) => (
            <Flex gap={12} align="center">
              <Avatar shape="square" src={avatarUrl(p.avatar, 'bc')} alt="" />
              <Typography.Text strong ellipsis>
                {p.org_name}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('columns.id'),
          dataIndex: 'org_id',
          width: 110,
          render: (id: number) => <Typography.Text copyable>{id}</Typography.Text>,
        },
        {
          title: t('columns.type'),
          dataIndex: 'org_type',
          width: 120,
          render: (type: TPartner['org_type']) => (
            <Tag color={type === 1 ? 'geekblue' : 'cyan'}>{t(`common:org_type.${type}`)}</Tag>
          ),
        },
        {
          title: t('columns.added'),
          dataIndex: 'created_at',
          width: 170,
          render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('columns.shared'),
          key: 'shares',
          render: (_, p) => <SharedAccountTags advs={p.shares} emptyText={t('columns.none')} />,
        },
        {
          title: t('columns.actions'),
          key: 'actions',
          width: 220,
          render: (_, p) => (
            <Flex gap={4}>
              <Button size="small" type="link" onClick={() => onShare(p)}>
                {t('actions.share')}
              </Button>
              <Button size="small" type="link" danger onClick={() => onRemove(p)}>
                {t('actions.remove')}
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}
