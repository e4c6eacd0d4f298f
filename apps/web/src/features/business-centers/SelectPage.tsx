import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Col, Empty, Flex, Input, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { useBusinessCenters } from './api';
import { BusinessCenterCard } from './BusinessCenterCard';
import { filterCenters, readCenterFilters, writeCenterFilters } from './centerList';

/**
 * /select: the quick picker, one card per center (active ones first), the search kept in the URL (?q=).
 * A platform operator who is in no center has nothing to pick: they land on the operator tool.
 */
export function SelectPage() {
  const { t } = useTranslation('business-centers');
  const centers = useBusinessCenters();
  const { user } = useConsoleContext();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = readCenterFilters(search);

  const setQuery = (value: string) =>
    navigate(`${pathname}${writeCenterFilters(search, { q: value })}`, { replace: true });
  const shown = filterCenters(centers.data ?? [], { q: filters.q, status: null });
  if (user?.is_operator && centers.isSuccess && centers.data.length === 0)
    return <Navigate to="/sa/tool" replace />;
  const create = (
    <LinkButton type="primary" icon={<PlusOutlined />} to="/create-bc">
      {t('select.create')}
    </LinkButton>
  );

  return (
    <div style={{ maxWidth: 1080, margin: '0 auto', padding: '32px 24px' }}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('select.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('select.subtitle')}</Typography.Text>
        </div>
        <Flex gap={8}>
          {centers.isSuccess && centers.data.length > 0 && (
            <LinkButton icon={<UnorderedListOutlined />} to="/select/business">
              {t('select.view_all')}
            </LinkButton>
          )}
          {create}
        </Flex>
      </Flex>
      {centers.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {centers.isError && <ErrorState onRetry={() => centers.refetch()} />}
      {centers.isSuccess && centers.data.length === 0 && (
        <Empty
          style={{ padding: 48 }}
          description={
            <>
              <Typography.Title level={5}>{t('select.empty_title')}</Typography.Title>
              <Typography.Text type="secondary">{t('select.empty_text')}</Typography.Text>
            </>
          }
        >
          {create}
        </Empty>
      )}
      {centers.isSuccess && centers.data.length > 0 && (
        <>
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              defaultValue={filters.q}
              placeholder={t('select.search')}
              aria-label={t('select.search')}
              onSearch={setQuery}
              onChange={(e) => e.target.value === '' && setQuery('')}
              style={{ maxWidth: 320 }}
            />
            <Typography.Text type="secondary">{t('select.count', { count: shown.length })}</Typography.Text>
          </Flex>
          <Row gutter={[16, 16]}>
            {shown.map((org) => (
              <Col key={org.org_id} xs={24} md={12} lg={8}>
                <BusinessCenterCard org={org} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </div>
  );
}
