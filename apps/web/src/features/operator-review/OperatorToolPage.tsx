import { Flex, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnceOpened } from '../../components/OnceOpened';
import { PageLoading } from '../../components/PageLoading';
import { AccountsTab } from './AccountsTab';
import { CentersTab } from './CentersTab';
import { CreativesTab } from './CreativesTab';
import { LogTab } from './LogTab';
import type { ReasonRequest } from './ReasonModal';
import { TOOL_TABS, type ToolTab } from './toolQuery';
import { useToolQuery } from './useToolQuery';

// Dialogs load when first opened; the top-ups (the finance feature's) and exchanges tabs when first shown.
const ReasonModal = lazy(() => import('./ReasonModal').then((m) => ({ default: m.ReasonModal })));
const TopupsTab = lazy(() => import('../finance/TopupsTab').then((m) => ({ default: m.TopupsTab })));
const ExchangesTab = lazy(() =>
  import('../exchanges/ExchangesTab').then((m) => ({ default: m.ExchangesTab })),
);

/**
 * /sa and /sa/tool: platform operators review center verifications, advertiser accounts, creatives and
 * top-ups (with the centers' credit lines), and register the exchanges the bidder answers. Only the open
 * tab is mounted: two lists of one path at once would cancel each other (spec 8 duplicate rule).
 */
export function OperatorToolPage() {
  const { t } = useTranslation('operatorReview');
  const { query, update } = useToolQuery();
  const [reasonRequest, setReasonRequest] = useState<ReasonRequest | null>(null);

  const body: Record<ToolTab, React.ReactNode> = {
    centers: <CentersTab askReason={setReasonRequest} />,
    accounts: <AccountsTab askReason={setReasonRequest} />,
    creatives: <CreativesTab />,
    topups: (
      <Suspense fallback={<PageLoading />}>
        <TopupsTab
          query={{ status: query.topupStatus, page: query.page, center: query.center }}
          onQuery={(patch) => update(patch)}
          askReason={setReasonRequest}
        />
      </Suspense>
    ),
    exchanges: (
      <Suspense fallback={<PageLoading />}>
        <ExchangesTab />
      </Suspense>
    ),
    log: <LogTab />,
  };

  return (
    <Flex vertical gap={8} style={{ maxWidth: 1600, margin: '0 auto' }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
      </div>
      <Tabs
        activeKey={query.tab}
        onChange={(tab) => update({ tab: tab as ToolTab })}
        destroyOnHidden
        items={TOOL_TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`), children: body[tab] }))}
      />
      <OnceOpened open={reasonRequest !== null}>
        <ReasonModal request={reasonRequest} onClose={() => setReasonRequest(null)} />
      </OnceOpened>
    </Flex>
  );
}
