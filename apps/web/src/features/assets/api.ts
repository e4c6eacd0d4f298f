import {
  OBJECT_ID_RE,
  type PixelMode,
  type RecordingStatus,
  type TApiSource,
  type TApiSourceWithToken,
  type TAppDetail,
  type TAppEventInput,
  type TAppList,
  type TAssetEvent,
  type TCreateAppRequest,
  type TCreatePixelRequest,
  type TCreatePixelResponse,
  type TEventReport,
  type TPixelDetail,
  type TPixelEventStatus,
  type TPixelList,
  type TPixelStatis,
  type TUpdateAppRequest,
  type TUpdatePixelRequest,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';

/** The list filters of the cards pages (and the events home with a large page). */
export interface AssetListFilters {
  q: string;
  status: RecordingStatus | null;
  page: number;
  pageSize: number;
}

export interface DateRange {
  start_date: string;
  end_date: string;
}

/** Every key starts with the account: switching accounts never shows another account's assets. */
export const assetKeys = {
  all: ['assets'] as const,
  account: (adv: number | null) => [...assetKeys.all, adv] as const,
  apps: (adv: number | null, filters: AssetListFilters) =>
    [...assetKeys.account(adv), 'apps', filters] as const,
  app: (adv: number | null, id: string) => [...assetKeys.account(adv), 'app', id] as const,
  appReport: (adv: number | null, id: string, range: DateRange) =>
    [...assetKeys.account(adv), 'app', id, 'report', range] as const,
  pixels: (adv: number | null, mode: PixelMode, filters: AssetListFilters) =>
    [...assetKeys.account(adv), 'pixels', mode, filters] as const,
  pixel: (adv: number | null, id: string) => [...assetKeys.account(adv), 'pixel', id] as const,
  pixelStatus: (adv: number | null, id: string) =>
    [...assetKeys.account(adv), 'pixel', id, 'status'] as const,
  pixelStatis: (adv: number | null, id: string, range: DateRange) =>
    [...assetKeys.account(adv), 'pixel', id, 'statis', range] as const,
  pixelReport: (adv: number | null, id: string, range: DateRange) =>
    [...assetKeys.account(adv), 'pixel', id, 'report', range] as const,
};

/** Queries about one asset run only for an id that can name one (a malformed link is not found). */
const canAsk = (adv: number | null, id: string) => adv !== null && OBJECT_ID_RE.test(id);

const listQuery = (filters: AssetListFilters) => ({
  q: filters.q,
  status: filters.status ?? undefined,
  page: filters.page,
  page_size: filters.pageSize,
});

/** GET /scaler/v3/app: the account's apps, newest first. */
export function useApps(adv: number | null, filters: AssetListFilters) {
  return useQuery({
    queryKey: assetKeys.apps(adv, filters),
    queryFn: () => request<TAppList>('/scaler/v3/app', { query: listQuery(filters) }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /scaler/v3/pixel?mode=: web pixels (1) or API event sources (2), newest first. */
export function usePixels(adv: number | null, mode: PixelMode, filters: AssetListFilters) {
  return useQuery({
    queryKey: assetKeys.pixels(adv, mode, filters),
    queryFn: () => request<TPixelList>('/scaler/v3/pixel', { query: { ...listQuery(filters), mode } }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
}

/** The detail pages show a failed load themselves (gone, or the message): no toast (`silent`). */
export function useApp(adv: number | null, id: string) {
  return useQuery({
    queryKey: assetKeys.app(adv, id),
    queryFn: () => request<TAppDetail>('/scaler/v3/app', { query: { _id: id }, silent: true }),
    enabled: canAsk(adv, id),
  });
}

export function usePixel(adv: number | null, id: string) {
  return useQuery({
    queryKey: assetKeys.pixel(adv, id),
    queryFn: () => request<TPixelDetail>('/scaler/v3/pixel', { query: { _id: id }, silent: true }),
    enabled: canAsk(adv, id),
  });
}

/** GET /scaler/v3/pixel/event/status: installation and recording status, refreshed while the page is open. */
export function usePixelStatus(adv: number | null, id: string) {
  return useQuery({
    queryKey: assetKeys.pixelStatus(adv, id),
    queryFn: () => request<TPixelEventStatus>('/scaler/v3/pixel/event/status', { query: { pixel_id: id } }),
    enabled: canAsk(adv, id),
    refetchInterval: 30_000,
  });
}

export function useAppReport(adv: number | null, id: string, range: DateRange) {
  return useQuery({
    queryKey: assetKeys.appReport(adv, id, range),
    queryFn: () =>
      request<TEventReport>('/scaler/v3/app/event/report1', {
        query: { app_id: id, ...range },
      }),
    enabled: canAsk(adv, id),
    placeholderData: keepPreviousData,
  });
}

export function usePixelReport(adv: number | null, id: string, range: DateRange) {
  return useQuery({
    queryKey: assetKeys.pixelReport(adv, id, range),
    queryFn: () =>
      request<TEventReport>('/scaler/v3/pixel/event/report1', {
        query: { pixel_id: id, ...range },
      }),
    enabled: canAsk(adv, id),
    placeholderData: keepPreviousData,
  });
}

export function usePixelStatis(adv: number | null, id: string, range: DateRange) {
  return useQuery({
    queryKey: assetKeys.pixelStatis(adv, id, range),
    queryFn: () =>
      request<TPixelStatis>('/scaler/v3/pixel/event/statis', { query: { pixel_id: id, ...range } }),
    enabled: canAsk(adv, id),
    placeholderData: keepPreviousData,
  });
}

/** Every change of an asset refreshes the account's lists and details; callers add their own callbacks. */
function useInvalidateAssets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
}

/** Form submissions show their errors on the fields (`silent`); other calls let the client toast. */
export function useCreateApp() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: TCreateAppRequest) =>
      request<TAppDetail>('/scaler/v3/app', { method: 'POST', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateApp() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: TUpdateAppRequest) =>
      request<TAppDetail>('/scaler/v3/app', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useSetAppEvents() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: { app_id: string; events: TAppEventInput[] }) =>
      request<TAssetEvent[]>('/scaler/v3/app/event', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /scaler/v3/app/postback_token: the old postback URL stops working. */
export function useRotatePostbackToken() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (appId: string) =>
      request<TAppDetail>('/scaler/v3/app/postback_token', { method: 'POST', body: { _id: appId } }),
    onSuccess: invalidate,
  });
}

export function useCreatePixel() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: TCreatePixelRequest) =>
      request<TCreatePixelResponse>('/scaler/v3/pixel', { method: 'POST', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdatePixel() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: TUpdatePixelRequest) =>
      request<TPixelDetail>('/scaler/v3/pixel', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

/** DELETE /scaler/v3/pixel: the pixel leaves every list; its statistics stay. */
export function useDeletePixel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pixelId: string) =>
      request<null>('/scaler/v3/pixel', { method: 'DELETE', body: { _id: pixelId } }),
    onSuccess: async (_data, pixelId) => {
      // The deleted pixel's own queries would answer 404 now: stop them instead of refetching; the
      // caller leaves its page.
      const ofPixel = (key: readonly unknown[]) => key.includes(pixelId);
      await queryClient.cancelQueries({ queryKey: assetKeys.all, predicate: (q) => ofPixel(q.queryKey) });
      // ...and forget them, so going back to one of its pages cannot show the deleted pixel.
      queryClient.removeQueries({ queryKey: assetKeys.all, predicate: (q) => ofPixel(q.queryKey) });
      return queryClient.invalidateQueries({
        queryKey: assetKeys.all,
        predicate: (q) => !ofPixel(q.queryKey),
      });
    },
  });
}

/** POST /scaler/ex/reset_pixel: installation unverified, statuses back to 0, statistics kept. */
export function useResetPixel() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (pixelId: string) =>
      request<TPixelDetail>('/scaler/ex/reset_pixel', { method: 'POST', body: { pixel_id: pixelId } }),
    onSuccess: invalidate,
  });
}

/** POST /scaler/v3/api_source: API access for a pixel that has none; the token is in this answer only. */
export function useCreateApiSource() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: { pixel_id: string; name: string }) =>
      request<TApiSourceWithToken>('/scaler/v3/api_source', { method: 'POST', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useRenameApiSource() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (body: { _id: string; name: string }) =>
      request<TApiSource>('/scaler/v3/api_source', { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /scaler/v3/api_source/rotate: a new token; the old one stops working at once. */
export function useRotateApiToken() {
  const invalidate = useInvalidateAssets();
  return useMutation({
    mutationFn: (sourceId: string) =>
      request<TApiSourceWithToken>('/scaler/v3/api_source/rotate', {
        method: 'POST',
        body: { _id: sourceId },
      }),
    onSuccess: invalidate,
  });
}
