import { ZBidAmount, ZBudgetAmount } from '@scaler/domain';
import { Alert, Form, InputNumber, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { zodFieldErrors } from '../../components/zodRules';
import { useBatchUpdateAdGroups } from './api';

/**
 * Bids and budgets of several ad groups at once (`adgroups/batch/update`). Bids first (spec 5): the
 * budget part opens only once a new bid is entered, and the server refuses a budget change without one.
 */
export function BatchBidsModal({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const batch = useBatchUpdateAdGroups();
  const [bid, setBid] = useState<number | null>(null);
  const [budgetType, setBudgetType] = useState<'keep' | 0 | 1 | null>('keep');
  const [budget, setBudget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = async () => {
    if (bid === null) return;
    setError(null);
    // The forms' rule: an amount out of range or with too many decimals is refused, not clamped.
    const problem =
      zodFieldErrors(ZBidAmount, { value: bid }, ['value']).value ??
      (budgetType === 0 || budgetType === 1
        ? zodFieldErrors(ZBudgetAmount, { value: budget }, ['value']).value
        : undefined);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const res = await batch.mutateAsync({
        adgroup_ids: ids,
        bid_price: bid,
        ...(budgetType === 'keep'
          ? {}
          : { budget_type: budgetType, ad_group_budget: budgetType === null ? null : budget }),
      });
      message.success(t('bulk.done', { count: res.updated }));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <Modal
      open
      title={t('batch.title', { count: ids.length })}
      okText={t('batch.apply')}
      cancelText={t('cancel')}
      onOk={apply}
      okButtonProps={{
        disabled: bid === null || (budgetType !== 'keep' && budgetType !== null && budget === null),
      }}
      confirmLoading={batch.isPending}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('batch.bid')} required>
          <InputNumber
            aria-label={t('batch.bid')}
            step={0.01}
            prefix="$"
            value={bid}
            onChange={(v) => setBid(v)}
            style={{ width: 200 }}
          />
        </Form.Item>
        {bid === null && (
          <Alert type="info" showIcon title={t('batch.bids_first')} style={{ marginBottom: 16 }} />
        )}
        <Form.Item label={t('batch.budget_type')}>
          <Radio.Group
            disabled={bid === null}
            value={budgetType}
            onChange={(e) => setBudgetType(e.target.value)}
            options={[
              { value: 'keep', label: '—' },
              { value: 0, label: t('batch.daily') },
              { value: 1, label: t('batch.lifetime') },
              { value: null, label: t('batch.none') },
            ]}
          />
        </Form.Item>
        {budgetType !== 'keep' && budgetType !== null && (
          <Form.Item label={t('batch.budget')} required>
            <InputNumber
              aria-label={t('batch.budget')}
              prefix="$"
              value={budget}
              onChange={(v) => setBudget(v)}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
