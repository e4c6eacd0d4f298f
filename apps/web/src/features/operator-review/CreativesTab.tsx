import { CREATIVE_REJECTION_REASONS, type TCreativeReviewItem } from '@scaler/domain';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Modal,
  Segmented,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { CreativePreview } from '../../components/CreativePreview';
import { useFeedback } from '../../components/feedback';
import { useRejectionText } from '../../components/RejectionReason';
import { useCreativeReviews, useReviewCreative } from './api';
import { formatTime } from './time';

const REASON_CODES = Object.keys(CREATIVE_REJECTION_REASONS).map(Number);

/** The creative review queue: preview, approve, or reject with a reason code (a text for 1000). */
export function CreativesTab() {
  const { t } = useTranslation(['operatorReview', 'common', 'creative', 'campaignEditor']);
  const rejection = useRejectionText();
  const { message } = useFeedback();
  const [status, setStatus] = useState<'review' | 'approved' | 'rejected'>('review');
  const list = useCreativeReviews(status);
  const review = useReviewCreative();
  const [rejecting, setRejecting] = useState<TCreativeReviewItem | null>(null);
  const [code, setCode] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const decide = async (item: TCreativeReviewItem, approve: boolean) => {
    setError(null);
    try {
      await review.mutateAsync({
        creativeId: item.creative_id,
        approve,
        reasonCode: code ?? undefined,
        reason: text,
      });
      message.success(
        approve ? t('creatives.approved', { name: item.name }) : t('creatives.rejected', { name: item.name }),
      );
      setRejecting(null);
    } catch (e) {
      const msg = e instanceof ApiError ? e.message : String(e);
      if (approve) message.error(msg);
      else setError(msg);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        options={(['review', 'approved', 'rejected'] as const).map((s) => ({
          value: s,
          label: t(`creatives.status.${s}`),
        }))}
      />
      {list.isLoading ? (
        <Spin />
      ) : (list.data ?? []).length === 0 ? (
        <Empty description={t('creatives.empty')} />
      ) : (
        (list.data ?? []).map((item) => (
          <Card
            key={item.creative_id}
            size="small"
            title={`${item.name} · ID ${item.creative_id}`}
            extra={
              <Typography.Text type="secondary">
                {item.adv_name} › {item.campaign_name} › {item.adgroup_name}
              </Typography.Text>
            }
          >
            <Flex justify="space-between" gap={16} wrap>
              <CreativePreview item={item} htmlTitle={t('creatives.html_preview', { name: item.name })} />
              <Flex vertical gap={8} align="flex-end">
                <Tag>
                  {t(
                    `campaignEditor:creative.types.${item.creative_type}` as 'campaignEditor:creative.types.image',
                  )}
                </Tag>
                {item.reject_code !== null && (
                  <Tag color="error">
                    {item.reject_code} {rejection(item.reject_code, item.reject_reason)}
                  </Tag>
                )}
                <CreativeFacts item={item} />
                {status === 'review' && (
                  <Flex gap={8}>
                    <Button type="primary" loading={review.isPending} onClick={() => decide(item, true)}>
                      {t('creatives.approve')}
                    </Button>
                    <Button
                      danger
                      onClick={() => {
                        setRejecting(item);
                        setCode(null);
                        setText('');
                        setError(null);
                      }}
                    >
                      {t('creatives.reject')}
                    </Button>
                  </Flex>
                )}
              </Flex>
            </Flex>
          </Card>
        ))
      )}
      <Modal
        open={rejecting !== null}
        title={rejecting ? t('creatives.reject_title', { name: rejecting.name }) : ''}
        okText={t('creatives.reject')}
        okButtonProps={{ danger: true, disabled: code === null || (code === 1000 && text.trim() === '') }}
        confirmLoading={review.isPending}
        cancelText={t('common:cancel')}
        onOk={() => rejecting && decide(rejecting, false)}
        onCancel={() => setRejecting(null)}
      >
        <Flex vertical gap={12}>
          <Select
            aria-label={t('creatives.reason_code')}
            placeholder={t('creatives.reason_code')}
            value={code ?? undefined}
            onChange={setCode}
            options={REASON_CODES.map((c) => ({
              value: c,
              label: `${c} · ${t(`creative:reason.${c}` as 'creative:reason.1000')}`,
            }))}
          />
          {code === 1000 && (
            <Input.TextArea
              aria-label={t('creatives.reason_text')}
              placeholder={t('creatives.reason_text')}
              value={text}
              maxLength={500}
              onChange={(e) => setText(e.target.value)}
            />
          )}
          {error && <Alert type="error" showIcon title={error} />}
        </Flex>
      </Modal>
    </Flex>
  );
}

/** What an operator checks beside the preview: where the ad leads, each material's size, when it was sent. */
function CreativeFacts({ item }: { item: TCreativeReviewItem }) {
  const { t } = useTranslation(['operatorReview', 'campaignEditor']);
  const size = (m: TCreativeReviewItem['materials'][number]) =>
    [
      m.width && m.height ? `${m.width}×${m.height}` : null,
      m.duration !== undefined ? t('creatives.seconds', { count: Math.round(m.duration) }) : null,
      `${Math.max(1, Math.round(m.size / 1024))} KB`,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ maxWidth: 420 }}
      items={[
        {
          key: 'landing',
          label: t('creatives.landing'),
          children: item.landing_url ? (
            <Typography.Link href={item.landing_url} target="_blank" rel="noopener noreferrer" ellipsis>
              {item.landing_url}
            </Typography.Link>
          ) : (
            '—'
          ),
        },
        ...item.materials.map((m, i) => ({
          key: `material-${i}`,
          label: t(`campaignEditor:creative.roles.${m.role}` as 'campaignEditor:creative.roles.image'),
          children: size(m),
        })),
        {
          key: 'submitted',
          label: t('creatives.submitted_at'),
          children: item.committed_at ? (
            <time dateTime={item.committed_at}>{formatTime(item.committed_at)}</time>
          ) : (
            '—'
          ),
        },
      ]}
    />
  );
}
