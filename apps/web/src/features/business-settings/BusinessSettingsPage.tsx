import { orgCan } from '@scaler/domain';
import { Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { useBusinessInfo } from './api';
import { BusinessInfoCard } from './BusinessInfoCard';
import { CommissionCard } from './CommissionCard';
import { TimeZoneCurrencyCard } from './TimeZoneCurrencyCard';

/** /manage/setting: business info, what time zone and currency mean, and commission for agency admins. */
export function BusinessSettingsPage() {
  const { t } = useTranslation('businessSettings');
  const { org, currentOrg } = useConsoleContext();
  const info = useBusinessInfo(org);
  if (org === null || !currentOrg) return null;
  const access = orgAccessOf(currentOrg);

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
      </div>
      {info.isError ? (
        <ErrorState onRetry={() => info.refetch()} message={info.error.message} />
      ) : !info.data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <BusinessInfoCard key={info.data.org_id} info={info.data} editable={orgCan(access, 'org.edit')} />
          </Col>
          <Col xs={24} xl={9}>
            <Flex vertical gap={16}>
              <TimeZoneCurrencyCard info={info.data} />
              {orgCan(access, 'finance.manage') && <CommissionCard info={info.data} />}
            </Flex>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
