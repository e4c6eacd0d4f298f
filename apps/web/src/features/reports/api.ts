import type {
  TCreativeGalleryPage,
  TReportAnswer,
  TReportEvent,
  TReportRequestInput,
  TReportTemplate,
  TReportTemplateInput,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

export const reportKeys = {
  all: queryRoot('reports'),
  custom: (adv: number | null, body: TReportRequestInput) =>
    [...reportKeys.all, adv, 'custom', body] as const,
};

/** POST /scaler/v3/report/custom; the key carries the time zone, report type and view headers. */
export function useCustomReport(adv: number | null, body: TReportRequestInput, enabled = true) {
  return useQuery({
    queryKey: useHeadersKey(reportKeys.custom(adv, body)),
    queryFn: ({ signal }) =>
      request<TReportAnswer>('/scaler/v3/report/custom', { method: 'POST', body, signal }),
    enabled: adv !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every row of a report, page by page (5,000 a page), for an export. */
export async function fetchAllRows(body: TReportRequestInput, max = 100_000): Promise<TReportAnswer['list']> {
  const rows: TReportAnswer['list'] = [];
  for (let page = 1; rows.length < max; page++) {
    const answer = await request<TReportAnswer>('/scaler/v3/report/custom', {
      method: 'POST',
      body: { ...body, page, page_size: 5000 },
    });
    rows.push(...answer.list);
    if (answer.list.length < 5000 || rows.length >= answer.total) break;
  }
  return rows;
}

export function useReportTemplates(page: string) {
  return useQuery({
    queryKey: [...reportKeys.all, 'templates', page] as const,
    queryFn: () => request<TReportTemplate[]>('/scaler/v3/report/templates', { query: { page } }),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportTemplateInput) =>
      request<TReportTemplate>('/scaler/v3/report/templates', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...reportKeys.all, 'templates'] }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/scaler/v3/report/templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...reportKeys.all, 'templates'] }),
  });
}

/** The account's custom events whose id or name contains `q` (at most 50), for the column chooser. */
export function useReportEventSearch(adv: number | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: useHeadersKey([...reportKeys.all, adv, 'events', 'q', q] as const),
    queryFn: ({ signal }) => request<TReportEvent[]>('/scaler/v3/report/events', { query: { q }, signal }),
    enabled: adv !== null && enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Custom events by their ids (a report opened from a link names its event columns and filter). */
export function useReportEventNames(adv: number | null, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: useHeadersKey([...reportKeys.all, adv, 'events', 'ids', sorted.join(',')] as const),
    queryFn: ({ signal }) =>
      request<TReportEvent[]>('/scaler/v3/report/events', { query: { ids: sorted.join(',') }, signal }),
    enabled: adv !== null && sorted.length > 0,
    staleTime: 60_000,
  });
}

/** Creatives whose name or id contains `q` (the creative gallery's search, 20 at most), for the filter. */
export function useCreativeSearch(adv: number | null, q: string) {
  return useQuery({
    queryKey: useHeadersKey([...reportKeys.all, adv, 'creatives', q] as const),
    queryFn: ({ signal }) =>
      request<TCreativeGalleryPage>('/scaler/v3/creative/gallery', {
        query: { q, page_size: 20 },
        signal,
      }),
    select: (page: TCreativeGalleryPage) => page.list,
    enabled: adv !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
