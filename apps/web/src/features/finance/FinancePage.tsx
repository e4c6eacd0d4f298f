import { Card, Flex, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { StatementDownload } from '../user-settings/StatementDownload';
import { AccountsPanel } from './AccountsPanel';
import { useCenterWallets } from './api';
import { FINANCE_TABS, type FinanceQuery, readFinanceQuery, writeFinanceQuery } from './financeQuery';
import { WalletCards } from './WalletCards';

// The ledger (its date picker and export) loads when its tab is first opened.
const TransactionsPanel = lazy(() =>
  import('./TransactionsPanel').then((m) => ({ default: m.TransactionsPanel })),
);

/**
 * /finance/index (org admins of agency centers): the center's wallets, its accounts' balances with
 * transfers between them, and the ledger of both.
 */
export function FinancePage() {
  const { t } = useTranslation(['finance', 'common']);
  const navigate = useNavigate();
  const { org, pathname, search } = useConsoleContext();
  const query = readFinanceQuery(search);
  const center = useCenterWallets(org);
  const wallets = center.data ?? [];
  if (org === null) return null;
  const go = (patch: Partial<FinanceQuery>) => navigate(`${pathname}${writeFinanceQuery(search, patch)}`);

  const panels = {
    accounts: <AccountsPanel org={org} query={query} wallets={wallets} go={go} />,
    transactions: (
      <Suspense fallback={<PageLoading />}>
        <TransactionsPanel org={org} query={query} go={go} />
      </Suspense>
    ),
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('center.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('center.subtitle')}</Typography.Text>
      </div>
      <WalletCards
        wallets={wallets}
        loading={center.isPending}
        error={center.isError && !center.data ? center.error : null}
        onRetry={() => center.refetch()}
        action={() => (
          <LinkButton type="link" to={withContext('/manage/payment', { org })}>
            {t('center.top_up')}
          </LinkButton>
        )}
      />
      <Card>
        <Tabs
          activeKey={query.tab}
          onChange={(tab) => go({ tab: tab as FinanceQuery['tab'] })}
          destroyOnHidden
          items={FINANCE_TABS.map((tab) => ({
            key: tab,
            label: t(`center.tabs.${tab}`),
            children: panels[tab],
          }))}
        />
      </Card>
      <Card title={t('center.statements')}>
        <StatementDownload path="/scaler/v3/finance/statement" />
      </Card>
    </Flex>
  );
}
