import { ORG_STATUS } from '@scaler/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsoleContext } from '../accounts/useConsoleContext';

/** Centers in review, engaged or rejected: explain why only business settings are available. */
export function OrgStatusBanner() {
  const { t } = useTranslation('shell');
  const { currentOrg } = useConsoleContext();
  const status = currentOrg?.org_status;
  if (status !== ORG_STATUS.review && status !== ORG_STATUS.engaged && status !== ORG_STATUS.rejected)
    return null;
  return (
    <Alert
      type={status === ORG_STATUS.rejected ? 'error' : 'warning'}
      showIcon
      title={t('org_banner.title')}
      description={t(`org_banner.${status}`)}
      style={{ marginBottom: 16 }}
    />
  );
}
