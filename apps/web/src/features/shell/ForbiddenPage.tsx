import { menuPaths } from '@scaler/domain';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import type { ForbiddenReason } from './blocked';
import { firstMenuPath } from './menuItems';

/** Where a refused user goes on: their centers, the center's verification, or its first page. */
function useWayOut(reason: ForbiddenReason): { to: string; label: string } {
  const { t } = useTranslation('shell');
  const { org, menus } = useConsoleContext();
  const centers = { to: '/select', label: t('blocked.to_centers') };
  if (org === null || reason === 'not-operator' || reason === 'org-disabled') return centers;
  const paths = menuPaths(menus);
  if (reason === 'org-unverified') {
    const path = paths.includes('/manage/verify') ? '/manage/verify' : firstMenuPath(menus.manage);
    return path ? { to: withContext(path, { org }), label: t('blocked.to_verification') } : centers;
  }
  if (paths.includes('/manage/overview'))
    return { to: withContext('/manage/overview', { org }), label: t('blocked.to_overview') };
  const first = firstMenuPath(menus.manage);
  return first ? { to: withContext(first, { org }), label: t('blocked.to_center') } : centers;
}

/** The 403 page: the real reason the page is refused, and the way out. */
export function ForbiddenPage({ reason }: { reason: ForbiddenReason }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const { currentOrg } = useConsoleContext();
  const way = useWayOut(reason);
  const text =
    reason === 'org-unverified' && currentOrg
      ? t(`org_banner.${currentOrg.org_status as 0 | 2 | 3}`)
      : t(`blocked.${reason}.text`, {
          org: currentOrg?.org_name ?? '',
          role: currentOrg ? tc(`org_role.${currentOrg.org_role}`) : '',
        });
  return (
    <Result
      status="403"
      title={t(`blocked.${reason}.title`)}
      subTitle={text}
      extra={
        <LinkButton type="primary" to={way.to}>
          {way.label}
        </LinkButton>
      }
    />
  );
}
