import type {
  TEmailTokenInfo as EmailTokenInfo,
  TLoginCodePeek,
  TLoginExchangeReply,
  TLoginReply,
  TLoginRequest,
  TRegisterReply,
  TRegisterRequest,
  TSessionRoutes,
  TUserInfo,
} from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { request, requestEnvelope } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

export const accountKeys = {
  all: queryRoot('accounts'),
  userInfo: (org: number | null = null) => [...accountKeys.all, 'user-info', org] as const,
  /** The routes answer depends on the account the URL names too (its bounded `advs` include it). */
  routes: (org: number | null = null, adv: number | null = null) =>
    [...accountKeys.all, 'routes', org, adv] as const,
  emailToken: (token: string) => [...accountKeys.all, 'email-token', token] as const,
};

const orgHeader = (org: number | null): Record<string, string> =>
  org === null ? {} : { 'org-id': String(org) };

/**
 * GET /scaler/account/routes: the menus of `org` and a bounded `advs` (the account `adv`, the first
 * active one of `org` and a few more, each with the user's role there); null when not logged in (code -1).
 */
export async function fetchSessionRoutes(
  org: number | null,
  adv: number | null,
): Promise<TSessionRoutes | null> {
  const envelope = await requestEnvelope<TSessionRoutes>('/scaler/account/routes', {
    acceptCodes: [-1],
    // Both named explicitly: the answer is for this org and account, whatever the page's URL says.
    headers: { ...orgHeader(org), 'adv-id': adv === null ? '' : String(adv) },
    // A center the user is not in answers 404; the guard sends the user to the picker instead of a toast.
    silent: true,
  });
  return envelope.code === -1 ? null : envelope.data;
}

export function useSessionRoutes(org: number | null, adv: number | null, enabled = true) {
  return useQuery({
    queryKey: accountKeys.routes(org, adv),
    queryFn: () => fetchSessionRoutes(org, adv),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useUserInfo(org: number | null, enabled = true) {
  return useQuery({
    queryKey: accountKeys.userInfo(org),
    queryFn: () => request<TUserInfo>('/scaler/account/user_info', { headers: orgHeader(org) }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: TLoginRequest) =>
      request<TLoginReply>('/scaler/account/login', { method: 'POST', body, silent: true }),
    onSuccess: useInvalidate('session.start'),
  });
}

/**
 * POST /scaler/account/logout, then `leave` (by default: to the login page), then the cache is emptied.
 * Leaving first matters: a page still on screen would ask again for the queries just cleared, meet the
 * ended session and send the user to log in with that page as the redirect.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (_leave?: () => void | Promise<void>) =>
      request<null>('/scaler/account/logout', { method: 'POST' }),
    // The login page is a lazy route: the old page stays on screen until its code is in, so the cache is
    // emptied once the navigation has finished.
    onSettled: async (_data, _error, leave) => {
      await (leave ? leave() : navigate('/login'));
      queryClient.clear();
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: TRegisterRequest) =>
      request<TRegisterReply>('/scaler/account/user', { method: 'POST', body, silent: true }),
  });
}

/** POST /scaler/account/repwd: always answers null, whether the account exists or not. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      request<null>('/scaler/account/repwd', { method: 'POST', body: { email } }),
  });
}

/** PUT /scaler/account/reset/pwd with the e-mail's token: the server ends every session of the user. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; token: string }) =>
      request<null>('/scaler/account/reset/pwd', { method: 'PUT', body, silent: true }),
    onSuccess: () => queryClient.removeQueries({ queryKey: accountKeys.all }),
  });
}

/**
 * PUT /scaler/account/reset/pwd signed in, with the current password: this session stays, the others
 * end. Field errors (a wrong current password, a weak new one) are the form's to show.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; password: string }) =>
      request<null>('/scaler/account/reset/pwd', { method: 'PUT', body, silent: true }),
  });
}

/**
 * POST /scaler/account/login/code/peek: who a sign-in code signs in as and this browser's session now,
 * without spending the code.
 */
export const peekLoginCode = (code: string) =>
  request<TLoginCodePeek>('/scaler/account/login/code/peek', {
    method: 'POST',
    body: { code },
    silent: true,
  });

/** POST /scaler/account/login/exchange: spends a sign-in code of a login redirect for the session cookie. */
export const exchangeLoginCode = (code: string) =>
  request<TLoginExchangeReply>('/scaler/account/login/exchange', {
    method: 'POST',
    body: { code },
    silent: true,
  });

export type { TEmailTokenInfo as EmailTokenInfo } from '@scaler/domain';

export function useEmailToken(token: string) {
  return useQuery({
    queryKey: accountKeys.emailToken(token),
    queryFn: () => request<EmailTokenInfo>('/scaler/account/email/token', { query: { token }, silent: true }),
    enabled: token.length > 0,
    retry: false,
  });
}

/**
 * POST /scaler/account/email/verify. Nothing the console caches changes (there is no session yet), and
 * the page keeps the token info it opened with so the success result stays on screen.
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      request<{ email: string }>('/scaler/account/email/verify', {
        method: 'POST',
        body: { token },
        silent: true,
      }),
  });
}
