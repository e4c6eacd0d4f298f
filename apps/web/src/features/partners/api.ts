import type { TAdvAssignment, TPartnerRequest, TPartnership, TPartnersPage } from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { accountKeys } from '../accounts/api';
import { advertiserKeys } from '../advertisers/api';
import { memberKeys } from '../members/api';
import { overviewKeys } from '../overview/api';

export const partnerKeys = {
  all: ['partners'] as const,
  page: (org: number | null) => [...partnerKeys.all, org] as const,
};

/** GET /scaler/v3/bc/partners: partners, centers sharing with us and pending requests both ways (admins). */
export function usePartners(org: number | null) {
  return useQuery({
    queryKey: partnerKeys.page(org),
    queryFn: () => request<TPartnersPage>('/scaler/v3/bc/partners'),
    enabled: org !== null,
  });
}

/** Partners and shares change the account lists (shared flags), the pickers and the overview figures. */
function useInvalidatePartners() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
      queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    ]);
}

/** POST /scaler/v3/bc/partners: asks a center to become a partner; its admins accept or decline. */
export function useRequestPartner() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: (partnerOrgId: number) =>
      request<TPartnerRequest>('/scaler/v3/bc/partners', {
        method: 'POST',
        body: { partner_org_id: partnerOrgId },
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

/** Accepting makes the asking center's partnership (and later its shares); every answer ends the request. */
export function useAcceptPartnerRequest() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: (id: number) =>
      request<TPartnership>(`/scaler/v3/bc/partners/requests/${id}/accept`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useDeclinePartnerRequest() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: (id: number) =>
      request<null>(`/scaler/v3/bc/partners/requests/${id}/decline`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useCancelPartnerRequest() {
  const invalidate = useInvalidatePartners();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/scaler/v3/bc/partners/requests/${id}`, { method: 'DELETE' }),
    onSettled: invalidate,
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
