import { CaretRightOutlined, CheckCircleFilled, CloseCircleFilled, PauseOutlined } from '@ant-design/icons';
import { LIVE_EVENTS_LIMIT, LIVE_POLL_MS, type TLiveEvent } from '@scaler/domain';
import { Alert, Badge, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';
import { formatTime } from './format';
import { type LiveKind, useLiveEvents } from './liveEvents';

/**
 * Test events as they arrive for one app or pixel (polled every two seconds), the last 50, each
 * accepted or rejected with the reason: what an advertiser watches while installing a pixel or a postback.
 */
export function LiveEventsPanel({
  adv,
  kind,
  assetId,
}: {
  adv: number | null;
  kind: LiveKind;
  assetId: string;
}) {
  const { t } = useTranslation(['assets', 'common', 'tracking']);
  const [paused, setPaused] = useState(false);
  const live = useLiveEvents(adv, kind, assetId, paused);
  const rows = live.data ?? [];
  const polling = !paused && !live.isError;
  const notThere = live.error instanceof ApiError && live.error.status === 404;

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          {t('live.title')}
          <Badge
            status={polling ? 'processing' : 'default'}
            text={
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                {t(polling ? 'live.polling' : 'live.stopped', { seconds: LIVE_POLL_MS / 1000 })}
              </Typography.Text>
            }
          />
        </Flex>
      }
      extra={
        <Flex gap={8}>
          <Button
            size="small"
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={() => setPaused((p) => !p)}
            disabled={live.isError}
          >
            {t(paused ? 'live.resume' : 'live.pause')}
          </Button>
          <Button size="small" onClick={live.clear} disabled={rows.length === 0}>
            {t('live.clear')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        {t(`live.help_${kind}`, { count: LIVE_EVENTS_LIMIT })}
      </Typography.Paragraph>
      {live.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(notThere ? 'live.unavailable' : 'live.failed')}
          description={notThere ? undefined : live.error.message}
          action={
            <Button size="small" onClick={() => live.refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      )}
      <Table<TLiveEvent>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 420 }}
        loading={live.isPending && !live.isError && !paused}
        locale={{ emptyText: t('live.empty') }}
        columns={[
          {
            title: t('live.result'),
            key: 'result',
            render: (_, e) =>
              e.accepted ? (
                <Tag icon={<CheckCircleFilled />} color="success">
                  {t('live.accepted')}
                </Tag>
              ) : (
                <Tag icon={<CloseCircleFilled />} color="error">
                  {t('live.rejected')}
                </Tag>
              ),
          },
          {
            title: t('live.reason'),
            key: 'reason',
            render: (_, e) => (e.reason ? t(`reasons.${e.reason}`) : '—'),
          },
          { title: t('live.time'), key: 'time', render: (_, e) => formatTime(e.received_at) },
          {
            title: t('live.event'),
            key: 'event',
            render: (_, e) => (
              <>
                {e.event}
                {e.event_id && e.event_id !== e.event && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {e.event_id}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('live.source'), key: 'source', render: (_, e) => t(`sources.${e.source}`) },
          {
            title: t('live.value'),
            key: 'value',
            render: (_, e) => (e.value === null ? '—' : `${e.value}${e.currency ? ` ${e.currency}` : ''}`),
          },
          { title: t('live.click_id'), key: 'click', render: (_, e) => e.click_id ?? '—' },
          {
            title: t('live.detail'),
            key: 'detail',
            // Why it was refused, in the reader's language (a message key and its parameters), above what
            // was sent (page, partner, placement).
            render: (_, e) => {
              const message = e.message ? translateKey(e.message, e.params) : null;
              if (!message && !e.detail) return '—';
              return (
                <div style={{ maxWidth: 360 }}>
                  {message && (
                    <Typography.Text style={{ display: 'block', fontSize: 12 }}>{message}</Typography.Text>
                  )}
                  {e.detail && (
                    <Typography.Text
                      type={message ? 'secondary' : undefined}
                      style={{ maxWidth: 360, fontSize: 12 }}
                      ellipsis={{ tooltip: e.detail }}
                    >
                      {e.detail}
                    </Typography.Text>
                  )}
                </div>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
