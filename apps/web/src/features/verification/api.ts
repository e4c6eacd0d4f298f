import type { TVerification, TVerificationPage } from '@scaler/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

export const verificationKeys = {
  all: queryRoot('verification'),
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
  return useMutation({
    mutationFn: (body: { license_files: string[]; note: string }) =>
      request<TVerification>('/scaler/v3/bc/verification', { method: 'POST', body, silent: true }),
    onSuccess: useInvalidate('center.verification'),
  });
}
