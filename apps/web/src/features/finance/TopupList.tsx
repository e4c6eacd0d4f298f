import { TOPUP_STATUSES, type TopupStatusName, type TTopup } from '@scaler/domain';
import { Button, Card, Empty, Flex, Segmented, Table, type TableProps, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { OnceOpened } from '../../components/OnceOpened';
import { useTopups } from './api';
import type { TopupListQuery } from './financeQuery';
import { Money } from './Money';
import { TopupStatusTag } from './TopupStatusTag';

// The payment details of a pending request load when first asked for.
const TopupDetailsModal = lazy(() =>
  import('./TopupDetailsModal').then((m) => ({ default: m.TopupDetailsModal })),
);
const PAGE_SIZE = 20;
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

/** The center's top-up requests, newest first, filtered by status (in the URL); a pending one's payment details. */
export function TopupList({
  org,
  query,
  go,
}: {
  org: number;
  query: TopupListQuery;
  go: (patch: Partial<TopupListQuery>) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const list = useTopups(org, { status: query.status, page: query.page, page_size: PAGE_SIZE });
  const [details, setDetails] = useState<TTopup | null>(null);
  const rows = list.data?.list ?? [];

  const columns: TableProps<TTopup>['columns'] = [
    { title: t('topups.requested_at'), key: 'at', width: 170, render: (_, r) => time(r.requested_at) },
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
      title: t('topups.note'),
      key: 'note',
      width: 220,
      render: (_, r) =>
        r.note ? <Typography.Text ellipsis={{ tooltip: r.note }}>{r.note}</Typography.Text> : '—',
    },
    { title: t('topups.decided_at'), key: 'decided', width: 170, render: (_, r) => time(r.decided_at) },
    {
      title: t('topups.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' && (
          <Button size="small" type="link" onClick={() => setDetails(r)}>
            {t('topups.payment_details')}
          </Button>
        ),
    },
  ];

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = <ErrorState onRetry={() => list.refetch()} message={list.error.message} />;
  } else if (!list.isPending && rows.length === 0 && query.page === 1) {
    body = (
      <Empty
        description={query.status ? t('topups.empty_filtered') : t('topups.empty')}
        style={{ padding: 24 }}
      />
    );
  } else {
    body = (
      <Table<TTopup>
        aria-label={t('topups.label')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 1300 }}
        pagination={{
          current: query.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (page) => go({ page }),
        }}
      />
    );
  }

  return (
    <Card
      title={t('topups.title')}
      extra={
        <Segmented<TopupStatusName | 'all'>
          aria-label={t('topups.status_filter')}
          value={query.status ?? 'all'}
          onChange={(value) => go({ status: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: t('topups.all') },
            ...TOPUP_STATUSES.map((s) => ({ value: s, label: t(`topup_status.${s}`) })),
          ]}
        />
      }
    >
      <Flex vertical gap={12}>
        {body}
      </Flex>
      <OnceOpened open={details !== null}>
        <TopupDetailsModal topup={details} onClose={() => setDetails(null)} />
      </OnceOpened>
    </Card>
  );
}
