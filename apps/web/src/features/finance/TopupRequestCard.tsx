import { CURRENCIES, type Currency, type TTopup, type TWallet } from '@scaler/domain';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../components/StatusResult';
import { amountRule } from './amountRule';
import { useRequestTopup } from './api';
import { moneyText } from './money';
import { refusalOf } from './refusal';
import { keepsKey, newRequestKey } from './requestKey';

// The instructions (the bank details) load with the answer.
const TopupInstructions = lazy(() =>
  import('./TopupInstructions').then((m) => ({ default: m.TopupInstructions })),
);

interface TopupValues {
  currency: string;
  amount: string;
}

/** The center's wallet currencies first, then the other currencies a center may use. */
export const currencyChoices = (wallets: readonly TWallet[]): string[] => [
  ...new Set([...wallets.map((w) => w.currency), ...CURRENCIES]),
];

/**
 * Asks for a bank-transfer top-up of the center's wallet; the answer (the reference and where to pay)
 * replaces the form until another top-up is asked for.
 */
export function TopupRequestCard({ wallets }: { wallets: readonly TWallet[] }) {
  const { t } = useTranslation(['finance', 'common']);
  const [form] = Form.useForm<TopupValues>();
  const requestTopup = useRequestTopup();
  const [created, setCreated] = useState<TTopup | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // One key per request: kept when an answer was lost (a retry asks for nothing twice).
  const [key, setKey] = useState(newRequestKey);
  const currency = Form.useWatch('currency', form) ?? wallets[0]?.currency ?? 'USD';

  const submit = async (values: TopupValues) => {
    setRefused(null);
    try {
      const topup = await requestTopup.mutateAsync({
        request_key: key,
        currency: values.currency as Currency,
        amount: values.amount.trim(),
      });
      setKey(newRequestKey());
      // The next request starts without an amount (the currency stays).
      form.setFieldValue('amount', '');
      setCreated(topup);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.amount) form.setFields([{ name: 'amount', errors: [refusal.fields.amount] }]);
      else setRefused(refusal.message);
      if (!keepsKey(error)) setKey(newRequestKey());
    }
  };

  if (created) {
    return (
      <Card title={t('topup.requested_title')}>
        <StatusResult
          status="success"
          title={t('topup.requested', { amount: moneyText(created.amount, created.currency) })}
          style={{ paddingBlock: 8 }}
        />
        <Suspense fallback={<Skeleton active />}>
          <TopupInstructions topup={created} />
        </Suspense>
        <Button style={{ marginTop: 16 }} onClick={() => setCreated(null)}>
          {t('topup.another')}
        </Button>
      </Card>
    );
  }

  return (
    <Card title={t('topup.title')}>
      <Typography.Paragraph type="secondary">{t('topup.intro')}</Typography.Paragraph>
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      <Form<TopupValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ currency: wallets[0]?.currency ?? 'USD', amount: '' }}
        style={{ maxWidth: 420 }}
      >
        <Form.Item name="currency" label={t('topup.currency')} required>
          <Select options={currencyChoices(wallets).map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('topup.amount')}
          rules={[amountRule(currency)]}
          dependencies={['currency']}
          required
        >
          <Input inputMode="decimal" autoComplete="off" suffix={currency} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={requestTopup.isPending}>
          {t('topup.submit')}
        </Button>
      </Form>
    </Card>
  );
}
