import type { TTopup } from '@scaler/domain';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { Money } from './Money';

/** A value to copy into the bank's form, with a labelled copy button. */
function Copyable({ label, text, large = false }: { label: string; text: string; large?: boolean }) {
  const { t } = useTranslation('finance');
  const { message } = useFeedback();
  return (
    <Typography.Text
      strong={large}
      style={{ fontFamily: 'var(--ant-font-family-code)', fontSize: large ? 20 : undefined }}
      copyable={{
        text,
        tooltips: [t('copy.copy', { what: label }), t('copy.copied')],
        onCopy: () => void message.success(t('copy.success', { what: label })),
      }}
    >
      {text}
    </Typography.Text>
  );
}

/**
 * How to pay a top-up: the reference to put on the bank transfer, the amount and the platform's bank
 * account, each copyable, and why the reference matters.
 */
export function TopupInstructions({ topup }: { topup: TTopup }) {
  const { t } = useTranslation('finance');
  const bank = topup.bank;
  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        title={t('instructions.reference_title', { reference: topup.reference })}
        description={t('instructions.reference_text')}
      />
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 180 } }}
        items={[
          {
            key: 'reference',
            label: t('instructions.reference'),
            children: <Copyable label={t('instructions.reference')} text={topup.reference} large />,
          },
          {
            key: 'amount',
            label: t('instructions.amount'),
            children: <Money amount={topup.amount} currency={topup.currency} style={{ fontWeight: 600 }} />,
          },
          {
            key: 'account_name',
            label: t('instructions.account_name'),
            children: <Copyable label={t('instructions.account_name')} text={bank.account_name} />,
          },
          {
            key: 'bank_name',
            label: t('instructions.bank_name'),
            children: <Copyable label={t('instructions.bank_name')} text={bank.bank_name} />,
          },
          {
            key: 'account_number',
            label: t('instructions.account_number'),
            children: <Copyable label={t('instructions.account_number')} text={bank.account_number} />,
          },
          {
            key: 'swift',
            label: t('instructions.swift'),
            children: <Copyable label={t('instructions.swift')} text={bank.swift} />,
          },
        ]}
      />
      <Typography.Text type="secondary">{t('instructions.after')}</Typography.Text>
    </Flex>
  );
}
