import type { AdvStatus } from '@scaler/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';

/** One entry of the center's activity log. */
export interface Activity {
  id: number;
  actor_email: string;
  action: string;
  object_type: string;
  object_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  time: string;
}

/** GET /scaler/v3/bc/overview (standard users: own accounts, admin figures 0 and no activity). */
export interface Overview {
  members: number;
  accounts_by_status: Record<AdvStatus, number>;
  accounts_total: number;
  partners: number;
  pending_invitations: number;
  pending_reviews: number;
  verification_pending: boolean;
  recent_activity: Activity[];
}

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
    queryFn: () => request<Overview>('/scaler/v3/bc/overview'),
    enabled: org !== null,
  });
}

/** GET /scaler/v3/bc/activity: the log, newest first (admins). */
export function useActivity(org: number | null, filters: ActivityFilters, enabled = true) {
  return useQuery({
    queryKey: overviewKeys.activity(org, filters),
    queryFn: () =>
      request<{ list: Activity[]; total: number }>('/scaler/v3/bc/activity', {
        query: { object_type: filters.objectType, page: filters.page, page_size: filters.pageSize },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}
