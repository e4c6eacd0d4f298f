import type { TVerification, TVerificationPage } from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { accountKeys } from '../accounts/api';
import { businessCenterKeys } from '../business-centers/api';

export const verificationKeys = {
  all: ['verification'] as const,
  detail: (org: number | null) => [...verificationKeys.all, org] as const,
};

export function useVerification(org: number | null) {
  return useQuery({
    queryKey: verificationKeys.detail(org),
    queryFn: () => request<TVerificationPage>('/scaler/v3/bc/verification'),
    enabled: org !== null,
  });
}

/** POST /scaler/v3/bc/verification: the center goes to review, which changes its status everywhere. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { license_files: string[]; note: string }) =>
      request<TVerification>('/scaler/v3/bc/verification', { method: 'POST', body, silent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: businessCenterKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  });
}
