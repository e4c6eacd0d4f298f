import { VERIFICATION_STATUSES } from '@scaler/domain';
import { Button, Col, Empty, Flex, Row, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCenterReviews } from './api';
import { CenterEvidence } from './CenterEvidence';
import type { ReasonRequest } from './ReasonModal';
import { ReviewQueue } from './ReviewQueue';
import { formatTime } from './time';
import { useToolQuery } from './useToolQuery';

/** Centers tab: the verification queue (by status) on the left, the selected one's evidence on the right. */
export function CentersTab({ askReason }: { askReason: (request: ReasonRequest) => void }) {
  const { t } = useTranslation(['operatorReview', 'common']);
  const { query, update } = useToolQuery();
  const status = query.centerStatus;
  const list = useCenterReviews(status);
  const rows = list.data ?? [];
  // The selection of the URL, else the first of the queue: after a decision the next one shows.
  const selected = rows.find((r) => r.org_id === query.id) ?? rows[0] ?? null;

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Typography.Text id="center-status-label">{t('status_filter')}</Typography.Text>
        <Segmented
          aria-labelledby="center-status-label"
          value={status}
          onChange={(value) => update({ status: value })}
          options={VERIFICATION_STATUSES.map((s) => ({ value: s, label: t(`center_status.${s}`) }))}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <ReviewQueue
            label={t('queue.centers_label')}
            loading={list.isPending}
            error={list.isError ? list.error : null}
            onRetry={() => list.refetch()}
            selected={selected?.org_id ?? null}
            onSelect={(id) => update({ id }, true)}
            items={rows.map((r) => ({
              id: r.org_id,
              title: r.org_name,
              subtitle: `${t('common:id')}: ${r.org_id} · ${formatTime(r.created_at)}`,
            }))}
            empty={{
              text: status === 'pending' ? t('queue.empty_pending') : t('queue.empty'),
              action:
                status === 'pending' ? (
                  <Button onClick={() => list.refetch()} loading={list.isFetching}>
                    {t('queue.refresh')}
                  </Button>
                ) : (
                  <Button onClick={() => update({ status: 'pending' })}>{t('queue.show_pending')}</Button>
                ),
            }}
          />
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {selected ? (
            <CenterEvidence key={selected.id} center={selected} askReason={askReason} />
          ) : (
            !list.isPending &&
            !list.isError && <Empty description={t('queue.select_hint')} style={{ padding: 48 }} />
          )}
        </Col>
      </Row>
    </Flex>
  );
}
