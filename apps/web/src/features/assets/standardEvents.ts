import {
  type Locale,
  normalizeLocale,
  STANDARD_EVENTS_VERSION,
  type TStandardEvent,
  type TStandardEventList,
} from '@scaler/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';

/** `web`: GET /scaler/ex/utils/standard_web_event (pixels); `app`: GET /scaler/ex/utils/standard_event. */
export type StandardEventKind = 'web' | 'app';

const PATHS: Record<StandardEventKind, string> = {
  web: '/scaler/ex/utils/standard_web_event',
  app: '/scaler/ex/utils/standard_event',
};

/** The names are in the request language, so each language has its own entry. */
export const standardEventsStorageKey = (kind: StandardEventKind, locale: Locale) =>
  `SC-STANDARD-EVENTS-${kind}-${locale}`;

function isStandardEvent(value: unknown): value is TStandardEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.event_type === 'string' &&
    typeof e.event_name === 'string' &&
    typeof e.event_name_en === 'string'
  );
}

/** A stored or received list is usable when it is of the current version and well formed. */
export function parseStandardEventList(text: string | null): TStandardEvent[] | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const list = (value as Partial<TStandardEventList> | null)?.list;
  if ((value as Partial<TStandardEventList> | null)?.version !== STANDARD_EVENTS_VERSION) return null;
  if (!Array.isArray(list) || list.length === 0 || !list.every(isStandardEvent)) return null;
  return list;
}

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // No storage (private mode, quota): the list is fetched again next time.
  }
}

/**
 * The standard event list from the local cache; fetched (and cached) again when the cache is empty,
 * unparsable or of another version than the console's `STANDARD_EVENTS_VERSION`.
 */
export async function loadStandardEvents(
  kind: StandardEventKind,
  locale: Locale,
  fetchList: (path: string) => Promise<TStandardEventList> = (path) => request<TStandardEventList>(path),
): Promise<TStandardEvent[]> {
  const key = standardEventsStorageKey(kind, locale);
  const cached = parseStandardEventList(readStorage(key));
  if (cached) return cached;
  const fresh = await fetchList(PATHS[kind]);
  const text = JSON.stringify({ version: fresh.version, list: fresh.list });
  const list = parseStandardEventList(text);
  // A server on another version than this console still answers a usable list; it is just not cached.
  if (list) writeStorage(key, text);
  return list ?? (Array.isArray(fresh.list) ? fresh.list.filter(isStandardEvent) : []);
}

export function useStandardEvents(kind: StandardEventKind) {
  const locale = normalizeLocale(useTranslation().i18n.language);
  return useQuery({
    queryKey: ['assets', 'standard-events', kind, locale] as const,
    queryFn: () => loadStandardEvents(kind, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
