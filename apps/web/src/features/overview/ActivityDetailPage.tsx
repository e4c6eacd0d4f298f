import { orgCan, type TActivity } from '@scaler/domain';
import { Button, Card, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { ForbiddenPage } from '../shell/ForbiddenPage';
import { ActivityDiff } from './ActivityDiff';
import { ACTIVITY_PAGE_SIZES, readActivityFilters, writeActivityFilters } from './activityQuery';
import { describeActivity, OBJECT_TYPES, type Translate } from './activityText';
import { useActivity } from './api';

/** /manage/overview/detail: the center's activity log (admins), filterable by object type. */
export function ActivityDetailPage() {
  const { t } = useTranslation(['overview', 'common']);
  const navigate = useNavigate();
  const { org, currentOrg, pathname, search } = useConsoleContext();
  const admin = currentOrg !== null && orgCan(orgAccessOf(currentOrg), 'members.manage');
  const filters = readActivityFilters(search);
  const log = useActivity(org, filters, admin);
  if (org === null || !currentOrg) return null;
  // The role is the cause, said with the way back (the 403 page of the guard).
  if (!admin) return <ForbiddenPage reason="role" />;
  const go = (patch: Parameters<typeof writeActivityFilters>[1]) =>
    navigate(`${pathname}${writeActivityFilters(search, patch)}`);
  const rows = log.data?.list ?? [];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('detail.title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('detail.subtitle', { org: currentOrg.org_name })}
          </Typography.Text>
        </div>
        <Button onClick={() => navigate(withContext('/manage/overview', { org }))}>{t('detail.back')}</Button>
      </Flex>
      <Card>
        <Select
          allowClear
          value={filters.objectType ?? undefined}
          onChange={(value) => go({ objectType: value ?? null })}
          placeholder={t('detail.all_types')}
          aria-label={t('detail.type_filter')}
          style={{ width: 220, marginBottom: 16 }}
          options={OBJECT_TYPES.map((type) => ({ value: type, label: t(`object_type.${type}`) }))}
        />
        {log.isError && !log.data ? (
          <ErrorState onRetry={() => log.refetch()} message={log.error.message} />
        ) : !log.isPending && rows.length === 0 && filters.page === 1 ? (
          <Empty description={t(filters.objectType ? 'detail.empty_filtered' : 'activity.empty')}>
            {filters.objectType && (
              <Button onClick={() => go({ objectType: null })}>{t('detail.clear')}</Button>
            )}
          </Empty>
        ) : (
          <Table<TActivity>
            rowKey="id"
            loading={log.isFetching}
            dataSource={rows}
            scroll={{ x: 900 }}
            expandable={{
              expandedRowRender: (row) => <ActivityDiff activity={row} />,
              rowExpandable: (row) => row.before !== null || row.after !== null,
            }}
            pagination={{
              current: filters.page,
              pageSize: filters.pageSize,
              total: log.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: ACTIVITY_PAGE_SIZES.map(String),
              showTotal: (total) => t('detail.total', { count: total }),
              onChange: (page, pageSize) => go(pageSize !== filters.pageSize ? { pageSize } : { page }),
            }}
            columns={[
              {
                title: t('detail.time'),
                dataIndex: 'time',
                width: 180,
                render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
              },
              { title: t('detail.actor'), dataIndex: 'actor_email', width: 220, ellipsis: true },
              {
                title: t('detail.action'),
                key: 'action',
                render: (_, row) => {
                  const { text, reason } = describeActivity(row, t as unknown as Translate);
                  return (
                    <Flex vertical>
                      <span>{text}</span>
                      {reason && (
                        <Typography.Text type="secondary">{t('activity.reason', { reason })}</Typography.Text>
                      )}
                    </Flex>
                  );
                },
              },
              {
                title: t('detail.object'),
                key: 'object',
                width: 320,
                render: (_, row) => (
                  <Flex gap={6} align="center" wrap>
                    <Tag>{t(`object_type.${row.object_type}`, { defaultValue: row.object_type })}</Tag>
                    <Typography.Text type="secondary" ellipsis copyable={{ text: row.object_id }}>
                      {row.object_id}
                    </Typography.Text>
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
    </Flex>
  );
}
