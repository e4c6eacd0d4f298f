import { MAX_BULK_TRANSFERS, type TFinanceAccount, type TWallet } from '@scaler/domain';
import { Button, Empty, Flex, Input, Typography } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';
import { OnceOpened } from '../../components/OnceOpened';
import { withContext } from '../../lib/context';
import { useFinanceOverview } from './api';
import { FinanceAccountTable } from './FinanceAccountTable';
import { ACCOUNT_PAGE_SIZES, type FinanceQuery } from './financeQuery';

// Dialogs load when first opened.
const TransferModal = lazy(() => import('./TransferModal').then((m) => ({ default: m.TransferModal })));
const BulkTransferModal = lazy(() =>
  import('./BulkTransferModal').then((m) => ({ default: m.BulkTransferModal })),
);

/**
 * The center's accounts with their wallets, searched and paged by the server (`q`, `page` in the URL);
 * a transfer per account, and one transfer for the selected accounts (kept across pages).
 */
export function AccountsPanel({
  org,
  query,
  wallets,
  go,
}: {
  org: number;
  query: FinanceQuery;
  wallets: readonly TWallet[];
  go: (patch: Partial<FinanceQuery>) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const list = useFinanceOverview(org, {
    keyword: query.q || undefined,
    page: query.page,
    page_size: query.pageSize,
  });
  const [q, setQ] = useState(query.q);
  useEffect(() => setQ(query.q), [query.q]);
  const [target, setTarget] = useState<TFinanceAccount | null>(null);
  const [selected, setSelected] = useState<Map<number, TFinanceAccount>>(new Map());
  const [bulkOpen, setBulkOpen] = useState(false);

  const rows = list.data?.accounts.list ?? [];
  const centerWallet = (currency: string) => wallets.find((w) => w.currency === currency);
  const filtered = query.q !== '';

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = <ErrorState onRetry={() => list.refetch()} message={list.error.message} />;
  } else if (!list.isPending && rows.length === 0 && query.page === 1) {
    body = (
      <Empty
        description={filtered ? t('accounts.empty_filtered') : t('accounts.empty')}
        style={{ padding: '32px 0' }}
      >
        {filtered ? (
          <Button onClick={() => go({ q: '' })}>{t('accounts.clear_search')}</Button>
        ) : (
          <LinkButton to={withContext('/manage/account', { org })}>{t('accounts.go_accounts')}</LinkButton>
        )}
      </Empty>
    );
  } else {
    body = (
      <FinanceAccountTable
        label={t('accounts.label')}
        rows={rows}
        total={list.data?.accounts.total ?? 0}
        loading={list.isFetching}
        page={query.page}
        pageSize={query.pageSize}
        pageSizes={ACCOUNT_PAGE_SIZES}
        onPage={(page, pageSize) => go(pageSize !== query.pageSize ? { pageSize } : { page })}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...selected.keys()],
          onChange: (keys, chosen) => {
            const next = new Map<number, TFinanceAccount>();
            for (const key of keys) {
              const row = chosen.find((r) => r?.adv_id === key) ?? selected.get(Number(key));
              if (row) next.set(row.adv_id, row);
            }
            setSelected(next);
          },
        }}
        actions={(row) => (
          <Flex gap={4} wrap>
            <Button size="small" type="link" onClick={() => setTarget(row)}>
              {t('accounts.transfer')}
            </Button>
            <Button size="small" type="link" onClick={() => go({ tab: 'transactions', account: row.adv_id })}>
              {t('accounts.transactions')}
            </Button>
          </Flex>
        )}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap justify="space-between" align="center">
        <Input.Search
          allowClear
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(value) => go({ q: value })}
          placeholder={t('accounts.search')}
          aria-label={t('accounts.search')}
          maxLength={100}
          style={{ width: 300 }}
        />
        <Flex gap={8} align="center" wrap>
          {selected.size > 0 && (
            <>
              <Typography.Text type="secondary">
                {t('bulk.selected', { count: selected.size })}
              </Typography.Text>
              <Button type="link" onClick={() => setSelected(new Map())}>
                {t('bulk.clear')}
              </Button>
            </>
          )}
          <Button
            type="primary"
            disabled={selected.size === 0 || selected.size > MAX_BULK_TRANSFERS}
            onClick={() => setBulkOpen(true)}
          >
            {t('bulk.open', { count: selected.size })}
          </Button>
        </Flex>
      </Flex>
      {body}
      <OnceOpened open={target !== null}>
        <TransferModal
          account={target}
          center={target ? centerWallet(target.wallet.currency) : undefined}
          onClose={() => setTarget(null)}
        />
      </OnceOpened>
      <OnceOpened open={bulkOpen}>
        <BulkTransferModal
          accounts={[...selected.values()]}
          open={bulkOpen}
          onClose={() => setBulkOpen(false)}
          onDone={() => setSelected(new Map())}
        />
      </OnceOpened>
    </Flex>
  );
}
