import { TOPUP_STATUSES, type TopupStatusName, type TTopup, ZTopupDecision } from '@scaler/domain';
import { Button, Card, Empty, Flex, Segmented, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { OnceOpened } from '../../components/OnceOpened';
import type { ReasonRequest } from '../operator-review/ReasonModal';
import { useDecideTopup, useTopupQueue } from './api';
import { CreditLines } from './CreditLines';
import { TopupQueueTable } from './TopupQueueTable';

const ConfirmTopupModal = lazy(() =>
  import('./ConfirmTopupModal').then((m) => ({ default: m.ConfirmTopupModal })),
);
const PAGE_SIZE = 20;

export interface TopupsTabQuery {
  status: TopupStatusName;
  page: number;
  /** The center looked up for credit lines. */
  center: number | null;
}

/**
 * The operator tool's top-ups: the queue of requests to match against the bank (confirm with what
 * arrived, or reject with a reason), and the credit lines of a center looked up by its ID.
 */
export function TopupsTab({
  query,
  onQuery,
  askReason,
}: {
  query: TopupsTabQuery;
  onQuery: (patch: Partial<TopupsTabQuery>) => void;
  askReason: (request: ReasonRequest) => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const { message } = useFeedback();
  const queue = useTopupQueue({ status: query.status, page: query.page, page_size: PAGE_SIZE });
  const decide = useDecideTopup();
  const [confirming, setConfirming] = useState<TTopup | null>(null);
  const rows = queue.data?.list ?? [];

  const reject = (topup: TTopup) =>
    askReason({
      title: t('queue.reject_title', { reference: topup.reference }),
      text: t('queue.reject_text', { center: topup.org_name }),
      okText: t('queue.reject'),
      danger: true,
      schema: ZTopupDecision,
      fixed: { decision: 'reject' },
      field: 'note',
      submit: (note) =>
        decide.mutateAsync({ id: topup.id, decision: { decision: 'reject', note } }).then(() => {
          message.success(t('queue.rejected', { reference: topup.reference }));
        }),
    });

  let body: React.ReactNode;
  if (queue.isError && !queue.data) {
    body = <ErrorState onRetry={() => queue.refetch()} message={queue.error.message} />;
  } else if (!queue.isPending && rows.length === 0 && query.page === 1) {
    body = (
      <Empty
        description={query.status === 'pending' ? t('queue.empty_pending') : t('queue.empty')}
        style={{ padding: 32 }}
      >
        <Button onClick={() => queue.refetch()} loading={queue.isFetching}>
          {t('queue.refresh')}
        </Button>
      </Empty>
    );
  } else {
    body = (
      <TopupQueueTable
        rows={rows}
        total={queue.data?.total ?? 0}
        loading={queue.isFetching}
        page={query.page}
        pageSize={PAGE_SIZE}
        onPage={(page) => onQuery({ page })}
        onConfirm={setConfirming}
        onReject={reject}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Card
        title={t('queue.title')}
        extra={
          <Flex gap={8} align="center">
            <Typography.Text id="topup-status-label">{t('topups.status_filter')}</Typography.Text>
            <Segmented<TopupStatusName>
              aria-labelledby="topup-status-label"
              value={query.status}
              onChange={(status) => onQuery({ status })}
              options={TOPUP_STATUSES.map((s) => ({ value: s, label: t(`topup_status.${s}`) }))}
            />
          </Flex>
        }
      >
        {body}
      </Card>
      <CreditLines center={query.center} onCenter={(center) => onQuery({ center })} />
      <OnceOpened open={confirming !== null}>
        <ConfirmTopupModal topup={confirming} onClose={() => setConfirming(null)} />
      </OnceOpened>
    </Flex>
  );
}
