import type { TAdvertiserMarkupRow, TMarkupHistoryRow } from '@scaler/domain';
import { Drawer, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { HISTORY_PAGE_SIZE, useMarkupHistory } from '../money-view/api';
import { isFromTheStart, markupText } from '../money-view/format';

/**
 * The changes of an account's markup (decisions 7): who, when, before → after, and the account's first
 * day each applies to (a change never alters a day that has begun).
 */
export function MarkupHistoryDrawer({
  org,
  row,
  onClose,
}: {
  org: number | null;
  row: TAdvertiserMarkupRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('userSettings');
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size="large"
      title={row ? t('markup.history.title', { name: row.adv_name }) : ''}
      destroyOnHidden
    >
      {row && <HistoryTable org={org} advId={row.adv_id} />}
    </Drawer>
  );
}

function HistoryTable({ org, advId }: { org: number | null; advId: number }) {
  const { t } = useTranslation(['userSettings', 'common']);
  const tr = (key: string, options?: Record<string, unknown>) =>
    t(key as never, options as never) as unknown as string;
  const [page, setPage] = useState(1);
  const history = useMarkupHistory(org, advId, page);
  if (history.isError && !history.data) {
    return <ErrorState onRetry={() => history.refetch()} message={history.error.message} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('markup.history.intro')}</Typography.Paragraph>
      <Table<TMarkupHistoryRow>
        size="small"
        rowKey={(r) => `${r.changed_at}-${r.effective_at}`}
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: HISTORY_PAGE_SIZE,
          total: history.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{ emptyText: t('markup.history.empty') }}
        columns={[
          {
            title: t('markup.history.changed_at'),
            key: 'changed_at',
            width: 150,
            render: (_, r) =>
              isFromTheStart(r.effective_at)
                ? t('markup.history.initial')
                : dayjs(r.changed_at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('markup.history.changed_by'),
            key: 'changed_by',
            width: 160,
            render: (_, r) => (r.changed_by ? r.changed_by.name || r.changed_by.email : '—'),
          },
          {
            title: t('markup.history.change'),
            key: 'change',
            render: (_, r) => (
              <span>
                <Typography.Text type="secondary">{markupText(r.before, tr)}</Typography.Text>
                {' → '}
                <Typography.Text strong>{markupText(r.after, tr)}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('markup.history.effective'),
            key: 'effective',
            width: 130,
            render: (_, r) =>
              isFromTheStart(r.effective_at) ? t('markup.history.from_start') : r.effective_date,
          },
        ]}
      />
    </>
  );
}
