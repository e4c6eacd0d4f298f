import type {
  PerfLevel,
  TAdGroupDetail,
  TBatchAdGroupUpdate,
  TBulkPatchRequest,
  TCampaignDetail,
  TChangeLogEntry,
  TList2Answer,
  TList2Request,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

export const campaignKeys = {
  all: queryRoot('campaigns'),
  list: (adv: number | null, level: PerfLevel, body: TList2Request) =>
    [...campaignKeys.all, adv, 'list2', level, body] as const,
  history: (adv: number | null, objectType: number, id: number, page: number) =>
    [...campaignKeys.all, adv, 'history', objectType, id, page] as const,
};

/**
 * POST /scaler/v3/{level}/list2: a page with metrics. Days, conversions and cost depend on the time
 * zone, report type and view role headers: the key carries them.
 */
export function useList2(adv: number | null, level: PerfLevel, body: TList2Request) {
  return useQuery({
    queryKey: useHeadersKey(campaignKeys.list(adv, level, body)),
    queryFn: ({ signal }) =>
      request<TList2Answer>(`/scaler/v3/${level}/list2`, { method: 'POST', body, signal }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
}

export function useChangeHistory(adv: number | null, objectType: number, id: number | null, page: number) {
  return useQuery({
    queryKey: useHeadersKey(campaignKeys.history(adv, objectType, id ?? 0, page)),
    queryFn: () =>
      request<{ list: TChangeLogEntry[]; total: number }>('/scaler/v3/log/list', {
        query: { object_type: objectType, object_id: id ?? 0, page, page_size: 20 },
      }),
    enabled: adv !== null && id !== null,
  });
}

/** PATCH /scaler/v3/{level}: switch on/off or delete several objects. */
export function usePatchObjects(level: PerfLevel) {
  return useMutation({
    mutationFn: (body: TBulkPatchRequest) =>
      request<{ updated: number }>(`/scaler/v3/${level}`, { method: 'PATCH', body }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

/** POST /scaler/v3/adgroups/batch/update: bids first, then budgets. */
export function useBatchUpdateAdGroups() {
  return useMutation({
    mutationFn: (body: TBatchAdGroupUpdate) =>
      request<{ updated: number }>('/scaler/v3/adgroups/batch/update', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

/** A campaign's budget, edited inline: read the campaign, write it back with the new budget. */
export function useSetCampaignBudget() {
  return useMutation({
    mutationFn: async ({ id, budget }: { id: number; budget: number | null }) => {
      const c = await request<TCampaignDetail>('/scaler/v3/campaign', { query: { campaign_id: id } });
      const { status, opt_status, deleted, created_time, updated_time, adv_id, ...input } = c;
      return request<TCampaignDetail>('/scaler/v3/campaign', {
        method: 'PUT',
        body: {
          ...input,
          budget_type: budget === null ? null : (c.budget_type ?? 0),
          campaign_budget: budget,
        },
        silent: true,
      });
    },
    onSuccess: useInvalidate('campaign.change'),
  });
}

/** An ad group's bid or budget, edited inline (the same rule as in the form: bids and budget together). */
export function useSetAdGroupMoney() {
  return useMutation({
    mutationFn: async ({ id, bid, budget }: { id: number; bid?: number; budget?: number | null }) => {
      const g = await request<TAdGroupDetail>('/scaler/v3/adgroup/info', { query: { adgroup_id: id } });
      const { status, opt_status, deleted, created_time, updated_time, adv_id, ...input } = g;
      return request<TAdGroupDetail>('/scaler/v3/adgroup', {
        method: 'PUT',
        body: {
          ...input,
          bid_price: bid ?? g.bid_price,
          ...(budget === undefined
            ? {}
            : { budget_type: budget === null ? null : (g.budget_type ?? 0), ad_group_budget: budget }),
        },
        silent: true,
      });
    },
    onSuccess: useInvalidate('campaign.change'),
  });
}

/** The account's ad groups for pickers (`utils/adgroup_list`, at most 1,000). */
export function useAdGroupOptions() {
  return useQuery({
    queryKey: useHeadersKey([...campaignKeys.all, 'adgroup-options'] as const),
    queryFn: () => request<{ id: number; name: string }[]>('/scaler/v3/utils/adgroup_list'),
  });
}

/** POST /scaler/v3/creatives/assign: copies of the creatives in each ad group. */
export function useAssignCreatives() {
  return useMutation({
    mutationFn: (body: { creative_ids: number[]; adgroup_ids: number[] }) =>
      request<{ created: number }>('/scaler/v3/creatives/assign', { method: 'POST', body, silent: true }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

/** The account's campaigns for pickers (`utils/campaign_list`, at most 1,000). */
export function useCampaignOptions() {
  return useQuery({
    queryKey: useHeadersKey([...campaignKeys.all, 'campaign-options'] as const),
    queryFn: () => request<{ id: number; name: string }[]>('/scaler/v3/utils/campaign_list'),
  });
}
