import type { TTransaction } from '@scaler/domain';
import { Button, DatePicker, Empty, Flex, Select, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { AccountFilter } from './AccountFilter';
import { useTransactions } from './api';
import { ExportTransactionsButton } from './ExportTransactionsButton';
import { type FinanceQuery, LEDGER_KINDS, LEDGER_PAGE_SIZES } from './financeQuery';
import { Money } from './Money';

const KIND_COLOR: Record<string, string> = {
  topup: 'green',
  transfer: 'blue',
  spend: 'orange',
  refund: 'cyan',
  adjustment: 'purple',
  commission: 'gold',
};

/**
 * The ledger rows of the center's wallets and its accounts', newest first: filtered by account, kind and
 * dates (days of the report time zone), paged by the server, all in the URL; exported as CSV.
 */
export function TransactionsPanel({
  org,
  query,
  go,
}: {
  org: number;
  query: FinanceQuery;
  go: (patch: Partial<FinanceQuery>) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const filters = {
    adv_id: query.account ?? undefined,
    kind: query.kind ?? undefined,
    start_date: query.start ?? undefined,
    end_date: query.end ?? undefined,
  };
  const ledger = useTransactions(org, { ...filters, page: query.page, page_size: query.pageSize });
  const rows = ledger.data?.list ?? [];
  const filtered = query.account !== null || query.kind !== null || query.start !== null;

  const columns: TableProps<TTransaction>['columns'] = [
    {
      title: t('tx.time'),
      key: 'time',
      width: 170,
      render: (_, r) => <time dateTime={r.time}>{dayjs(r.time).format('YYYY-MM-DD HH:mm:ss')}</time>,
    },
    {
      title: t('tx.wallet'),
      key: 'wallet',
      width: 220,
      render: (_, r) =>
        r.adv_id === null ? (
          <Typography.Text strong>{t('tx.center_wallet')}</Typography.Text>
        ) : (
          <div style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: r.adv_name }} style={{ display: 'block' }}>
              {r.adv_name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('common:id')}: {r.adv_id}
            </Typography.Text>
          </div>
        ),
    },
    {
      title: t('tx.kind'),
      key: 'kind',
      width: 120,
      render: (_, r) => (
        <Tag color={KIND_COLOR[r.kind]}>{t(`kinds.${r.kind}`, { defaultValue: r.kind })}</Tag>
      ),
    },
    {
      title: t('tx.amount'),
      key: 'amount',
      width: 160,
      align: 'right',
      render: (_, r) => <Money amount={r.amount} currency={r.currency} signed />,
    },
    {
      title: t('tx.balance_after'),
      key: 'balance_after',
      width: 160,
      align: 'right',
      render: (_, r) => <Money amount={r.balance_after} currency={r.currency} />,
    },
    {
      title: t('tx.memo'),
      key: 'memo',
      width: 200,
      render: (_, r) =>
        r.memo ? (
          <Typography.Text ellipsis={{ tooltip: r.memo }}>{r.memo}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: t('tx.by'), key: 'by', width: 200, ellipsis: true, render: (_, r) => r.by ?? '—' },
    {
      title: t('tx.reference'),
      key: 'reference',
      width: 220,
      render: (_, r) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: r.reference }} style={{ fontSize: 12 }}>
          {r.reference}
        </Typography.Text>
      ),
    },
  ];

  let body: React.ReactNode;
  if (ledger.isError && !ledger.data) {
    body = <ErrorState onRetry={() => ledger.refetch()} message={ledger.error.message} />;
  } else if (!ledger.isPending && rows.length === 0 && query.page === 1) {
    body = (
      <Empty description={filtered ? t('tx.empty_filtered') : t('tx.empty')} style={{ padding: '32px 0' }}>
        {filtered && (
          <Button onClick={() => go({ account: null, kind: null, start: null, end: null })}>
            {t('tx.clear_filters')}
          </Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <Table<TTransaction>
        aria-label={t('tx.label')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={ledger.isFetching}
        scroll={{ x: 1400 }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: ledger.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: LEDGER_PAGE_SIZES.map(String),
          showTotal: (n) =>
            ledger.data?.more
              ? t('tx.total_more', { max: n.toLocaleString('en-US') })
              : t('tx.total', { count: n }),
          onChange: (page, pageSize) => go(pageSize !== query.pageSize ? { pageSize } : { page }),
        }}
      />
    );
  }

  const shownName = rows.find((r) => r.adv_id === query.account)?.adv_name;
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={12} wrap align="center">
          <AccountFilter
            org={org}
            value={query.account}
            valueName={shownName}
            onChange={(account) => go({ account })}
          />
          <Select
            allowClear
            value={query.kind ?? undefined}
            onChange={(kind) => go({ kind: kind ?? null })}
            placeholder={t('tx.all_kinds')}
            aria-label={t('tx.kind')}
            options={LEDGER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            style={{ width: 160 }}
          />
          <DatePicker.RangePicker
            allowClear
            aria-label={t('tx.dates')}
            value={query.start && query.end ? [dayjs(query.start), dayjs(query.end)] : null}
            onChange={(range) =>
              go({
                start: range?.[0]?.format('YYYY-MM-DD') ?? null,
                end: range?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
          />
        </Flex>
        <ExportTransactionsButton filters={filters} disabled={ledger.isPending || rows.length === 0} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('tx.dates_hint')}
      </Typography.Text>
      {body}
    </Flex>
  );
}
