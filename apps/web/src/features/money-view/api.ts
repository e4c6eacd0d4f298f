import type { TCommissionHistory, TMarkupHistory } from '@scaler/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';

/**
 * The history of the money settings (decisions 7). Kept under the roots of the settings they belong to
 * (`advertisers` for markup, `business-settings` for commission), so the writes that change them
 * (`advertiser.change`, `center.settings`) refresh their history too.
 */
export const moneyHistoryKeys = {
  markup: (org: number | null, advId: number, page: number) =>
    [...queryRoot('advertisers'), org, 'markup-history', advId, page] as const,
  commission: (org: number | null, page: number) =>
    [...queryRoot('business-settings'), org, 'commission-history', page] as const,
};

export const HISTORY_PAGE_SIZE = 10;

/** GET /scaler/v3/advs/{adv_id}/markup/history (agency admins, own accounts). */
export function useMarkupHistory(org: number | null, advId: number | null, page: number) {
  return useQuery({
    queryKey: moneyHistoryKeys.markup(org, advId ?? 0, page),
    queryFn: () =>
      request<TMarkupHistory>(`/scaler/v3/advs/${advId}/markup/history`, {
        query: { page, page_size: HISTORY_PAGE_SIZE },
      }),
    enabled: org !== null && advId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /scaler/v3/bc/commission/history (who may change the commission). */
export function useCommissionHistory(org: number | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: moneyHistoryKeys.commission(org, page),
    queryFn: () =>
      request<TCommissionHistory>('/scaler/v3/bc/commission/history', {
        query: { page, page_size: HISTORY_PAGE_SIZE },
      }),
    enabled: enabled && org !== null,
    placeholderData: keepPreviousData,
  });
}
