import {
  ORG_STATUS,
  type TCreateBusinessCenterRequest,
  type TOrgSummary,
  type TUserInfo,
} from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { invalidateAfter, queryRoot, useInvalidate } from '../../api/invalidation';
import { centersChanged } from './centerList';

export const businessCenterKeys = {
  all: queryRoot('business-centers'),
  list: () => [...businessCenterKeys.all, 'list'] as const,
};

/**
 * GET /scaler/v3/bc/list: every center of the user, any status, with the user's role. Refetched whenever the
 * user comes back to the tab; when a center's status or role changed meanwhile (an operator approved it),
 * the session data (user_info, menus) reloads too, so the center opens with its new menus.
 */
export function useBusinessCenters() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: businessCenterKeys.list(),
    queryFn: async () => {
      const fresh = await request<TOrgSummary[]>('/scaler/v3/bc/list');
      const cached = queryClient
        .getQueriesData<TUserInfo>({ queryKey: [...queryRoot('accounts'), 'user-info'] })
        .flatMap(([, info]) => info?.orgs ?? []);
      if (centersChanged(cached, fresh)) void invalidateAfter(queryClient, 'center.status');
      return fresh;
    },
    refetchOnWindowFocus: 'always',
  });
}

/** The switchable list (spec 4): only active centers. */
export function toBcList(orgs: readonly TOrgSummary[]): TOrgSummary[] {
  return orgs.filter((o) => o.org_status === ORG_STATUS.active);
}

export function useBcList() {
  const query = useBusinessCenters();
  return { ...query, bcList: query.data ? toBcList(query.data) : [] };
}

export function useCreateBusinessCenter() {
  return useMutation({
    mutationFn: (body: TCreateBusinessCenterRequest) =>
      request<TOrgSummary>('/scaler/v3/bc', { method: 'POST', body, silent: true }),
    onSuccess: useInvalidate('center.create'),
  });
}
