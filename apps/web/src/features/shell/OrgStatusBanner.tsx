import { menuPaths, ORG_STATUS } from '@scaler/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { useBlocked } from './blocked';

const SHOWN = [ORG_STATUS.review, ORG_STATUS.engaged, ORG_STATUS.rejected, ORG_STATUS.disabled] as const;
type ShownStatus = (typeof SHOWN)[number];
const isShown = (status: number | undefined): status is ShownStatus =>
  (SHOWN as readonly number[]).includes(status ?? -1);

/**
 * The one place that says why a center is limited: in review, engaged or rejected (only business
 * settings until verified, with the way to the verification) or disabled. A page refused for that very
 * reason says it itself, so the banner steps aside there.
 */
export function OrgStatusBanner() {
  const { t } = useTranslation('shell');
  const { org, currentOrg, menus, pathname } = useConsoleContext();
  const blocked = useBlocked();
  const status = currentOrg?.org_status;
  if (!isShown(status)) return null;
  if (blocked?.kind === 'forbidden' && blocked.reason === 'org-unverified') return null;
  const toVerify =
    (status === ORG_STATUS.engaged || status === ORG_STATUS.rejected) &&
    pathname !== '/manage/verify' &&
    menuPaths(menus).includes('/manage/verify');
  return (
    <Alert
      type={status === ORG_STATUS.rejected || status === ORG_STATUS.disabled ? 'error' : 'warning'}
      showIcon
      title={t(`org_banner.title.${status}`)}
      description={t(`org_banner.${status}`)}
      action={
        toVerify && (
          <LinkButton type="primary" size="small" to={withContext('/manage/verify', { org })}>
            {t('org_banner.to_verification')}
          </LinkButton>
        )
      }
      style={{ marginBottom: 16 }}
    />
  );
}
