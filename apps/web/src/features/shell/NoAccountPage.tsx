import { FundOutlined } from '@ant-design/icons';
import { menuPaths, orgCan } from '@scaler/domain';

import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { StatusResult } from '../../components/StatusResult';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';

/**
 * The advertising area of a center without an active advertiser account: one clear next step instead
 * of a bounce. Who may create accounts is sent to create one; everyone else is told to ask an admin.
 */
export function NoAccountPage() {
  const { t } = useTranslation('shell');
  const { org, currentOrg, menus } = useConsoleContext();
  if (org === null || !currentOrg) return null;
  const canCreate = orgCan(orgAccessOf(currentOrg), 'accounts.create');
  const hasAccountsPage = menuPaths(menus).includes('/manage/account');
  return (
    <StatusResult
      icon={<FundOutlined style={{ color: 'var(--ant-color-primary)' }} />}
      title={t('no_account.title')}
      subTitle={
        canCreate ? t('no_account.text_create') : t('no_account.text_ask', { name: currentOrg.org_name })
      }
      extra={
        hasAccountsPage && (
          <LinkButton type="primary" to={withContext('/manage/account', { org })}>
            {t('no_account.to_accounts')}
          </LinkButton>
        )
      }
    />
  );
}
