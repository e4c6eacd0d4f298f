import type { TAdvertiserRow } from '@scaler/domain';
import { Flex, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { accountZoneText } from '../../lib/timeZones';
import { AccountRowActions } from './AccountRowActions';
import { AdvStatusBadge } from './AdvStatusBadge';
import type { AdvertiserFilters } from './api';
import { PAGE_SIZES } from './listQuery';

export interface AccountActions {
  open: (row: TAdvertiserRow) => void;
  details: (row: TAdvertiserRow) => void;
  edit: (row: TAdvertiserRow) => void;
  members: (row: TAdvertiserRow) => void;
  close: (row: TAdvertiserRow) => void;
}

export interface AccountTableProps {
  rows: TAdvertiserRow[];
  total: number;
  loading: boolean;
  filters: AdvertiserFilters;
  /** The current center: its admins edit and close the accounts it owns. */
  org: number;
  canManage: boolean;
  canAssign: boolean;
  actions: AccountActions;
  onPage: (page: number, pageSize: number) => void;
}

export function AccountTable(props: AccountTableProps) {
  const { rows, total, loading, filters, org, canManage, canAssign, actions, onPage } = props;
  const { t } = useTranslation(['advertisers', 'common']);

  const columns: TableProps<TAdvertiserRow>['columns'] = [
    {
      title: t('columns.account'),
      key: 'account',
      width: 190,
      render: (_, row) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: row.adv_name }} style={{ display: 'block' }}>
            {row.adv_name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: String(row.adv_id) }}>
            {t('common:id')}: {row.adv_id}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('columns.status'),
      key: 'status',
      width: 160,
      render: (_, row) => <AdvStatusBadge status={row.status} closed={row.closed} hint />,
    },
    {
      title: t('columns.owner'),
      key: 'owner',
      width: 130,
      render: (_, row) =>
        row.shared ? (
          <Flex gap={6} align="center" wrap>
            <Typography.Text ellipsis={{ tooltip: row.owner_org_name }}>{row.owner_org_name}</Typography.Text>
            <Tag color="purple">{t('shared')}</Tag>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('own_account')}</Typography.Text>
        ),
    },
    { title: t('columns.role'), key: 'role', width: 90, render: (_, row) => t(`roles.${row.adv_role}`) },
    {
      title: t('columns.currency_timezone'),
      key: 'currency',
      width: 140,
      render: (_, row) => (
        <>
          {row.currency}
          <Typography.Text type="secondary">
            {' '}
            · {accountZoneText(row.timezone_name, row.timezone)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('columns.created'),
      key: 'created',
      width: 170,
      render: (_, row) => dayjs(row.created_at).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 240,
      render: (_, row) => <AccountRowActions row={row} {...{ org, canManage, canAssign, actions }} />,
    },
  ];

  return (
    <Table<TAdvertiserRow>
      rowKey="adv_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1120 }}
      pagination={{
        current: filters.page,
        pageSize: filters.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (n) => t('total', { count: n }),
        onChange: onPage,
      }}
    />
  );
}
