import type {
  TExchange,
  TExchangeCreate,
  TExchanges,
  TExchangeUpdate,
  TExchangeWithToken,
} from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';

/**
 * The exchanges the bidder answers (platform operators, `/sa/tool`). They live in the operator tool, so
 * their keys sit under its root: an operator's review decision refreshes them too, which costs one small
 * list, and every exchange write refreshes the list.
 */
export const exchangeKeys = {
  all: [...queryRoot('operator-review'), 'exchanges'] as const,
  list: () => [...exchangeKeys.all, 'list'] as const,
};

function useRefreshExchanges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: exchangeKeys.all });
}

/** GET /scaler/sa/exchanges: every exchange with today's delivery. */
export function useExchanges() {
  return useQuery({
    queryKey: exchangeKeys.list(),
    queryFn: () => request<TExchanges>('/scaler/sa/exchanges'),
  });
}

/** POST /scaler/sa/exchanges: the answer carries the token, the only time it is shown. The form shows refusals. */
export function useCreateExchange() {
  return useMutation({
    mutationFn: (body: TExchangeCreate) =>
      request<TExchangeWithToken>('/scaler/sa/exchanges', { method: 'POST', body, silent: true }),
    onSuccess: useRefreshExchanges(),
  });
}

/**
 * PATCH /scaler/sa/exchanges/:id: rename, re-price, switch on or off. `silent`: the edit form shows its
 * refusals; the status switch lets the client say what went wrong.
 */
export function useUpdateExchange() {
  return useMutation({
    mutationFn: ({ id, patch, silent = false }: { id: number; patch: TExchangeUpdate; silent?: boolean }) =>
      request<TExchange>(`/scaler/sa/exchanges/${id}`, { method: 'PATCH', body: patch, silent }),
    onSuccess: useRefreshExchanges(),
  });
}

/** POST /scaler/sa/exchanges/:id/token: a new token, shown once; the old one stops working at once. */
export function useReplaceExchangeToken() {
  return useMutation({
    mutationFn: (id: number) =>
      request<TExchangeWithToken>(`/scaler/sa/exchanges/${id}/token`, { method: 'POST' }),
    onSuccess: useRefreshExchanges(),
  });
}
