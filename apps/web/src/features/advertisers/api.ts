import type {
  AdvRole,
  AdvStatus,
  TAdvertiserDetail,
  TAdvertiserListQuery,
  TAdvertiserMarkupPage,
  TAdvertiserPage,
  TAdvertiserSaved,
  TCreateAdvertiserRequest,
  TMarkupListQuery,
  TMarkupRequest,
  TMember,
  TMemberList,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

export interface AdvertiserFilters {
  q: string;
  status: AdvStatus | null;
  page: number;
  pageSize: number;
}

/** What the account pickers and the header's switcher ask for: a search and a page, own or shared. */
export type AccountSearch = Pick<
  TAdvertiserListQuery,
  'q' | 'status' | 'shared' | 'closed' | 'page' | 'page_size'
>;

export const advertiserKeys = {
  all: queryRoot('advertisers'),
  lists: (org: number | null) => [...advertiserKeys.all, org, 'list'] as const,
  list: (org: number | null, filters: AdvertiserFilters) => [...advertiserKeys.lists(org), filters] as const,
  detail: (org: number | null, advId: number) => [...advertiserKeys.all, org, 'detail', advId] as const,
  search: (org: number | null, search: AccountSearch) =>
    [...advertiserKeys.lists(org), 'search', search] as const,
  markups: (org: number | null, query: TMarkupListQuery) =>
    [...advertiserKeys.all, org, 'markups', query] as const,
  centerMembers: (org: number | null) => [...advertiserKeys.all, org, 'center-members'] as const,
};

/** GET /scaler/v3/advs: own and shared accounts the caller reaches in the center. */
export function useAdvertisers(org: number | null, filters: AdvertiserFilters) {
  return useQuery({
    queryKey: advertiserKeys.list(org, filters),
    queryFn: () =>
      request<TAdvertiserPage>('/scaler/v3/advs', {
        query: {
          q: filters.q,
          status: filters.status ?? undefined,
          page: filters.page,
          page_size: filters.pageSize,
        },
      }),
    enabled: org !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAdvertiser(org: number | null, advId: number | null) {
  return useQuery({
    queryKey: advertiserKeys.detail(org, advId ?? 0),
    queryFn: () => request<TAdvertiserDetail>(`/scaler/v3/advs/${advId}`),
    enabled: org !== null && advId !== null,
  });
}

/** Accounts change the session's advs (switcher, guard), the members' account lists and the overview. */
const useInvalidateAccounts = () => useInvalidate('advertiser.change');

export function useCreateAdvertiser() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: TCreateAdvertiserRequest) =>
      request<TAdvertiserSaved>('/scaler/v3/advs', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateAdvertiser() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ advId, body }: { advId: number; body: TCreateAdvertiserRequest }) =>
      request<TAdvertiserSaved>(`/scaler/v3/advs/${advId}`, {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

/** POST /scaler/v3/advs/:id/close: final, the account can never be activated again. */
export function useCloseAdvertiser() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (advId: number) => request<null>(`/scaler/v3/advs/${advId}/close`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

const MEMBER_PAGE = 100;

/** GET /scaler/v3/bc/members?org_role=org_user: every standard member, to assign to an account. */
export function useCenterMembers(org: number | null, enabled = true) {
  return useQuery({
    queryKey: advertiserKeys.centerMembers(org),
    queryFn: async () => {
      const out: TMember[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const data = await request<TMemberList>('/scaler/v3/bc/members', {
          query: { org_role: 'org_user', page, page_size: MEMBER_PAGE },
        });
        out.push(...data.list);
        if (data.list.length < MEMBER_PAGE || out.length >= data.total) break;
      }
      return out;
    },
    enabled: enabled && org !== null,
  });
}

export interface AdvMemberAssignment {
  user_id: string;
  adv_role: AdvRole;
}

export function useSetAdvertiserMembers() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ advId, members }: { advId: number; members: AdvMemberAssignment[] }) =>
      request<null>(`/scaler/v3/advs/${advId}/members`, { method: 'PUT', body: { members } }),
    onSuccess: invalidate,
  });
}

/**
 * One page of the accounts the caller reaches in the center, for the pickers and the header's switcher
 * (GET /scaler/v3/advs searched and paged on the server: a center of thousands loads twenty at a time).
 */
export function useAccountSearch(org: number | null, search: AccountSearch, enabled = true) {
  return useQuery({
    queryKey: advertiserKeys.search(org, search),
    queryFn: () =>
      request<TAdvertiserPage>('/scaler/v3/advs', {
        query: {
          q: search.q,
          status: search.status,
          shared: search.shared,
          closed: search.closed,
          page: search.page,
          page_size: search.page_size,
        },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /scaler/v3/advs/markups: a page of own accounts with their markup (agency admins). */
export function useMarkups(org: number | null, query: TMarkupListQuery, enabled = true) {
  return useQuery({
    queryKey: advertiserKeys.markups(org, query),
    queryFn: () =>
      request<TAdvertiserMarkupPage>('/scaler/v3/advs/markups', {
        query: { q: query.q, page: query.page, page_size: query.page_size },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSetMarkup() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ advId, body }: { advId: number; body: TMarkupRequest }) =>
      request<null>(`/scaler/v3/advs/${advId}/markup`, { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useRemoveMarkup() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (advId: number) => request<null>(`/scaler/v3/advs/${advId}/markup`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
