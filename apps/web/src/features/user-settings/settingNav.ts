import { orgCan, type TOrgSummary } from '@scaler/domain';
import { orgAccessOf } from '../advertisers/access';

/** Which /setting pages the side nav lists: account markup only for org admins of agency centers. */
export function settingPageVisible(path: string, currentOrg: TOrgSummary | null): boolean {
  if (path === '/setting/account-markup')
    return !!currentOrg && orgCan(orgAccessOf(currentOrg), 'markup.manage');
  return true;
}
