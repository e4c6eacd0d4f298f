import type { TTopup } from '@scaler/domain';
import { Button, Flex, Table, type TableProps, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Money } from './Money';
import { TopupStatusTag } from './TopupStatusTag';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

/** The operators' queue of top-ups: who asked for what with which reference, and the decision. */
export function TopupQueueTable({
  rows,
  total,
  loading,
  page,
  pageSize,
  onPage,
  onConfirm,
  onReject,
}: {
  rows: TTopup[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onConfirm: (topup: TTopup) => void;
  onReject: (topup: TTopup) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const columns: TableProps<TTopup>['columns'] = [
    { title: t('topups.requested_at'), key: 'at', width: 170, render: (_, r) => time(r.requested_at) },
    {
      title: t('queue.center'),
      key: 'center',
      width: 220,
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: r.org_name }} style={{ display: 'block' }}>
            {r.org_name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('common:id')}: {r.org_id}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('topups.reference'),
      key: 'reference',
      width: 170,
      render: (_, r) => <Typography.Text copyable={{ text: r.reference }}>{r.reference}</Typography.Text>,
    },
    {
      title: t('topups.amount'),
      key: 'amount',
      width: 160,
      align: 'right',
      render: (_, r) => <Money amount={r.amount} currency={r.currency} />,
    },
    {
      title: t('topups.status'),
      key: 'status',
      width: 110,
      render: (_, r) => <TopupStatusTag status={r.status} />,
    },
    {
      title: t('topups.received'),
      key: 'received',
      width: 160,
      align: 'right',
      render: (_, r) =>
        r.received_amount === null ? '—' : <Money amount={r.received_amount} currency={r.currency} />,
    },
    {
      title: t('queue.requested_by'),
      key: 'by',
      width: 200,
      ellipsis: true,
      render: (_, r) => r.requested_by ?? '—',
    },
    {
      title: t('queue.decided'),
      key: 'decided',
      width: 220,
      render: (_, r) =>
        r.decided_at ? (
          <Flex vertical>
            <span>{time(r.decided_at)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.decided_by}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('topups.note'),
      key: 'note',
      width: 200,
      render: (_, r) =>
        r.note ? <Typography.Text ellipsis={{ tooltip: r.note }}>{r.note}</Typography.Text> : '—',
    },
    {
      title: t('topups.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' && (
          <Flex gap={8}>
            <Button size="small" type="primary" onClick={() => onConfirm(r)}>
              {t('queue.confirm')}
            </Button>
            <Button size="small" danger onClick={() => onReject(r)}>
              {t('queue.reject')}
            </Button>
          </Flex>
        ),
    },
  ];
  return (
    <Table<TTopup>
      aria-label={t('queue.label')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1700 }}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPage }}
    />
  );
}
