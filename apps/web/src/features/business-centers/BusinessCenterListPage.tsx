import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { ORG_STATUSES, type TOrgSummary } from '@scaler/domain';
import {
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';
import { avatarUrl } from '../../lib/avatar';
import { useBusinessCenters } from './api';
import { CenterEntryButton } from './CenterEntryButton';
import { CenterRoleTag, CenterTypeTag } from './CenterTags';
import { type CenterFilters, filterCenters, readCenterFilters, writeCenterFilters } from './centerList';
import { OrgStatusBadge } from './OrgStatusBadge';

/** /select/business: every center of the user in a table, searchable (?q=) and filtered by status (?status=). */
export function BusinessCenterListPage() {
  const { t } = useTranslation(['business-centers', 'common']);
  const centers = useBusinessCenters();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = readCenterFilters(search);
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const go = (patch: Partial<CenterFilters>) =>
    navigate(`${pathname}${writeCenterFilters(search, patch)}`, { replace: true });
  const rows = filterCenters(centers.data ?? [], filters);
  const filtered = filters.q !== '' || filters.status !== null;

  const columns: TableColumnsType<TOrgSummary> = [
    {
      key: 'center',
      title: t('list.center'),
      render: (_, org) => (
        <Flex gap={12} align="center">
          <Avatar shape="square" src={avatarUrl(org.avatar, 'bc')} alt="" style={{ flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: org.org_name }} style={{ display: 'block' }}>
              {org.org_name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('common:id')}: {org.org_id}
            </Typography.Text>
          </div>
        </Flex>
      ),
    },
    { key: 'type', title: t('select.type'), width: 130, render: (_, org) => <CenterTypeTag org={org} /> },
    { key: 'role', title: t('select.role'), width: 140, render: (_, org) => <CenterRoleTag org={org} /> },
    {
      key: 'status',
      title: t('select.status'),
      width: 300,
      render: (_, org) => (
        <Flex vertical gap={2}>
          <OrgStatusBadge status={org.org_status} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`select.status_hint.${org.org_status}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'action',
      title: t('list.action'),
      width: 170,
      align: 'right',
      render: (_, org) => <CenterEntryButton org={org} size="small" />,
    },
  ];

  return (
    <div style={{ maxWidth: 1180, margin: '0 auto', padding: '32px 24px' }}>
      <LinkButton type="link" icon={<ArrowLeftOutlined />} to="/select" style={{ paddingInline: 0 }}>
        {t('list.back')}
      </LinkButton>
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ margin: '8px 0 24px' }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('list.subtitle')}</Typography.Text>
        </div>
        <LinkButton type="primary" icon={<PlusOutlined />} to="/create-bc">
          {t('select.create')}
        </LinkButton>
      </Flex>
      <Card>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              if (e.target.value === '') go({ q: '' });
            }}
            onSearch={(value) => go({ q: value })}
            placeholder={t('select.search')}
            aria-label={t('select.search')}
            maxLength={64}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            value={filters.status ?? undefined}
            onChange={(value) => go({ status: value ?? null })}
            placeholder={t('list.status_filter')}
            aria-label={t('list.status_filter')}
            style={{ width: 200 }}
            options={ORG_STATUSES.map((s) => ({ value: s, label: t(`common:org_status.${s}`) }))}
          />
          {centers.isSuccess && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
              {t('select.count', { count: rows.length })}
            </Typography.Text>
          )}
        </Flex>
        {centers.isError && !centers.data ? (
          <ErrorState onRetry={() => centers.refetch()} message={centers.error.message} />
        ) : centers.isSuccess && rows.length === 0 ? (
          <Empty
            style={{ padding: '32px 0' }}
            description={filtered ? t('list.empty_filtered') : t('select.empty_text')}
          >
            {filtered ? (
              <Button onClick={() => go({ q: '', status: null })}>{t('list.clear_filters')}</Button>
            ) : (
              <LinkButton type="primary" to="/create-bc">
                {t('select.create')}
              </LinkButton>
            )}
          </Empty>
        ) : (
          <Table<TOrgSummary>
            aria-label={t('list.table_label')}
            rowKey="org_id"
            columns={columns}
            dataSource={rows}
            loading={centers.isPending}
            pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 900 }}
          />
        )}
      </Card>
    </div>
  );
}
