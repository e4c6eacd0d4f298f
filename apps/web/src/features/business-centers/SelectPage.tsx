import { PlusOutlined } from '@ant-design/icons';
import { Col, Empty, Flex, Input, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';
import { useBusinessCenters } from './api';
import { BusinessCenterCard } from './BusinessCenterCard';

/** /select and /select/business: every center of the user, with the search kept in the URL (?q=). */
export function SelectPage() {
  const { t } = useTranslation('business-centers');
  const centers = useBusinessCenters();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';

  const setQuery = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true });
  };
  const needle = q.trim().toLowerCase();
  const shown = (centers.data ?? []).filter(
    (o) => !needle || o.org_name.toLowerCase().includes(needle) || String(o.org_id).includes(needle),
  );
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
        {create}
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
              defaultValue={q}
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
