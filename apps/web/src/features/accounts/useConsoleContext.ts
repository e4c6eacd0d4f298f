import { useLocation } from 'react-router';
import { readContext } from '../../lib/context';
import { useSessionRoutes, useUserInfo } from './api';

/**
 * The org and advertiser of the URL with the session data the guard has loaded for them. `orgAdvs` is
 * the routes call's bounded list (the URL's account with the user's role on it, the first active one, a
 * few more); the center's accounts are paged through the advertisers feature's `useAccountSearch`.
 */
export function useConsoleContext() {
  const { search, pathname } = useLocation();
  const { org, adv } = readContext(search);
  const routes = useSessionRoutes(org, adv);
  const user = useUserInfo(org);
  const currentOrg = user.data?.orgs.find((o) => o.org_id === org) ?? null;
  const orgAdvs = routes.data?.advs.filter((a) => a.org_id === org) ?? [];
  return {
    org,
    adv,
    pathname,
    search,
    menus: routes.data?.menus ?? { ads: [], manage: [] },
    user: user.data ?? null,
    currentOrg,
    orgAdvs,
    /** The routes call has answered for this center (its `advs` are known). */
    routesLoaded: routes.isSuccess,
  };
}
