import type { TReviewLogEntry } from '@scaler/domain';
import { Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useReviewLog } from './api';
import { logDecision, logDecisionColor, logObject, logReason } from './reviewActions';
import { formatTime } from './time';
import { LOG_PAGE_SIZES } from './toolQuery';
import { useToolQuery } from './useToolQuery';

/** Log tab: every operator decision, newest first, paged in the URL. */
export function LogTab() {
  const { t } = useTranslation(['operatorReview', 'common']);
  const { query, update } = useToolQuery();
  const { page, pageSize } = query;
  const log = useReviewLog(page, pageSize);
  const rows = log.data ?? [];

  const columns: TableColumnsType<TReviewLogEntry> = [
    { key: 'time', title: t('log.time'), width: 180, render: (_, r) => formatTime(r.time) },
    { key: 'operator', title: t('log.operator'), width: 220, ellipsis: true, dataIndex: 'actor_email' },
    {
      key: 'decision',
      title: t('log.decision'),
      width: 170,
      render: (_, r) => {
        const decision = logDecision(r.action);
        return (
          <Tag color={logDecisionColor(decision)}>
            {decision ? t(`log.decisions.${decision}`) : t('log.unknown', { action: r.action })}
          </Tag>
        );
      },
    },
    {
      key: 'object',
      title: t('log.object'),
      width: 260,
      render: (_, r) => {
        const object = logObject(r);
        if (object.kind === 'center') return t('log.object_center', { id: object.id });
        return (
          <Flex vertical>
            <span>{t('log.object_account', { id: object.id })}</span>
            {object.org !== null && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('log.object_account_center', { org: object.org })}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'reason',
      title: t('log.reason'),
      render: (_, r) => {
        const reason = logReason(r);
        return reason ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: reason }} style={{ margin: 0 }}>
            {reason}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        );
      },
    },
  ];

  if (log.isError && !log.data)
    return <ErrorState onRetry={() => log.refetch()} message={log.error.message} />;
  if (!log.isPending && rows.length === 0 && page === 1)
    return (
      <Empty description={t('log.empty')} style={{ padding: 48 }}>
        <Button onClick={() => log.refetch()} loading={log.isFetching}>
          {t('queue.refresh')}
        </Button>
      </Empty>
    );
  // The log answers pages without a total: one more page is offered while a page comes back full.
  const total = (page - 1) * pageSize + rows.length + (rows.length === pageSize ? 1 : 0);
  return (
    <Table<TReviewLogEntry>
      aria-label={t('log.label')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={log.isFetching}
      scroll={{ x: 1000 }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: LOG_PAGE_SIZES.map(String),
        onChange: (next, size) => update(size !== pageSize ? { pageSize: size } : { page: next }),
      }}
    />
  );
}
