import type { TWallet } from '@scaler/domain';
import { Button, Card, Empty, Flex, Input, Tooltip, Typography } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { OnceOpened } from '../../components/OnceOpened';
import { useCenterFinance } from './api';
import type { CreditTarget } from './CreditLineModal';
import { FinanceAccountTable } from './FinanceAccountTable';
import { WalletCards } from './WalletCards';

const CreditLineModal = lazy(() => import('./CreditLineModal').then((m) => ({ default: m.CreditLineModal })));
const PAGE_SIZE = 10;

/** The button that sets a wallet's credit line; a wallet not opened yet (no money moved) has none to set. */
function CreditButton({
  wallet,
  owner,
  onSet,
}: {
  wallet: TWallet;
  owner: string;
  onSet: (t: CreditTarget) => void;
}) {
  const { t } = useTranslation('finance');
  const { wallet_id } = wallet;
  const button = (
    <Button
      size="small"
      type="link"
      disabled={wallet_id === null}
      onClick={() => wallet_id !== null && onSet({ wallet: { ...wallet, wallet_id }, owner })}
    >
      {t('credit.set')}
    </Button>
  );
  return wallet_id === null ? <Tooltip title={t('credit.not_opened')}>{button}</Tooltip> : button;
}

/** One center's wallets and its accounts' (searched and paged by the server), each with its credit line. */
function CenterCredit({ center, onSet }: { center: number; onSet: (target: CreditTarget) => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const finance = useCenterFinance(center, { keyword: keyword || undefined, page, page_size: PAGE_SIZE });
  if (finance.isError && !finance.data) {
    const notFound = finance.error instanceof ApiError && finance.error.status === 404;
    return notFound ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('credit.not_found', { id: center })} />
    ) : (
      <ErrorState onRetry={() => finance.refetch()} message={finance.error.message} />
    );
  }
  const data = finance.data;
  return (
    <Flex vertical gap={16}>
      <WalletCards
        wallets={data?.wallets ?? []}
        loading={finance.isPending}
        error={null}
        onRetry={() => finance.refetch()}
        action={(w) => (
          <CreditButton
            wallet={w}
            owner={t('credit.center_owner', { id: center, currency: w.currency })}
            onSet={onSet}
          />
        )}
      />
      <Input.Search
        allowClear
        placeholder={t('accounts.search')}
        aria-label={t('accounts.search')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
        maxLength={100}
        style={{ width: 300 }}
      />
      <FinanceAccountTable
        label={t('credit.accounts_label')}
        rows={data?.accounts.list ?? []}
        total={data?.accounts.total ?? 0}
        loading={finance.isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        pageSizes={[PAGE_SIZE]}
        onPage={setPage}
        actionsWidth={140}
        actions={(row) => (
          <CreditButton wallet={row.wallet} owner={`${row.adv_name} (${row.adv_id})`} onSet={onSet} />
        )}
      />
    </Flex>
  );
}

/**
 * An operator looks a center up by its ID (in the URL) and sets the credit lines of its wallets and of
 * its accounts' wallets.
 */
export function CreditLines({
  center,
  onCenter,
}: {
  center: number | null;
  onCenter: (id: number | null) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const [typed, setTyped] = useState(center ? String(center) : '');
  useEffect(() => setTyped(center ? String(center) : ''), [center]);
  const [target, setTarget] = useState<CreditTarget | null>(null);
  const invalidId = typed.trim() !== '' && !/^\d{1,12}$/.test(typed.trim());

  return (
    <Card title={t('credit.card_title')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('credit.intro')}</Typography.Text>
        <Input.Search
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            const id = value.trim();
            if (id === '') onCenter(null);
            else if (/^\d{1,12}$/.test(id)) onCenter(Number(id));
          }}
          enterButton={t('credit.lookup')}
          placeholder={t('credit.center_id')}
          aria-label={t('credit.center_id')}
          inputMode="numeric"
          status={invalidId ? 'error' : undefined}
          style={{ width: 320 }}
        />
        {invalidId && <Typography.Text type="danger">{t('credit.invalid_id')}</Typography.Text>}
        {center === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('credit.lookup_hint')} />
        ) : (
          <CenterCredit key={center} center={center} onSet={setTarget} />
        )}
      </Flex>
      <OnceOpened open={target !== null}>
        <CreditLineModal target={target} onClose={() => setTarget(null)} />
      </OnceOpened>
    </Card>
  );
}
