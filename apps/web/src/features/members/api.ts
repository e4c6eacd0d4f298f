import type {
  OrgRole,
  TAdvAssignment,
  TInvitationInfo,
  TInviteMembersRequest,
  TMemberAccount,
  TMembersPage,
} from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { accountKeys } from '../accounts/api';
import { advertiserKeys } from '../advertisers/api';
import { businessCenterKeys } from '../business-centers/api';
import { overviewKeys } from '../overview/api';

export const memberKeys = {
  all: ['members'] as const,
  page: (org: number | null) => [...memberKeys.all, org, 'page'] as const,
  invitation: (token: string) => [...memberKeys.all, 'invitation', token] as const,
};

/** GET /scaler/v3/bc/members: members, and pending invitations for admins. */
export function useMembersPage(org: number | null) {
  return useQuery({
    queryKey: memberKeys.page(org),
    queryFn: () => request<TMembersPage>('/scaler/v3/bc/members'),
    enabled: org !== null,
  });
}

/** Members change the account lists (their members) and possibly the caller's own session. */
function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
    ]);
}

export function useInviteMembers() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: TInviteMembersRequest) =>
      request<{ invited: number }>('/scaler/v3/bc/invitations', { method: 'POST', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useResendInvitation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/scaler/v3/bc/invitations/${id}/resend`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useCancelInvitation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/scaler/v3/bc/invitations/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useUpdateMemberRole() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ userId, orgRole }: { userId: string; orgRole: OrgRole }) =>
      request<null>(`/scaler/v3/bc/members/${userId}`, { method: 'PUT', body: { org_role: orgRole } }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (userId: string) => request<null>(`/scaler/v3/bc/members/${userId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAssignAccounts() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ userId, advs }: { userId: string; advs: TAdvAssignment[] }) =>
      request<TMemberAccount[]>(`/scaler/v3/bc/members/${userId}/advs`, {
        method: 'PUT',
        body: { advs },
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

/** GET /scaler/account/invitation: what an invitation link is about (no session needed). */
export function useInvitationInfo(token: string) {
  return useQuery({
    queryKey: memberKeys.invitation(token),
    queryFn: () => request<TInvitationInfo>('/scaler/account/invitation', { query: { token }, silent: true }),
    enabled: token.length > 0,
    retry: false,
  });
}

export interface AcceptInvitationBody {
  token: string;
  password?: string;
  name?: string;
}

/** POST /scaler/account/invitation/accept: joins the center (and signs up when a password is given). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      request<{ org_id: number; signed_up: boolean }>('/scaler/account/invitation/accept', {
        method: 'POST',
        body,
        silent: true,
      }),
    // The session (a new one after sign-up) now has another center: everything cached is stale.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: businessCenterKeys.all }),
      ]),
  });
}
