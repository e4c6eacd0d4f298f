import { ADV_STATUSES, type AdvStatus } from '@scaler/domain';
import { type ListFilterOptions, readListFilters, writeListFilters } from '../../lib/listFilters';
import type { AdvertiserFilters } from './api';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const OPTIONS: ListFilterOptions<AdvStatus> = {
  statuses: ADV_STATUSES,
  pageSizes: PAGE_SIZES,
  defaultPageSize: 20,
};

/** The list's filters from the URL query (`q`, `status`, `page`, `page_size`); anything invalid is ignored. */
export const readAdvertiserFilters = (search: string): AdvertiserFilters => readListFilters(search, OPTIONS);

/** The query string with `patch` applied, keeping `org`, `adv` and the rest; defaults are left out. */
export const writeAdvertiserFilters = (search: string, patch: Partial<AdvertiserFilters>): string =>
  writeListFilters(search, patch, OPTIONS);
