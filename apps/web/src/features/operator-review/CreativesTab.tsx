import { CREATIVE_REJECTION_REASONS, type TCreativeReviewItem } from '@scaler/domain';
import {
  Alert,
  Button,
  Card,
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
import { useCreativeReviews, useReviewCreative } from './api';

const REASON_CODES = Object.keys(CREATIVE_REJECTION_REASONS).map(Number);

/** The creative review queue: preview, approve, or reject with a reason code (a text for 1000). */
export function CreativesTab() {
  const { t } = useTranslation(['operatorReview', 'common', 'creative']);
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
                <Tag>{item.creative_type}</Tag>
                {item.reject_code !== null && (
                  <Tag color="error">
                    {item.reject_code} {t(`creative:reason.${item.reject_code}` as 'creative:reason.1000')}
                  </Tag>
                )}
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
