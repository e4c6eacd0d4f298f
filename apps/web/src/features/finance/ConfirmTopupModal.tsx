import type { TTopup } from '@scaler/domain';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { amountRule } from './amountRule';
import { useDecideTopup } from './api';
import { Money } from './Money';
import { moneyText } from './money';
import { refusalOf } from './refusal';

interface ConfirmValues {
  received_amount: string;
  note: string;
}

/**
 * An operator confirms a top-up with the amount that arrived (the amount asked for unless the bank
 * says otherwise): the center's wallet is credited with it and its admins are told.
 */
export function ConfirmTopupModal({ topup, onClose }: { topup: TTopup | null; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<ConfirmValues>();
  const decide = useDecideTopup();
  const [refused, setRefused] = useState<string | null>(null);
  const open = topup !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      setRefused(null);
    }
  }, [open, form]);

  if (!topup) return null;
  const submit = async (values: ConfirmValues) => {
    setRefused(null);
    const received = values.received_amount.trim();
    try {
      await decide.mutateAsync({
        id: topup.id,
        decision: { decision: 'confirm', received_amount: received, note: values.note?.trim() ?? '' },
      });
      message.success(
        t('queue.confirmed', {
          reference: topup.reference,
          amount: moneyText(received, topup.currency),
          center: topup.org_name,
        }),
      );
      onClose();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.received_amount) {
        form.setFields([{ name: 'received_amount', errors: [refusal.fields.received_amount] }]);
      } else setRefused(refusal.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('queue.confirm_title', { reference: topup.reference })}
      okText={t('queue.confirm')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={decide.isPending}
      width={560}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBlock: 12 }}
        items={[
          { key: 'center', label: t('queue.center'), children: `${topup.org_name} (${topup.org_id})` },
          { key: 'reference', label: t('topups.reference'), children: topup.reference },
          {
            key: 'amount',
            label: t('queue.asked'),
            children: <Money amount={topup.amount} currency={topup.currency} />,
          },
        ]}
      />
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      <Form<ConfirmValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ received_amount: topup.amount, note: '' }}
      >
        <Form.Item
          name="received_amount"
          label={t('queue.received_amount')}
          extra={t('queue.received_hint')}
          rules={[amountRule(topup.currency)]}
          required
        >
          <Input inputMode="decimal" autoComplete="off" suffix={topup.currency} style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item name="note" label={t('queue.note')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
