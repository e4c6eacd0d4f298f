import type { TFinanceAccount, TransferDirection, TWallet } from '@scaler/domain';
import { Alert, Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { amountRule } from './amountRule';
import { useTransfer } from './api';
import { Money } from './Money';
import { isNegative, moneyText, sumAmounts } from './money';
import { refusalOf } from './refusal';
import { useRequestKey } from './requestKey';

interface TransferValues {
  direction: TransferDirection;
  amount: string;
  memo: string;
}

/** Moves money between the center's wallet and one account's, either way. */
export function TransferModal({
  account,
  center,
  onClose,
}: {
  account: TFinanceAccount | null;
  /** The center's wallet of the account's currency. */
  center: TWallet | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<TransferValues>();
  const transfer = useTransfer();
  const open = account !== null;
  const key = useRequestKey(open);
  const [refused, setRefused] = useState<string | null>(null);
  const direction = Form.useWatch('direction', form) ?? 'to_account';

  useEffect(() => {
    if (open) {
      form.resetFields();
      setRefused(null);
    }
  }, [open, form]);

  if (!account) return null;
  const currency = account.wallet.currency;

  const submit = async (values: TransferValues) => {
    setRefused(null);
    const body = {
      request_key: key.current(),
      items: [{ adv_id: account.adv_id, direction: values.direction, amount: values.amount.trim() }],
      memo: values.memo?.trim() ?? '',
    };
    try {
      await transfer.mutateAsync(body);
      key.settle();
      message.success(
        t(`transfer.done_${values.direction}`, {
          amount: moneyText(body.items[0].amount, currency),
          name: account.adv_name,
        }),
      );
      onClose();
    } catch (error) {
      key.settle(error);
      const refusal = refusalOf(error);
      const onAmount = refusal.fields['items.0.amount'];
      if (onAmount) form.setFields([{ name: 'amount', errors: [onAmount] }]);
      else setRefused(refusal.message);
    }
  };

  // The center may use its credit line to fund an account; an account pays back only what it holds.
  const from = direction === 'to_account' ? center?.available : account.wallet.balance;
  // A balance spend took below zero has nothing to move.
  const movable = from === undefined ? undefined : isNegative(from) ? sumAmounts([], currency) : from;
  return (
    <Modal
      open={open}
      title={t('transfer.title', { name: account.adv_name })}
      okText={t('transfer.submit')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={transfer.isPending}
      width={560}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBlock: 12 }}
        items={[
          {
            key: 'center',
            label: t('transfer.center_available'),
            children: center ? <Money amount={center.available} currency={currency} /> : '—',
          },
          {
            key: 'account',
            label: t('transfer.account_balance'),
            children: <Money amount={account.wallet.balance} currency={currency} />,
          },
        ]}
      />
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      <Form<TransferValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ direction: 'to_account', amount: '', memo: '' }}
      >
        <Form.Item name="direction" label={t('transfer.direction')}>
          <Radio.Group
            options={[
              { value: 'to_account', label: t('transfer.to_account') },
              { value: 'to_center', label: t('transfer.to_center') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('transfer.amount')}
          rules={[amountRule(currency)]}
          extra={movable ? t('transfer.movable', { amount: moneyText(movable, currency) }) : undefined}
          required
        >
          <Input inputMode="decimal" autoComplete="off" suffix={currency} style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item name="memo" label={t('transfer.memo')}>
          <Input maxLength={200} showCount placeholder={t('transfer.memo_placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
