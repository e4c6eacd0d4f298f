import { LIVE_EVENTS_LIMIT, LIVE_POLL_MS, type TLiveEvent, type TLiveEvents } from '@scaler/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { request } from '../../api/client';
import { assetKeys } from './api';

export type LiveKind = 'app' | 'pixel';

const byIdDesc = (a: TLiveEvent, b: TLiveEvent) => {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x === y ? 0 : x > y ? -1 : 1;
};

/** New events in front of the ones shown, each id once, newest first, at most `limit`. */
export function mergeLiveEvents(
  shown: readonly TLiveEvent[],
  incoming: readonly TLiveEvent[],
  limit = LIVE_EVENTS_LIMIT,
): TLiveEvent[] {
  const byId = new Map<string, TLiveEvent>();
  for (const e of [...shown, ...incoming]) byId.set(e.id, e);
  return [...byId.values()].sort(byIdDesc).slice(0, limit);
}

/** The cursor of the next poll: the newest id seen (ids are increasing bigints as strings). */
export const newestLiveId = (shown: readonly TLiveEvent[]): string | undefined => shown[0]?.id;

/** The later of two cursors. */
export const laterCursor = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined ? b : b === undefined ? a : BigInt(a) >= BigInt(b) ? a : b;

export const liveKeys = {
  asset: (adv: number | null, kind: LiveKind, assetId: string) =>
    ['assets', adv, 'live', kind, assetId] as const,
};

/**
 * GET /scaler/v3/tracking/live every `LIVE_POLL_MS` with the newest id seen: the panel's list grows at
 * the top and keeps the last 50. Polling stops on an error (the panel offers a retry) and while paused.
 */
export function useLiveEvents(adv: number | null, kind: LiveKind, assetId: string, paused: boolean) {
  const queryClient = useQueryClient();
  const queryKey = liveKeys.asset(adv, kind, assetId);
  // The newest id seen, kept apart from the rows: after "Clear" the panel shows only what arrives next.
  const cursor = useRef<string | undefined>(undefined);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const shown = queryClient.getQueryData<TLiveEvent[]>(queryKey) ?? [];
      const loadedBefore = (queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0;
      const answer = await request<TLiveEvents>('/scaler/v3/tracking/live', {
        query: { kind, asset_id: assetId, after: laterCursor(cursor.current, newestLiveId(shown)) },
        signal,
        // The panel shows its own error state; a toast every two seconds would help nobody.
        silent: true,
      });
      const incoming = answer.list ?? [];
      // A new counted event changes the asset's recording status, statistics and report: show them
      // without waiting (every query under the asset's key).
      if (loadedBefore && incoming.some((e) => e.accepted)) {
        const key = kind === 'app' ? assetKeys.app(adv, assetId) : assetKeys.pixel(adv, assetId);
        void queryClient.invalidateQueries({ queryKey: key });
      }
      cursor.current = laterCursor(cursor.current, newestLiveId(mergeLiveEvents([], incoming)));
      // Read the rows again: "Clear" may have emptied them while this poll was under way.
      return mergeLiveEvents(queryClient.getQueryData<TLiveEvent[]>(queryKey) ?? [], incoming);
    },
    enabled: adv !== null && !paused,
    refetchInterval: (q) => (q.state.status === 'error' ? false : LIVE_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return {
    ...query,
    clear: () => queryClient.setQueryData<TLiveEvent[]>(queryKey, []),
  };
}
