import type {
  OrgRole,
  TAcceptInvitationRequest,
  TAcceptInvitationResult,
  TAdvAssignment,
  TAssignAccountsResult,
  TInvitationInfo,
  TInvitationList,
  TInviteMembersRequest,
  TInviteMembersResult,
  TMemberList,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

/** A page of members: search (name or e-mail), role, page and size, all applied by the server. */
export interface MemberFilters {
  q?: string;
  orgRole?: OrgRole | null;
  page: number;
  pageSize: number;
}

export const memberKeys = {
  all: queryRoot('members'),
  list: (org: number | null, filters: MemberFilters) => [...memberKeys.all, org, 'list', filters] as const,
  invitations: (org: number | null, filters: MemberFilters) =>
    [...memberKeys.all, org, 'invitations', filters] as const,
  invitation: (token: string) => [...memberKeys.all, 'invitation', token] as const,
};

/** GET /scaler/v3/bc/members: one page of members, each with the accounts assigned in this center. */
export function useMemberList(org: number | null, filters: MemberFilters, enabled = true) {
  return useQuery({
    queryKey: memberKeys.list(org, filters),
    queryFn: () =>
      request<TMemberList>('/scaler/v3/bc/members', {
        query: {
          q: filters.q || undefined,
          org_role: filters.orgRole ?? undefined,
          page: filters.page,
          page_size: filters.pageSize,
        },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /scaler/v3/bc/invitations: one page of pending invitations (admins). */
export function useInvitationList(org: number | null, filters: MemberFilters, enabled = true) {
  return useQuery({
    queryKey: memberKeys.invitations(org, filters),
    queryFn: () =>
      request<TInvitationList>('/scaler/v3/bc/invitations', {
        query: { q: filters.q || undefined, page: filters.page, page_size: filters.pageSize },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}

/** Members change the account lists (their members) and possibly the caller's own session. */
const useInvalidateMembers = () => useInvalidate('member.change');

export function useInviteMembers() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: TInviteMembersRequest) =>
      request<TInviteMembersResult>('/scaler/v3/bc/invitations', { method: 'POST', body, silent: true }),
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
      request<TAssignAccountsResult>(`/scaler/v3/bc/members/${userId}/advs`, {
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

/** POST /scaler/account/invitation/accept: joins the center (and signs up when a password is given). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: TAcceptInvitationRequest) =>
      request<TAcceptInvitationResult>('/scaler/account/invitation/accept', {
        method: 'POST',
        body,
        silent: true,
      }),
    // The session (a new one after sign-up) now has another center: everything cached is stale.
    onSuccess: useInvalidate('invitation.accept'),
  });
}
