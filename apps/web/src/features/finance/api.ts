import type {
  TCreditLineRequest,
  TFinanceAccountsQuery,
  TFinanceOverview,
  TopupStatusName,
  TTopup,
  TTopupDecision,
  TTopupRequest,
  TTopups,
  TTransactions,
  TTransactionsQuery,
  TTransferRequest,
  TTransferResult,
  TWallet,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

/** The finance center's calls (decisions 7): wallets, transfers, the ledger, top-ups; the operator's. */

export type AccountsQuery = Pick<TFinanceAccountsQuery, 'keyword' | 'page' | 'page_size'>;
/** The ledger's filters (`page` and `page_size` included), as sent. */
export type LedgerQuery = Partial<TTransactionsQuery> & Pick<TTransactionsQuery, 'page' | 'page_size'>;
export interface TopupsQuery {
  status: TopupStatusName | null;
  page: number;
  page_size: number;
}

export const financeKeys = {
  all: queryRoot('finance'),
  overview: (org: number | null, query: AccountsQuery) =>
    [...financeKeys.all, org, 'overview', query] as const,
  transactions: (org: number | null, query: LedgerQuery) =>
    [...financeKeys.all, org, 'transactions', query] as const,
  topups: (org: number | null, query: TopupsQuery) => [...financeKeys.all, org, 'topups', query] as const,
  queue: (query: TopupsQuery) => [...financeKeys.all, 'operator', 'topups', query] as const,
  center: (orgId: number, query: AccountsQuery) =>
    [...financeKeys.all, 'operator', 'center', orgId, query] as const,
};

/** GET /scaler/v3/finance/overview: the center's wallets and a page of its accounts with theirs. */
export function useFinanceOverview(org: number | null, query: AccountsQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.overview(org, query),
    queryFn: () => request<TFinanceOverview>('/scaler/v3/finance/overview', { query: { ...query } }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}

const WALLETS_ONLY: AccountsQuery = { page: 1, page_size: 1 };

/** The center's wallets alone (with the smallest page of accounts), for the cards and the forms. */
export function useCenterWallets(org: number | null) {
  return useQuery({
    queryKey: financeKeys.overview(org, WALLETS_ONLY),
    queryFn: () => request<TFinanceOverview>('/scaler/v3/finance/overview', { query: { ...WALLETS_ONLY } }),
    enabled: org !== null,
    select: (overview): TWallet[] => overview.wallets,
  });
}

/** GET /scaler/v3/finance/transactions: ledger rows, newest first; dates are days of the time zone header. */
export function fetchTransactions(query: LedgerQuery, signal?: AbortSignal) {
  return request<TTransactions>('/scaler/v3/finance/transactions', { query: { ...query }, signal });
}

export function useTransactions(org: number | null, query: LedgerQuery) {
  return useQuery({
    queryKey: useHeadersKey(financeKeys.transactions(org, query)),
    queryFn: ({ signal }) => fetchTransactions(query, signal),
    enabled: org !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /scaler/v3/finance/transfers: every item or none; the caller shows a refusal (silent). */
export function useTransfer() {
  return useMutation({
    mutationFn: (body: TTransferRequest) =>
      request<TTransferResult>('/scaler/v3/finance/transfers', { method: 'POST', body, silent: true }),
    onSuccess: useInvalidate('finance.transfer'),
  });
}

/** GET /scaler/v3/finance/topups: the center's requests, newest first. */
export function useTopups(org: number | null, query: TopupsQuery) {
  return useQuery({
    queryKey: financeKeys.topups(org, query),
    queryFn: () =>
      request<TTopups>('/scaler/v3/finance/topups', {
        query: { status: query.status, page: query.page, page_size: query.page_size },
      }),
    enabled: org !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /scaler/v3/finance/topups: answers the reference and the bank details to pay to. */
export function useRequestTopup() {
  return useMutation({
    mutationFn: (body: TTopupRequest) =>
      request<TTopup>('/scaler/v3/finance/topups', { method: 'POST', body, silent: true }),
    onSuccess: useInvalidate('finance.topup'),
  });
}

/** GET /scaler/sa/topups (platform operators): every center's requests. */
export function useTopupQueue(query: TopupsQuery) {
  return useQuery({
    queryKey: financeKeys.queue(query),
    queryFn: () =>
      request<TTopups>('/scaler/sa/topups', {
        query: { status: query.status, page: query.page, page_size: query.page_size },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /scaler/sa/topups/:id/decision: confirm with what arrived, or reject with a reason. */
export function useDecideTopup() {
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: TTopupDecision }) =>
      request<TTopup>(`/scaler/sa/topups/${id}/decision`, { method: 'POST', body: decision, silent: true }),
    // Settled, not success: a top-up another operator decided first (10604) makes the queue stale too.
    onSettled: useInvalidate('finance.decision'),
  });
}

/** GET /scaler/sa/centers/:org_id/finance (platform operators): any agency center's wallets. */
export function useCenterFinance(orgId: number | null, query: AccountsQuery) {
  return useQuery({
    queryKey: financeKeys.center(orgId ?? 0, query),
    queryFn: () =>
      request<TFinanceOverview>(`/scaler/sa/centers/${orgId}/finance`, { query: { ...query }, silent: true }),
    enabled: orgId !== null,
    // Another page of the same center keeps its rows on screen while it loads; another center does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === orgId ? previous : undefined,
    retry: false,
  });
}

/** PUT /scaler/sa/wallets/:wallet_id/credit (platform operators). */
export function useSetCreditLine() {
  return useMutation({
    mutationFn: ({ walletId, body }: { walletId: number; body: TCreditLineRequest }) =>
      request<TWallet>(`/scaler/sa/wallets/${walletId}/credit`, { method: 'PUT', body, silent: true }),
    onSuccess: useInvalidate('finance.credit'),
  });
}
