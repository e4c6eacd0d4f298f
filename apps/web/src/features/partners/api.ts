import type { TAdvAssignment, TPartnersPage } from '@scaler/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

export const partnerKeys = {
  all: queryRoot('partners'),
  page: (org: number | null) => [...partnerKeys.all, org] as const,
};

/** GET /scaler/v3/bc/partners: partners we share with, and centers sharing with us (admins). */
export function usePartners(org: number | null) {
  return useQuery({
    queryKey: partnerKeys.page(org),
    queryFn: () => request<TPartnersPage>('/scaler/v3/bc/partners'),
    enabled: org !== null,
  });
}

/** Partners and shares change the account lists (shared flags), the pickers and the overview figures. */
const useInvalidatePartners = () => useInvalidate('partner.change');

export function useAddPartner() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: (partnerOrgId: number) =>
      request<{ org_id: number; org_name: string }>('/scaler/v3/bc/partners', {
        method: 'POST',
        body: { partner_org_id: partnerOrgId },
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useShareAccounts() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: ({ partnerOrgId, advs }: { partnerOrgId: number; advs: TAdvAssignment[] }) =>
      request<null>(`/scaler/v3/bc/partners/${partnerOrgId}/shares`, {
        method: 'PUT',
        body: { advs },
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useRemovePartner() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: (partnerOrgId: number) =>
      request<null>(`/scaler/v3/bc/partners/${partnerOrgId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
