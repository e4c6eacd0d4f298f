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

/** The request of a report query's key (`reportKeys.custom`), if it is one. */
const bodyOfKey = (key: readonly unknown[] | undefined): TReportRequestInput | undefined =>
  key?.find(
    (part): part is TReportRequestInput =>
      typeof part === 'object' && part !== null && 'dimensions' in part && 'start_date' in part,
  );

/** The same dimensions in the same order: rows of one answer are rows of the other's shape. */
export const sameDimensions = (a: TReportRequestInput | undefined, b: TReportRequestInput) =>
  a !== undefined && a.dimensions.join(',') === b.dimensions.join(',');

/**
 * POST /scaler/v3/report/custom; the key carries the time zone, report type and view headers. While the
 * next page, sort or filter loads, the previous answer stays on screen, but only when it has the same
 * dimensions: rows of other dimensions would be drawn in the new columns (and under keys that collide).
 */
export function useCustomReport(adv: number | null, body: TReportRequestInput, enabled = true) {
  return useQuery({
    queryKey: useHeadersKey(reportKeys.custom(adv, body)),
    queryFn: ({ signal }) =>
      request<TReportAnswer>('/scaler/v3/report/custom', { method: 'POST', body, signal }),
    enabled: adv !== null && enabled,
    placeholderData: (previous, previousQuery) =>
      sameDimensions(bodyOfKey(previousQuery?.queryKey), body) ? previous : undefined,
  });
}

/** Every row of a report, page by page (5,000 a page), and its totals, for an export. */
export async function fetchAllRows(
  body: TReportRequestInput,
  max = 100_000,
): Promise<{ rows: TReportAnswer['list']; totals: TReportAnswer['totals'] }> {
  const rows: TReportAnswer['list'] = [];
  let totals: TReportAnswer['totals'] = {};
  for (let page = 1; rows.length < max; page++) {
    const answer = await request<TReportAnswer>('/scaler/v3/report/custom', {
      method: 'POST',
      body: { ...body, page, page_size: 5000 },
    });
    if (page === 1) totals = answer.totals;
    rows.push(...answer.list);
    if (answer.list.length < 5000 || rows.length >= answer.total) break;
  }
  return { rows, totals };
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
