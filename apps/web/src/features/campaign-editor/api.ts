import type {
  MaterialRole,
  TAdGroupDetail,
  TAdGroupInput,
  TAppOption,
  TCampaignDetail,
  TCampaignInput,
  TCheckLinkAnswer,
  TCreativeDetail,
  TCreativeInput,
  TCreativeMaterial,
  TPixelOption,
  TPromotedAsset,
} from '@scaler/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, type Envelope, request } from '../../api/client';
import { contextHeaders } from '../../api/headers';
import { queryRoot, useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';
import { translateKey } from '../../i18n';

/**
 * The create flow and edit forms of `/perf/new`: the three objects, the pickers they need and the
 * creative material upload (with progress). Every read sits under the `campaigns` root, so a save
 * refreshes the lists and the forms alike.
 */
const root = queryRoot('campaigns');
export const editorKeys = {
  campaign: (id: number) => [...root, 'editor', 'campaign', id] as const,
  adgroup: (id: number) => [...root, 'editor', 'adgroup', id] as const,
  creatives: (adgroupId: number) => [...root, 'editor', 'creatives', adgroupId] as const,
  promoted: (campaignId: number) => [...root, 'editor', 'promoted', campaignId] as const,
  picker: (name: string, arg: string | number = '') => [...root, 'editor', 'utils', name, arg] as const,
};

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.campaign(id ?? 0)),
    queryFn: () => request<TCampaignDetail>('/scaler/v3/campaign', { query: { campaign_id: id } }),
    enabled: id !== null,
  });
}

export function useAdGroup(id: number | null) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.adgroup(id ?? 0)),
    queryFn: () => request<TAdGroupDetail>('/scaler/v3/adgroup/info', { query: { adgroup_id: id } }),
    enabled: id !== null,
  });
}

export function useCreatives(adgroupId: number | null) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.creatives(adgroupId ?? 0)),
    queryFn: () => request<TCreativeDetail[]>('/scaler/v3/creative', { query: { adgroup_id: adgroupId } }),
    enabled: adgroupId !== null,
  });
}

/** What the campaign promotes and the events its ad groups can optimise for. */
export function usePromotedAsset(campaignId: number | null) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.promoted(campaignId ?? 0)),
    queryFn: () =>
      request<TPromotedAsset>('/scaler/v3/adgroup/app/info', { query: { campaign_id: campaignId } }),
    enabled: campaignId !== null,
  });
}

export function useAppOptions(enabled: boolean) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.picker('apps')),
    queryFn: () => request<TAppOption[]>('/scaler/v3/utils/apps'),
    enabled,
  });
}

export function usePixelOptions(enabled: boolean) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.picker('pixels')),
    queryFn: () => request<TPixelOption[]>('/scaler/v3/utils/pixels'),
    enabled,
  });
}

/** Countries named in the request language (the key carries the language header). */
export function useCountries() {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.picker('country')),
    queryFn: () => request<{ code: string; name: string }[]>('/scaler/v3/utils/country'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOsVersions(os: number | null) {
  return useQuery({
    queryKey: useHeadersKey(editorKeys.picker('target_os_version', os ?? 0)),
    queryFn: () => request<string[]>('/scaler/v3/utils/target_os_version', { query: { os } }),
    enabled: os === 1 || os === 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveCampaign() {
  return useMutation({
    mutationFn: (body: TCampaignInput) =>
      request<TCampaignDetail>('/scaler/v3/campaign', { method: 'PUT', body, silent: true }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

export function useSaveAdGroup() {
  return useMutation({
    mutationFn: (body: TAdGroupInput) =>
      request<TAdGroupDetail>('/scaler/v3/adgroup', { method: 'PUT', body, silent: true }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

export function useSaveCreative() {
  return useMutation({
    mutationFn: (body: TCreativeInput) =>
      request<TCreativeDetail>('/scaler/v3/creative', { method: 'PUT', body, silent: true }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

export function useCommitCreatives() {
  return useMutation({
    mutationFn: (ids: number[]) =>
      request<{ updated: number }>('/scaler/v3/creative/commit', {
        method: 'POST',
        body: { creative_ids: ids },
      }),
    onSuccess: useInvalidate('campaign.change'),
  });
}

/** `POST /scaler/v3/check/link`: the download-link rule, for the app when given. */
export function checkLink(url: string, appId: string | null): Promise<TCheckLinkAnswer> {
  return request<TCheckLinkAnswer>('/scaler/v3/check/link', {
    method: 'POST',
    body: { url, app_id: appId },
    silent: true,
  });
}

/**
 * `POST /scaler/v3/creative/material?role=`: one material, measured by the server from its bytes. An
 * XMLHttpRequest, not fetch: the form shows the upload's progress. A refused file rejects with the
 * server's message (in the request's language).
 */
export function uploadMaterial(
  role: MaterialRole,
  file: File,
  options: { native?: boolean; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<TCreativeMaterial> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ role, ...(options.native ? { native: '1' } : {}) });
    xhr.open('POST', `/scaler/v3/creative/material?${query.toString()}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(contextHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('network', translateKey('errors.server')));
    xhr.onabort = () => reject(new ApiError('cancelled', 'cancelled'));
    xhr.onload = () => {
      let envelope: Envelope<TCreativeMaterial> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<TCreativeMaterial>;
      } catch {
        envelope = null;
      }
      if (envelope && typeof envelope.code === 'number') {
        if (envelope.code === 0 && xhr.status < 400) return resolve(envelope.data);
        // A broken limit comes as the field message ("The video is 120 s; videos must be 6 to 100 s.").
        const field = (envelope.data as { fields?: { message: string }[] } | null)?.fields?.[0]?.message;
        const text = field ? translateKey(field) : envelope.msg || translateKey('errors.server');
        return reject(new ApiError('business', text, xhr.status, envelope.code, envelope.data));
      }
      reject(new ApiError('http', translateKey('errors.server'), xhr.status));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/** The campaign's ad groups (`campaign/adgroups`): whether what it promotes can still change. */
export function useCampaignAdGroups(campaignId: number | null) {
  return useQuery({
    queryKey: useHeadersKey([...root, 'editor', 'campaign-adgroups', campaignId ?? 0] as const),
    queryFn: () =>
      request<{ adgroup_id: number }[]>('/scaler/v3/campaign/adgroups', {
        query: { campaign_id: campaignId },
      }),
    enabled: campaignId !== null,
  });
}
