import type { TEventReportRow } from '@scaler/domain';
import { Card, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { formatTime } from './format';
import { UvTitle } from './UvTitle';

/** report1: one row per event per day, newest day first, with the time of its newest event. */
export function EventReportCard({
  query,
  picker,
}: {
  query: {
    data?: { list: TEventReportRow[] };
    isPending: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  picker: ReactNode;
}) {
  const { t } = useTranslation('assets');
  return (
    <Card title={t('report.title')} extra={picker}>
      {query.isError && !query.data ? (
        <ErrorState onRetry={() => query.refetch()} message={query.error?.message} />
      ) : (
        <Table<TEventReportRow>
          rowKey={(row) => `${row.date}:${row.event_id}`}
          size="small"
          // A refresh in the background (a live event arrived) keeps the table still; a new range shows progress.
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          dataSource={query.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: t('report.empty') }}
          columns={[
            { title: t('report.date'), dataIndex: 'date' },
            {
              title: t('report.event'),
              key: 'event',
              render: (_, row) => (
                <>
                  {row.event_name}{' '}
                  <Tag style={{ marginInlineStart: 4 }}>
                    {t(row.type === 1 ? 'events.kind_standard' : 'events.kind_custom')}
                  </Tag>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {row.event_id}
                  </Typography.Text>
                </>
              ),
            },
            { title: t('report.pv'), dataIndex: 'pv', align: 'right' },
            { title: <UvTitle range={false} />, dataIndex: 'uv', align: 'right' },
            { title: t('report.value'), dataIndex: 'value', align: 'right' },
            {
              title: t('report.last_update'),
              key: 'last',
              render: (_, row) => formatTime(row.last_update_time),
            },
          ]}
        />
      )}
    </Card>
  );
}
