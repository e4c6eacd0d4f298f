import {
  AuditOutlined,
  MailOutlined,
  ShareAltOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { TOverview } from '@scaler/domain';
import { ADV_STATUSES, type AdvStatus } from '@scaler/domain';
import { Button, Card, Col, Flex, Progress, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withContext } from '../../lib/context';
import { AdvStatusBadge } from '../advertisers/AdvStatusBadge';

import { StatCard } from './StatCard';

/** Bar colours matching the status badges. */
const STATUS_COLOR: Record<AdvStatus, string> = {
  0: 'var(--ant-color-primary)',
  1: 'var(--ant-color-success)',
  2: 'var(--ant-color-error)',
  3: 'var(--ant-color-warning)',
  4: 'var(--ant-color-text-quaternary)',
};

/** The figures of the center; admins also see partners, invitations and reviews. */
export function StatCards({ org, data, admin }: { org: number; data: TOverview; admin: boolean }) {
  const { t } = useTranslation('overview');
  const to = (path: string) => withContext(path, { org });
  const span = admin ? { xs: 24, sm: 12, xl: 6 } : { xs: 24, sm: 12 };
  return (
    <Row gutter={[16, 16]}>
      <Col {...span}>
        <StatCard
          title={t('stats.members')}
          value={data.members}
          icon={<TeamOutlined />}
          linkText={t(admin ? 'stats.members_link' : 'stats.members_view')}
          to={to('/manage/members')}
        />
      </Col>
      {!admin && (
        <Col {...span}>
          <StatCard
            title={t('stats.my_accounts')}
            value={data.accounts_total}
            icon={<WalletOutlined />}
            linkText={t('stats.accounts_link')}
            to={to('/manage/account')}
          />
        </Col>
      )}
      {admin && (
        <>
          <Col {...span}>
            <StatCard
              title={t('stats.partners')}
              value={data.partners}
              icon={<ShareAltOutlined />}
              linkText={t('stats.partners_link')}
              to={to('/manage/partner')}
            />
          </Col>
          <Col {...span}>
            <StatCard
              title={t('stats.pending_invitations')}
              value={data.pending_invitations}
              icon={<MailOutlined />}
              linkText={t('stats.invitations_link')}
              to={to('/manage/members?tab=invitations')}
            />
          </Col>
          <Col {...span}>
            <StatCard
              title={t('stats.pending_reviews')}
              value={data.pending_reviews}
              icon={<AuditOutlined />}
              linkText={t('stats.reviews_link')}
              to={to('/manage/account?status=0')}
              extra={
                data.verification_pending && (
                  <Typography.Text type="secondary">{t('stats.verification_pending')}</Typography.Text>
                )
              }
            />
          </Col>
        </>
      )}
    </Row>
  );
}

/** Advertiser accounts by status, with a bar per status. */
export function AccountStatusCard({ org, data, admin }: { org: number; data: TOverview; admin: boolean }) {
  const { t } = useTranslation('overview');
  const navigate = useNavigate();
  const total = data.accounts_total;
  return (
    <Card
      title={t(admin ? 'accounts.title' : 'accounts.title_mine', { count: total })}
      extra={
        <Button type="link" onClick={() => navigate(withContext('/manage/account', { org }))}>
          {t('stats.accounts_link')}
        </Button>
      }
      style={{ height: '100%' }}
    >
      {total === 0 ? (
        <Typography.Text type="secondary">
          {t(admin ? 'accounts.empty' : 'accounts.empty_mine')}
        </Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {ADV_STATUSES.map((s) => (
            <div key={s}>
              <Flex justify="space-between">
                <AdvStatusBadge status={s} closed={false} />
                <Typography.Text strong>{data.accounts_by_status[s] ?? 0}</Typography.Text>
              </Flex>
              <Progress
                percent={Math.round(((data.accounts_by_status[s] ?? 0) / total) * 100)}
                showInfo={false}
                size="small"
                strokeColor={STATUS_COLOR[s]}
                aria-label={t('accounts.share_of', { count: data.accounts_by_status[s] ?? 0, total })}
              />
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}
