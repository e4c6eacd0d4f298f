import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { useCenterWallets } from './api';
import { readTopupListQuery, type TopupListQuery, writeTopupListQuery } from './financeQuery';
import { TopupList } from './TopupList';
import { TopupRequestCard } from './TopupRequestCard';
import { WalletCards } from './WalletCards';

/**
 * /manage/payment (org admins of agency centers): ask for a bank-transfer top-up of the center's wallet,
 * see where to pay and with which reference, and follow the requests.
 */
export function PaymentPage() {
  const { t } = useTranslation(['finance', 'common']);
  const navigate = useNavigate();
  const { org, pathname, search } = useConsoleContext();
  const center = useCenterWallets(org);
  const wallets = center.data ?? [];
  if (org === null) return null;
  const query = readTopupListQuery(search);
  const go = (patch: Partial<TopupListQuery>) => navigate(`${pathname}${writeTopupListQuery(search, patch)}`);

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('payment.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('payment.subtitle')}</Typography.Text>
      </div>
      <WalletCards
        wallets={wallets}
        loading={center.isPending}
        error={center.isError && !center.data ? center.error : null}
        onRetry={() => center.refetch()}
        action={() => (
          <LinkButton type="link" to={withContext('/finance/index', { org })}>
            {t('payment.open_finance')}
          </LinkButton>
        )}
      />
      {center.isPending ? <Skeleton active /> : <TopupRequestCard wallets={wallets} />}
      <TopupList org={org} query={query} go={go} />
    </Flex>
  );
}
