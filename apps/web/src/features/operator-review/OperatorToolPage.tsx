import { ADV_STATUS } from '@scaler/domain';
import { Badge, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountsTab } from './AccountsTab';
import { useAccountReviews, useCenterReviews } from './api';
import { CentersTab } from './CentersTab';
import { LogTab } from './LogTab';
import { ReasonModal, type ReasonRequest } from './ReasonModal';
import { TOOL_TABS } from './toolQuery';
import { useToolQuery } from './useToolQuery';

/** /sa and /sa/tool: platform operators review center verifications and advertiser accounts. */
export function OperatorToolPage() {
  const { t } = useTranslation('operatorReview');
  const { query, update } = useToolQuery();
  const [reasonRequest, setReasonRequest] = useState<ReasonRequest | null>(null);
  // The waiting counts on the tabs come from the queues' own queries (shared cache).
  const pendingCenters = useCenterReviews('pending').data?.length ?? 0;
  const pendingAccounts = useAccountReviews(ADV_STATUS.review).data?.length ?? 0;
  const counts = { centers: pendingCenters, accounts: pendingAccounts, log: 0 };

  const body = {
    centers: <CentersTab askReason={setReasonRequest} />,
    accounts: <AccountsTab askReason={setReasonRequest} />,
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
        onChange={(tab) => update({ tab: tab as (typeof TOOL_TABS)[number] })}
        destroyOnHidden
        items={TOOL_TABS.map((tab) => ({
          key: tab,
          label: (
            <Flex gap={8} align="center">
              {t(`tabs.${tab}`)}
              {counts[tab] > 0 && <Badge count={counts[tab]} color="var(--ant-color-primary)" />}
            </Flex>
          ),
          children: body[tab],
        }))}
      />
      <ReasonModal request={reasonRequest} onClose={() => setReasonRequest(null)} />
    </Flex>
  );
}
