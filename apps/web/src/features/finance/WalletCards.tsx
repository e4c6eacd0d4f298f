import type { TWallet } from '@scaler/domain';
import { Card, Col, Flex, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { Money } from './Money';

/** One figure of a wallet: its label above, the amount below. */
function Figure({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Money amount={amount} currency={currency} />
    </Flex>
  );
}

/**
 * The center's wallets, one card per currency: the balance, the credit line an operator granted and
 * what is available (balance plus credit). A wallet nobody has paid into yet says so.
 */
export function WalletCards({
  wallets,
  loading,
  error,
  onRetry,
  action,
}: {
  wallets: readonly TWallet[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** An action on a wallet (top up, set its credit line). */
  action?: (wallet: TWallet) => ReactNode;
}) {
  const { t } = useTranslation('finance');
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error) return <ErrorState onRetry={onRetry} message={error.message} />;
  return (
    <Row gutter={[16, 16]}>
      {wallets.map((wallet) => (
        <Col key={wallet.currency} xs={24} md={12} xl={8}>
          <section aria-label={t('wallet.label', { currency: wallet.currency })} style={{ height: '100%' }}>
            <Card
              style={{ height: '100%' }}
              title={
                <Flex gap={8} align="center" wrap>
                  {t('wallet.title', { currency: wallet.currency })}
                  {wallet.wallet_id === null && (
                    <Tooltip title={t('wallet.not_opened_hint')}>
                      <Tag>{t('wallet.not_opened')}</Tag>
                    </Tooltip>
                  )}
                </Flex>
              }
              extra={action?.(wallet)}
            >
              <Flex vertical gap={12}>
                <Flex vertical gap={2}>
                  <Typography.Text type="secondary">{t('wallet.balance')}</Typography.Text>
                  <Money amount={wallet.balance} currency={wallet.currency} style={{ fontSize: 28 }} />
                </Flex>
                <Flex gap={32} wrap>
                  <Figure
                    label={t('wallet.credit')}
                    amount={wallet.credit_limit}
                    currency={wallet.currency}
                  />
                  <Figure
                    label={t('wallet.available')}
                    amount={wallet.available}
                    currency={wallet.currency}
                  />
                </Flex>
              </Flex>
            </Card>
          </section>
        </Col>
      ))}
    </Row>
  );
}
