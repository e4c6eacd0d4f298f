import { ORG_STATUS, type TOrgSummary } from '@scaler/domain';
import { withContext } from '../../lib/context';

/**
 * Where a center opens from the picker: active ones at the overview; review, engaged and rejected ones
 * at business settings (the only menu they have); disabled ones nowhere.
 */
export function orgEntryPath(org: Pick<TOrgSummary, 'org_id' | 'org_status'>): string | null {
  if (org.org_status === ORG_STATUS.disabled) return null;
  const path = org.org_status === ORG_STATUS.active ? '/manage/overview' : '/manage/setting';
  return withContext(path, { org: org.org_id });
}
