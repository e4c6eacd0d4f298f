import { useEffect } from 'react';
import { setMarkEligible } from '../../lib/preferences';
import { useConsoleContext } from '../accounts/useConsoleContext';

/**
 * Whether the user is an org admin with markup on in the current center (spec 6). Keeps the API
 * client's `mark` header in step with it.
 */
export function useMarkEligible(): boolean {
  const { user, currentOrg } = useConsoleContext();
  const eligible = user?.mark === 1 && currentOrg?.org_role === 'org_admin';
  useEffect(() => setMarkEligible(eligible), [eligible]);
  return eligible;
}
