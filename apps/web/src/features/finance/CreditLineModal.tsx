import type { TWallet } from '@scaler/domain';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { amountRule } from './amountRule';
import { useSetCreditLine } from './api';
import { Money } from './Money';
import { creditLineIssue, moneyText } from './money';
import { refusalOf } from './refusal';

/** Whose wallet a credit line is set on: the center's (in a currency) or an account's. */
export interface CreditTarget {
  wallet: TWallet & { wallet_id: number };
  owner: string;
}

/**
 * An operator sets how far below zero a wallet's balance may go (zero: no credit). The center may use
 * its credit to fund accounts; an account's credit lets it spend beyond its balance.
 */
export function CreditLineModal({ target, onClose }: { target: CreditTarget | null; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<{ credit_limit: string }>();
  const save = useSetCreditLine();
  const [refused, setRefused] = useState<string | null>(null);
  const open = target !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      setRefused(null);
    }
  }, [open, form]);

  if (!target) return null;
  const { wallet } = target;
  const submit = async ({ credit_limit }: { credit_limit: string }) => {
    setRefused(null);
    try {
      const saved = await save.mutateAsync({
        walletId: wallet.wallet_id,
        body: { credit_limit: credit_limit.trim() },
      });
      message.success(
        t('credit.saved', { owner: target.owner, amount: moneyText(saved.credit_limit, saved.currency) }),
      );
      onClose();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.credit_limit) {
        form.setFields([{ name: 'credit_limit', errors: [refusal.fields.credit_limit] }]);
      } else setRefused(refusal.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('credit.title', { owner: target.owner })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={520}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBlock: 12 }}
        items={[
          {
            key: 'balance',
            label: t('wallet.balance'),
            children: <Money amount={wallet.balance} currency={wallet.currency} />,
          },
          {
            key: 'credit',
            label: t('credit.current'),
            children: <Money amount={wallet.credit_limit} currency={wallet.currency} />,
          },
        ]}
      />
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      <Form<{ credit_limit: string }>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ credit_limit: wallet.credit_limit }}
      >
        <Form.Item
          name="credit_limit"
          label={t('credit.limit')}
          extra={t('credit.hint')}
          required
          rules={[amountRule(wallet.currency, creditLineIssue)]}
        >
          <Input inputMode="decimal" autoComplete="off" suffix={wallet.currency} style={{ maxWidth: 260 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
