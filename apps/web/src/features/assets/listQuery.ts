import { RECORDING_STATUSES, type RecordingStatus } from '@scaler/domain';
import { type ListFilterOptions, readListFilters, writeListFilters } from '../../lib/listFilters';
import type { AssetListFilters } from './api';

export const CARD_PAGE_SIZES = [12, 24, 48, 96] as const;
const OPTIONS: ListFilterOptions<RecordingStatus> = {
  statuses: RECORDING_STATUSES,
  pageSizes: CARD_PAGE_SIZES,
  defaultPageSize: 12,
};

/** The cards' filters from the URL query (`q`, `status`, `page`, `page_size`); anything invalid is ignored. */
export const readAssetFilters = (search: string): AssetListFilters => readListFilters(search, OPTIONS);

/** The query string with `patch` applied, keeping `org`, `adv` and the rest; defaults are left out. */
export const writeAssetFilters = (search: string, patch: Partial<AssetListFilters>): string =>
  writeListFilters(search, patch, OPTIONS);
