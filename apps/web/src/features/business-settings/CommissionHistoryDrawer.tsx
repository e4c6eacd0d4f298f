import type { TCommissionHistoryRow } from '@scaler/domain';
import { Drawer, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { HISTORY_PAGE_SIZE, useCommissionHistory } from '../money-view/api';
import { commissionText, isFromTheStart } from '../money-view/format';

/**
 * The changes of the center's commission (decisions 7): who, when, before → after, and from when it
 * applies (each account from its first local day that starts at or after that time).
 */
export function CommissionHistoryDrawer({
  org,
  open,
  onClose,
}: {
  org: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessSettings');
  return (
    <Drawer open={open} onClose={onClose} size="large" title={t('commission.history.title')} destroyOnHidden>
      {open && <HistoryTable org={org} />}
    </Drawer>
  );
}

function HistoryTable({ org }: { org: number | null }) {
  const { t } = useTranslation('businessSettings');
  const tr = (key: string, options?: Record<string, unknown>) =>
    t(key as never, options as never) as unknown as string;
  const [page, setPage] = useState(1);
  const history = useCommissionHistory(org, page, true);
  if (history.isError && !history.data) {
    return <ErrorState onRetry={() => history.refetch()} message={history.error.message} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('commission.history.intro')}</Typography.Paragraph>
      <Table<TCommissionHistoryRow>
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
        locale={{ emptyText: t('commission.history.empty') }}
        columns={[
          {
            title: t('commission.history.changed_at'),
            key: 'changed_at',
            width: 150,
            render: (_, r) =>
              r.changed_by === null && isFromTheStart(r.effective_at)
                ? t('commission.history.initial')
                : dayjs(r.changed_at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('commission.history.changed_by'),
            key: 'changed_by',
            width: 160,
            render: (_, r) => (r.changed_by ? r.changed_by.name || r.changed_by.email : '—'),
          },
          {
            title: t('commission.history.change'),
            key: 'change',
            render: (_, r) => (
              <span>
                <Typography.Text type="secondary">{commissionText(r.before, tr)}</Typography.Text>
                {' → '}
                <Typography.Text strong>{commissionText(r.after, tr)}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('commission.history.effective'),
            key: 'effective',
            width: 170,
            render: (_, r) =>
              isFromTheStart(r.effective_at)
                ? t('commission.history.from_start')
                : dayjs(r.effective_at).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </>
  );
}
