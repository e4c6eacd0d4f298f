import type { TAccountFinance, TAccountFinanceSettings, TTransactions } from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

/** One account's money (`/setting/payment`): the `adv-id` account of the URL. */

export function useAccountMoney(adv: number | null) {
  return useQuery({
    queryKey: useHeadersKey([...queryRoot('finance'), adv, 'account'] as const),
    queryFn: () => request<TAccountFinance>('/scaler/v3/finance/account', { silent: true }),
    enabled: adv !== null,
    retry: false,
  });
}

export function useAccountTransactions(
  adv: number | null,
  query: { kind?: string; page: number; page_size: number },
) {
  return useQuery({
    queryKey: useHeadersKey([...queryRoot('finance'), adv, 'account-transactions', query] as const),
    queryFn: () =>
      request<TTransactions>('/scaler/v3/finance/account/transactions', {
        query: { ...query, kind: query.kind || undefined },
      }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSetAccountMoney() {
  const invalidate = useInvalidate('finance.transfer');
  return useMutation({
    mutationFn: (body: TAccountFinanceSettings) =>
      request<TAccountFinance>('/scaler/v3/finance/account', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}
