import { ADV_STATUS, ADV_STATUSES } from '@scaler/domain';
import { Button, Col, Empty, Flex, Row, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountEvidence } from './AccountEvidence';
import { useAccountReviews } from './api';
import type { ReasonRequest } from './ReasonModal';
import { ReviewQueue } from './ReviewQueue';
import { useToolQuery } from './useToolQuery';

/** Accounts tab: accounts by status on the left, the selected one's evidence and decisions on the right. */
export function AccountsTab({ askReason }: { askReason: (request: ReasonRequest) => void }) {
  const { t } = useTranslation(['operatorReview', 'common']);
  const { query, update } = useToolQuery();
  const status = query.advStatus;
  const list = useAccountReviews(status);
  const rows = list.data ?? [];
  const selected = rows.find((r) => r.adv_id === query.id) ?? rows[0] ?? null;
  const inQueue = status === ADV_STATUS.review;

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Typography.Text id="account-status-label">{t('status_filter')}</Typography.Text>
        <Segmented
          aria-labelledby="account-status-label"
          value={status}
          onChange={(value) => update({ status: value })}
          options={ADV_STATUSES.map((s) => ({ value: s, label: t(`common:adv_status.${s}`) }))}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <ReviewQueue
            label={t('queue.accounts_label')}
            loading={list.isPending}
            error={list.isError ? list.error : null}
            onRetry={() => list.refetch()}
            selected={selected?.adv_id ?? null}
            onSelect={(id) => update({ id }, true)}
            items={rows.map((r) => ({
              id: r.adv_id,
              title: r.adv_name,
              subtitle: `${t('common:id')}: ${r.adv_id} · ${r.org_name}`,
              meta: r.closed ? <Tag style={{ marginInlineEnd: 0 }}>{t('fields.closed')}</Tag> : undefined,
            }))}
            empty={{
              text: inQueue ? t('queue.empty_pending') : t('queue.empty'),
              action: inQueue ? (
                <Button onClick={() => list.refetch()} loading={list.isFetching}>
                  {t('queue.refresh')}
                </Button>
              ) : (
                <Button onClick={() => update({ status: ADV_STATUS.review })}>
                  {t('queue.show_pending')}
                </Button>
              ),
            }}
          />
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {selected ? (
            <AccountEvidence key={selected.adv_id} account={selected} askReason={askReason} />
          ) : (
            !list.isPending &&
            !list.isError && <Empty description={t('queue.select_hint')} style={{ padding: 48 }} />
          )}
        </Col>
      </Row>
    </Flex>
  );
}
