import type { TBusinessCenterInfo, TCommissionRequest, TUpdateBusinessInfoRequest } from '@scaler/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

export const businessSettingsKeys = {
  all: queryRoot('business-settings'),
  info: (org: number | null) => [...businessSettingsKeys.all, org, 'info'] as const,
};

/** GET /scaler/v3/bc/info: the current center's business info and commission settings. */
export function useBusinessInfo(org: number | null, enabled = true) {
  return useQuery({
    queryKey: businessSettingsKeys.info(org),
    queryFn: () => request<TBusinessCenterInfo>('/scaler/v3/bc/info'),
    enabled: enabled && org !== null,
  });
}

/** The center's name and avatar also appear in the header, the picker and user_info. */
export function useUpdateBusinessInfo() {
  const invalidate = useInvalidate('center.settings');
  return useMutation({
    mutationFn: (body: TUpdateBusinessInfoRequest) =>
      request<TBusinessCenterInfo>('/scaler/v3/bc/info', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateCommission() {
  const invalidate = useInvalidate('center.settings');
  return useMutation({
    mutationFn: (body: TCommissionRequest) =>
      request<TBusinessCenterInfo>('/scaler/v3/bc/commission', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}
