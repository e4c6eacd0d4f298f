import type { TActivityPage, TOverview } from '@scaler/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';

export interface ActivityFilters {
  objectType: string | null;
  page: number;
  pageSize: number;
}

export const overviewKeys = {
  all: queryRoot('overview'),
  summary: (org: number | null) => [...overviewKeys.all, org, 'summary'] as const,
  activity: (org: number | null, filters: ActivityFilters) =>
    [...overviewKeys.all, org, 'activity', filters] as const,
};

export function useOverview(org: number | null) {
  return useQuery({
    queryKey: overviewKeys.summary(org),
    queryFn: () => request<TOverview>('/scaler/v3/bc/overview'),
    enabled: org !== null,
  });
}

/** GET /scaler/v3/bc/activity: the log, newest first (admins); entries name their objects. */
export function useActivity(org: number | null, filters: ActivityFilters, enabled = true) {
  return useQuery({
    queryKey: overviewKeys.activity(org, filters),
    queryFn: () =>
      request<TActivityPage>('/scaler/v3/bc/activity', {
        query: { object_type: filters.objectType, page: filters.page, page_size: filters.pageSize },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}
