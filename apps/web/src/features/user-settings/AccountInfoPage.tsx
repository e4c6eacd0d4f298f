import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { AccountDetails } from '../advertisers/AccountDetails';
import { useAdvertiser } from '../advertisers/api';
import { NoAccountSelected } from './NoAccountSelected';

/** /setting/account-info: the current advertiser account (`?adv=`), read-only. */
export function AccountInfoPage() {
  const { t } = useTranslation('userSettings');
  const { org, adv } = useConsoleContext();
  const detail = useAdvertiser(org, adv);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('account_info.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('account_info.subtitle')}</Typography.Text>
      </div>
      {org === null || adv === null ? (
        <NoAccountSelected org={org} />
      ) : detail.isError ? (
        <ErrorState onRetry={() => detail.refetch()} message={detail.error.message} />
      ) : !detail.data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <AccountDetails detail={detail.data} showFiles={false} />
      )}
    </Flex>
  );
}
