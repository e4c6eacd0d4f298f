import { PERF_LEVELS, type PerfLevel, STATUS_FILTERS } from '@scaler/domain';

/**
 * The `/perf` list's state as it lives in the URL, so every view can be shared as a link: the level
 * (the path), the parents of a drill-down (`campaign_ids`, `adgroup_ids`), status filter, search,
 * sort, page, page size and the date range (`start`, `end`, days of the report time zone). `org` and
 * `adv` stay untouched. Anything invalid is ignored.
 */

export const PAGE_SIZES = [20, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface PerfListState {
  level: PerfLevel;
  campaignIds: number[];
  adgroupIds: number[];
  status: number | null;
  q: string;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const ids = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .filter((v) => /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647)
    .map(Number)
    .slice(0, 100);

const positive = (value: string | null) =>
  value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : null;

export function levelOfPath(pathname: string): PerfLevel {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return (PERF_LEVELS as readonly string[]).includes(last) ? (last as PerfLevel) : 'campaign';
}

export function readListState(pathname: string, search: string): PerfListState {
  const p = new URLSearchParams(search);
  const level = levelOfPath(pathname);
  const status = p.get('status');
  const allowed = STATUS_FILTERS[level] as readonly number[];
  const sortField = p.get('sort') ?? '';
  const size = positive(p.get('page_size'));
  return {
    level,
    campaignIds: ids(p.get('campaign_ids')),
    adgroupIds: ids(p.get('adgroup_ids')),
    status:
      status !== null && /^\d+$/.test(status) && allowed.includes(Number(status)) ? Number(status) : null,
    q: (p.get('q') ?? '').trim().slice(0, 100),
    sortField: /^[a-z][a-z0-9_]{0,63}$/i.test(sortField) ? sortField : 'created_time',
    sortOrder: p.get('order') === 'asc' ? 'asc' : 'desc',
    page: positive(p.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export type ListPatch = Partial<Omit<PerfListState, 'level'>>;

/** The query string with `patch` applied; a changed filter, sort or size goes back to page 1. */
export function writeListState(search: string, patch: ListPatch): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | null) =>
    value === null || value === '' ? p.delete(key) : p.set(key, value);
  if (patch.campaignIds) set('campaign_ids', patch.campaignIds.join(','));
  if (patch.adgroupIds) set('adgroup_ids', patch.adgroupIds.join(','));
  if ('status' in patch)
    set('status', patch.status === null || patch.status === undefined ? null : String(patch.status));
  if (patch.q !== undefined) set('q', patch.q.trim());
  if (patch.sortField !== undefined) set('sort', patch.sortField === 'created_time' ? null : patch.sortField);
  if (patch.sortOrder !== undefined) set('order', patch.sortOrder === 'desc' ? null : patch.sortOrder);
  if (patch.pageSize !== undefined)
    set('page_size', patch.pageSize === DEFAULT_PAGE_SIZE ? null : String(patch.pageSize));
  const resets = Object.keys(patch).some((k) => k !== 'page');
  const page = patch.page ?? (resets ? 1 : null);
  if (page !== null) set('page', page === 1 ? null : String(page));
  const out = p.toString();
  return out ? `?${out}` : '';
}

/** Where a drill-down goes: a campaign's ad groups, an ad group's creatives (the parents kept). */
export function drillDown(
  search: string,
  level: 'adgroup' | 'creative',
  parent: { campaignId: number; adgroupId?: number },
) {
  const p = new URLSearchParams(search);
  for (const key of ['status', 'q', 'sort', 'order', 'page']) p.delete(key);
  p.set('campaign_ids', String(parent.campaignId));
  if (level === 'creative' && parent.adgroupId !== undefined) p.set('adgroup_ids', String(parent.adgroupId));
  else p.delete('adgroup_ids');
  return `/perf/${level}?${p.toString()}`;
}
