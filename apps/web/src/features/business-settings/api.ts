import type { TBusinessCenterInfo, TCommissionRequest, TUpdateBusinessInfoRequest } from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { accountKeys } from '../accounts/api';
import { businessCenterKeys } from '../business-centers/api';

export const businessSettingsKeys = {
  all: ['business-settings'] as const,
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
function useInvalidateCenter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: businessSettingsKeys.all }),
      queryClient.invalidateQueries({ queryKey: businessCenterKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    ]);
}

export function useUpdateBusinessInfo() {
  const invalidate = useInvalidateCenter();
  return useMutation({
    mutationFn: (body: TUpdateBusinessInfoRequest) =>
      request<TBusinessCenterInfo>('/scaler/v3/bc/info', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateCommission() {
  const invalidate = useInvalidateCenter();
  return useMutation({
    mutationFn: (body: TCommissionRequest) =>
      request<TBusinessCenterInfo>('/scaler/v3/bc/commission', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}
