/** A list's filters as they live in the URL: a search, a status, the page and its size. */
export interface ListFilters<S extends number> {
  q: string;
  status: S | null;
  page: number;
  pageSize: number;
}

export interface ListFilterOptions<S extends number> {
  statuses: readonly S[];
  pageSizes: readonly number[];
  defaultPageSize: number;
}

function positiveInt(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The filters from the URL query (`q`, `status`, `page`, `page_size`); anything invalid is ignored. */
export function readListFilters<S extends number>(
  search: string,
  options: ListFilterOptions<S>,
): ListFilters<S> {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const pageSize = positiveInt(params.get('page_size'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 64),
    status:
      status !== null && status !== '' && (options.statuses as readonly number[]).includes(Number(status))
        ? (Number(status) as S)
        : null,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: pageSize && options.pageSizes.includes(pageSize) ? pageSize : options.defaultPageSize,
  };
}

/**
 * The query string with `patch` applied, keeping everything else (`org`, `adv`). A new search, status
 * or page size goes back to page 1; defaults are left out of the URL.
 */
export function writeListFilters<S extends number>(
  search: string,
  patch: Partial<ListFilters<S>>,
  options: ListFilterOptions<S>,
): string {
  const params = new URLSearchParams(search);
  const next = { ...readListFilters(search, options), ...patch };
  if ('q' in patch || 'status' in patch || 'pageSize' in patch) next.page = patch.page ?? 1;
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  };
  set('q', next.q.trim());
  set('status', next.status === null ? null : String(next.status));
  set('page', next.page === 1 ? null : String(next.page));
  set('page_size', next.pageSize === options.defaultPageSize ? null : String(next.pageSize));
  const out = params.toString();
  return out ? `?${out}` : '';
}
