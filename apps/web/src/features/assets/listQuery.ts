import { RECORDING_STATUSES, type RecordingStatus } from '@scaler/domain';
import type { AssetListFilters } from './api';

export const CARD_PAGE_SIZES = [12, 24, 48, 96] as const;
const DEFAULT_PAGE_SIZE = 12;

function positiveInt(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The cards' filters from the URL query (`q`, `status`, `page`, `page_size`); anything invalid is ignored. */
export function readAssetFilters(search: string): AssetListFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const pageSize = positiveInt(params.get('page_size'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 64),
    status:
      status !== null && status !== '' && (RECORDING_STATUSES as readonly number[]).includes(Number(status))
        ? (Number(status) as RecordingStatus)
        : null,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize:
      pageSize && (CARD_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The query string with `patch` applied, keeping everything else (`org`, `adv`). A new search, status
 * or page size goes back to page 1; defaults are left out of the URL.
 */
export function writeAssetFilters(search: string, patch: Partial<AssetListFilters>): string {
  const params = new URLSearchParams(search);
  const next = { ...readAssetFilters(search), ...patch };
  if ('q' in patch || 'status' in patch || 'pageSize' in patch) next.page = patch.page ?? 1;
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  };
  set('q', next.q.trim());
  set('status', next.status === null ? null : String(next.status));
  set('page', next.page === 1 ? null : String(next.page));
  set('page_size', next.pageSize === DEFAULT_PAGE_SIZE ? null : String(next.pageSize));
  const out = params.toString();
  return out ? `?${out}` : '';
}
