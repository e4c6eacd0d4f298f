import { ADV_STATUS, type TAdvertiserRow } from '@scaler/domain';
import { Button, Flex, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
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
      width: 240,
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
      width: 170,
      render: (_, row) => <AdvStatusBadge status={row.status} closed={row.closed} hint />,
    },
    {
      title: t('columns.owner'),
      key: 'owner',
      width: 200,
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
    { title: t('columns.role'), key: 'role', width: 140, render: (_, row) => t(`roles.${row.adv_role}`) },
    { title: t('columns.currency'), dataIndex: 'currency', width: 90 },
    { title: t('columns.timezone'), key: 'timezone', width: 110, render: (_, row) => `UTC${row.timezone}` },
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
      width: 300,
      render: (_, row) => <RowActions row={row} {...{ org, canManage, canAssign, actions }} />,
    },
  ];

  return (
    <Table<TAdvertiserRow>
      rowKey="adv_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1320 }}
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

function RowActions({
  row,
  org,
  canManage,
  canAssign,
  actions,
}: Pick<AccountTableProps, 'org' | 'canManage' | 'canAssign' | 'actions'> & { row: TAdvertiserRow }) {
  const { t } = useTranslation('advertisers');
  const usable = row.status === ADV_STATUS.active && !row.closed;
  const owned = row.owner_org_id === org;
  const label = (key: 'open' | 'details' | 'edit' | 'members' | 'close') => ({
    'aria-label': `${t(key)} ${row.adv_name}`,
  });
  return (
    <Flex gap={0} wrap>
      <Tooltip title={usable ? undefined : t('status_error')}>
        <Button
          type="link"
          size="small"
          disabled={!usable}
          onClick={() => actions.open(row)}
          {...label('open')}
        >
          {t('open')}
        </Button>
      </Tooltip>
      <Button type="link" size="small" onClick={() => actions.details(row)} {...label('details')}>
        {t('details')}
      </Button>
      {canManage && owned && (
        <Tooltip title={row.closed ? t('closed_hint') : undefined}>
          <Button
            type="link"
            size="small"
            disabled={row.closed}
            onClick={() => actions.edit(row)}
            {...label('edit')}
          >
            {t('edit')}
          </Button>
        </Tooltip>
      )}
      {canAssign && !row.closed && (
        <Button type="link" size="small" onClick={() => actions.members(row)} {...label('members')}>
          {t('members')}
        </Button>
      )}
      {canManage && owned && !row.closed && (
        <Button type="link" size="small" danger onClick={() => actions.close(row)} {...label('close')}>
          {t('close')}
        </Button>
      )}
    </Flex>
  );
}
