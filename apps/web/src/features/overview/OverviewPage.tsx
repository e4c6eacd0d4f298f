import { orgCan } from '@scaler/domain';
import { Card, Col, Flex, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { useOverview } from './api';
import { CenterHeader } from './CenterHeader';
import { GettingStarted } from './GettingStarted';
import { RecentActivity } from './RecentActivity';
import { AccountStatusCard, StatCards } from './StatCards';

/** /manage/overview: the center at a glance. */
export function OverviewPage() {
  const { org, currentOrg } = useConsoleContext();
  const admin = currentOrg !== null && orgCan(orgAccessOf(currentOrg), 'members.manage');
  const overview = useOverview(org);
  if (!currentOrg || org === null) return null;

  let body: ReactNode;
  if (overview.isPending) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else if (overview.isError) {
    body = (
      <Card>
        <ErrorState onRetry={() => overview.refetch()} message={overview.error.message} />
      </Card>
    );
  } else {
    const data = overview.data;
    body = (
      <>
        {admin && (
          <GettingStarted
            center={currentOrg}
            accounts={data.accounts_total}
            members={data.members}
            pendingInvitations={data.pending_invitations}
          />
        )}
        <StatCards org={org} data={data} admin={admin} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={admin ? 9 : 24}>
            <AccountStatusCard org={org} data={data} admin={admin} />
          </Col>
          {admin && (
            <Col xs={24} lg={15}>
              <RecentActivity org={org} items={data.recent_activity} />
            </Col>
          )}
        </Row>
      </>
    );
  }

  return (
    <Flex vertical gap={16}>
      <CenterHeader center={currentOrg} />
      {body}
    </Flex>
  );
}
