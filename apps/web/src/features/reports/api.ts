import type { TReportAnswer, TReportRequestInput, TReportTemplate, TReportTemplateInput } from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

export const reportKeys = {
  all: queryRoot('reports'),
  custom: (adv: number | null, body: TReportRequestInput) => [...reportKeys.all, adv, 'custom', body] as const,
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
