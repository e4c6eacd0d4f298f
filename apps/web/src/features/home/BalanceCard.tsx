import type { TAccountFinance } from '@scaler/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';
import { withContext } from '../../lib/context';
import { moneyText } from '../finance/money';

/**
 * The home page's balance card (finance): the account's balance, credit, today's spend and how many days
 * the money lasts at the last seven days' pace (`GET /scaler/v3/finance/account`). Shown to those who may
 * see the account's money; an account of an advertiser-type center, or a role without it, shows none.
 * Amounts are the server's decimal strings, shown as they are with the currency.
 */
export function BalanceCard({
  adv,
  org,
  visible,
}: {
  adv: number | null;
  org: number | null;
  visible: boolean;
}) {
  const { t } = useTranslation('home');
  const money = useQuery({
    queryKey: useHeadersKey([...queryRoot('finance'), adv, 'account'] as const),
    queryFn: () => request<TAccountFinance>('/scaler/v3/finance/account'),
    enabled: adv !== null && visible,
    retry: false,
  });
  if (!visible || money.isError) return null;
  const data = money.data;
  const amount = (v: string | undefined) => (v === undefined || !data ? '…' : moneyText(v, data.currency));
  return (
    <Card
      size="small"
      title={t('balance.title')}
      loading={money.isLoading}
      data-testid="home-balance"
      extra={<Link to={withContext('/setting/payment', { org, adv })}>{t('balance.manage')}</Link>}
    >
      <Row gutter={[16, 8]}>
        <Col xs={12} md={6}>
          <Statistic
            title={t('balance.balance')}
            value={amount(data?.wallet.balance)}
            valueStyle={data?.limited ? { color: 'var(--ant-color-error)' } : undefined}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('balance.credit')} value={amount(data?.wallet.credit_limit)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('balance.today')} value={amount(data?.today_spend)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('balance.days_left')}
            value={
              data?.days_left == null ? t('balance.no_pace') : t('balance.days', { count: data.days_left })
            }
          />
        </Col>
      </Row>
      {data?.limited && (
        <Typography.Text type="danger" data-testid="home-balance-limited">
          {t('balance.limited')}
        </Typography.Text>
      )}
    </Card>
  );
}
