import type {
  TAppOption,
  TAssetEvent,
  TAudienceInput,
  TAudienceList,
  TAudienceSaved,
  TCheckAudienceAnswer,
  TPixelOption,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

/** The most audiences a picker lists (an account has a few dozen; the server pages past that). */
export const PICKER_PAGE_SIZE = 500;

/** Every key starts with the account: switching accounts never shows another account's audiences. */
export const audienceKeys = {
  all: queryRoot('audiences'),
  account: (adv: number | null) => [...audienceKeys.all, adv] as const,
  list: (adv: number | null) => [...audienceKeys.account(adv), 'list'] as const,
  reach: (
    adv: number | null,
    include: readonly number[],
    exclude: readonly number[],
    version: string | null,
  ) => [...audienceKeys.account(adv), 'reach', include, exclude, version] as const,
  assets: (adv: number | null, kind: AssetKind) => [...audienceKeys.account(adv), 'assets', kind] as const,
  events: (adv: number | null, kind: AssetKind, id: string) =>
    [...audienceKeys.account(adv), 'events', kind, id] as const,
};

export type AssetKind = 'app' | 'pixel';

/** The `adv-id` header of a picker given its account explicitly (else the URL's account is sent). */
const accountHeader = (adv: number | null, explicit: boolean) =>
  explicit && adv !== null ? { 'adv-id': String(adv) } : undefined;

/** GET /scaler/v3/audiences: the account's audiences, newest first, while any is being built polled. */
export function useAudiences(adv: number | null, explicit = false) {
  return useQuery({
    queryKey: audienceKeys.list(adv),
    queryFn: ({ signal }) =>
      request<TAudienceList>('/scaler/v3/audiences', {
        query: { page: 1, page_size: PICKER_PAGE_SIZE },
        headers: accountHeader(adv, explicit),
        signal,
      }),
    enabled: adv !== null,
    refetchInterval: (query) => (query.state.data?.list.some((a) => a.status === 1) ? 3000 : false),
  });
}

/** PUT /scaler/v3/audience: a new audience from events or from device ids (field errors: the caller's). */
export function useSaveAudience(adv: number | null, explicit = false) {
  return useMutation({
    mutationFn: (body: TAudienceInput) =>
      request<TAudienceSaved>('/scaler/v3/audience', {
        method: 'PUT',
        body,
        silent: true,
        headers: accountHeader(adv, explicit),
      }),
    onSuccess: useInvalidate('audience.change'),
  });
}

/**
 * POST /scaler/v3/adgroup/check/audience: the reach of an include/exclude choice. `version` names the
 * chosen audiences' statuses and sizes, so the reach is asked again when one of them is rebuilt; null
 * while the audiences are not loaded yet.
 */
export function useAudienceReach(
  adv: number | null,
  include: readonly number[],
  exclude: readonly number[],
  version: string | null,
  explicit = false,
) {
  return useQuery({
    queryKey: audienceKeys.reach(adv, include, exclude, version),
    queryFn: () =>
      request<TCheckAudienceAnswer>('/scaler/v3/adgroup/check/audience', {
        method: 'POST',
        body: { audience_include: include, audience_exclude: exclude },
        headers: accountHeader(adv, explicit),
        silent: true,
      }),
    enabled: adv !== null && version !== null && include.length + exclude.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /scaler/v3/utils/apps or pixels: what an events audience can be built from. */
export function useAudienceAssets(adv: number | null, kind: AssetKind, explicit = false) {
  return useQuery({
    queryKey: audienceKeys.assets(adv, kind),
    queryFn: () =>
      request<(TAppOption | TPixelOption)[]>(`/scaler/v3/utils/${kind === 'app' ? 'apps' : 'pixels'}`, {
        headers: accountHeader(adv, explicit),
      }),
    enabled: adv !== null,
  });
}

/** GET /scaler/v3/utils/app_events?app_id= or pixel_events?pixel_id=: names in the reader's language. */
export function useAudienceAssetEvents(
  adv: number | null,
  kind: AssetKind,
  id: string | null,
  explicit = false,
) {
  return useQuery({
    queryKey: useHeadersKey(audienceKeys.events(adv, kind, id ?? '')),
    queryFn: () =>
      request<TAssetEvent[]>(`/scaler/v3/utils/${kind}_events`, {
        query: { [`${kind}_id`]: id },
        headers: accountHeader(adv, explicit),
      }),
    enabled: adv !== null && id !== null,
  });
}
