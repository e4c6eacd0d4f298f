import { OBJECT_TYPES } from './activityText';
import type { ActivityFilters } from './api';

export const ACTIVITY_PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

const positiveInt = (value: string | null) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** The log's filter and page from the URL (`object_type`, `page`, `page_size`); anything invalid is ignored. */
export function readActivityFilters(search: string): ActivityFilters {
  const params = new URLSearchParams(search);
  const type = params.get('object_type');
  const size = positiveInt(params.get('page_size'));
  return {
    objectType: type && (OBJECT_TYPES as readonly string[]).includes(type) ? type : null,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size && (ACTIVITY_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The query with `patch` applied, keeping `org`/`adv`; a new filter or page size goes back to page 1. */
export function writeActivityFilters(search: string, patch: Partial<ActivityFilters>): string {
  const params = new URLSearchParams(search);
  const next = { ...readActivityFilters(search), ...patch };
  if ('objectType' in patch || 'pageSize' in patch) next.page = patch.page ?? 1;
  const set = (key: string, value: string | null) => (value ? params.set(key, value) : params.delete(key));
  set('object_type', next.objectType);
  set('page', next.page === 1 ? null : String(next.page));
  set('page_size', next.pageSize === DEFAULT_PAGE_SIZE ? null : String(next.pageSize));
  const out = params.toString();
  return out ? `?${out}` : '';
}
