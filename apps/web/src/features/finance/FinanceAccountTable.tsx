import type { AdvStatus, TFinanceAccount } from '@scaler/domain';
import { Badge, type BadgeProps, Table, type TableProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from './Money';

const BADGE: Record<AdvStatus, BadgeProps['status']> = {
  0: 'processing',
  1: 'success',
  2: 'error',
  3: 'warning',
  4: 'default',
};

export interface FinanceAccountTableProps {
  label: string;
  rows: TFinanceAccount[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number, pageSize: number) => void;
  /** The actions of a row (transfer, its transactions; an operator's credit line). */
  actions: (row: TFinanceAccount) => ReactNode;
  actionsWidth?: number;
  rowSelection?: TableProps<TFinanceAccount>['rowSelection'];
}

/** A page of a center's accounts with their wallets: balance, credit line, available, daily cap. */
export function FinanceAccountTable(props: FinanceAccountTableProps) {
  const { rows, total, loading, page, pageSize, pageSizes, onPage, actions, rowSelection } = props;
  const { t } = useTranslation(['finance', 'common']);
  const money = (pick: (row: TFinanceAccount) => string) => (_: unknown, row: TFinanceAccount) => (
    <Money amount={pick(row)} currency={row.wallet.currency} />
  );

  const columns: TableProps<TFinanceAccount>['columns'] = [
    {
      title: t('accounts.account'),
      key: 'account',
      width: 220,
      render: (_, row) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: row.adv_name }} style={{ display: 'block' }}>
            {row.adv_name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('common:id')}: {row.adv_id}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('accounts.status'),
      key: 'status',
      width: 120,
      render: (_, row) => (
        <Badge
          status={BADGE[row.status as AdvStatus] ?? 'default'}
          text={t(`common:adv_status.${row.status as AdvStatus}`)}
        />
      ),
    },
    {
      title: t('wallet.balance'),
      key: 'balance',
      width: 160,
      align: 'right',
      render: money((r) => r.wallet.balance),
    },
    {
      title: t('wallet.credit'),
      key: 'credit',
      width: 150,
      align: 'right',
      render: money((r) => r.wallet.credit_limit),
    },
    {
      title: t('wallet.available'),
      key: 'available',
      width: 160,
      align: 'right',
      render: money((r) => r.wallet.available),
    },
    {
      title: t('accounts.daily_cap'),
      key: 'cap',
      width: 150,
      align: 'right',
      render: (_, row) =>
        row.daily_spend_cap === null ? (
          <Typography.Text type="secondary">{t('accounts.no_cap')}</Typography.Text>
        ) : (
          <Money amount={row.daily_spend_cap} currency={row.wallet.currency} />
        ),
    },
    {
      title: t('accounts.actions'),
      key: 'actions',
      fixed: 'right',
      width: props.actionsWidth ?? 180,
      render: (_, row) => actions(row),
    },
  ];

  return (
    <Table<TFinanceAccount>
      aria-label={props.label}
      rowKey="adv_id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowSelection={rowSelection}
      scroll={{ x: 1250 }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: pageSizes.length > 1,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (n) => t('accounts.total', { count: n }),
        onChange: onPage,
      }}
    />
  );
}
