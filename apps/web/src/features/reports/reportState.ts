import { REPORT_DIMENSIONS, REPORT_METRICS, type ReportDimension, type ReportMetric } from '@scaler/domain';

/**
 * The custom report's state in the URL, so a report is shared as a link: dimensions (`dims`, in
 * order), filters (`campaign_ids`, `countries`, `os`), sort, page, page size and the charted metric.
 * The date range is `start`/`end` (see `assets/dateRange`); `org` and `adv` stay untouched. Anything
 * invalid is ignored.
 */

export const REPORT_PAGE_SIZES = [50, 100, 500, 1000, 5000] as const;

export interface ReportState {
  dims: ReportDimension[];
  campaignIds: number[];
  adgroupIds: number[];
  creativeIds: number[];
  bundles: string[];
  countries: string[];
  os: (1 | 2)[];
  sortField: string;
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
  chart: ReportMetric;
  /** Event columns (standard event types or custom event ids), each shown as four columns. */
  events: string[];
  /** ROAS and retention columns. */
  cohort: boolean;
}

export const DEFAULT_DIMS: ReportDimension[] = ['date'];

const list = (v: string | null) => (v ?? '').split(',').filter((x) => x !== '');
const idList = (v: string | null) =>
  list(v)
    .filter((x) => /^\d{1,10}$/.test(x) && Number(x) > 0 && Number(x) <= 2_147_483_647)
    .map(Number)
    .slice(0, 200);

export function readReportState(search: string): ReportState {
  const p = new URLSearchParams(search);
  const dims = [...new Set(list(p.get('dims')))].filter((d): d is ReportDimension =>
    (REPORT_DIMENSIONS as readonly string[]).includes(d),
  );
  const chart = p.get('chart') ?? '';
  const size = Number(p.get('page_size'));
  const page = Number(p.get('page'));
  const sort = p.get('sort') ?? '';
  return {
    dims: dims.length > 0 ? dims.slice(0, 5) : DEFAULT_DIMS,
    campaignIds: idList(p.get('campaign_ids')),
    adgroupIds: idList(p.get('adgroup_ids')),
    creativeIds: idList(p.get('creative_ids')),
    bundles: list(p.get('bundles'))
      .filter((b) => b.length <= 200)
      .slice(0, 200),
    countries: list(p.get('countries'))
      .filter((c) => /^[A-Z]{2}$/.test(c))
      .slice(0, 250),
    os: list(p.get('os'))
      .filter((v) => v === '1' || v === '2')
      .map((v) => Number(v) as 1 | 2),
    sortField: /^[a-z][a-z0-9_]{0,63}$/.test(sort) ? sort : 'gmv',
    sortOrder: p.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1,
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(size) ? size : 50,
    chart: (REPORT_METRICS as readonly string[]).includes(chart) ? (chart as ReportMetric) : 'gmv',
    cohort: p.get('cohort') === '1',
    events: [...new Set(list(p.get('events')))].filter((e) => /^[a-z][a-z0-9_]{0,63}$/i.test(e)).slice(0, 20),
  };
}

/** The search with parts of the state changed; a change of anything but the page goes to page 1. */
export function writeReportState(search: string, next: Partial<ReportState>): string {
  const p = new URLSearchParams(search);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') p.delete(key);
    else p.set(key, value);
  };
  if (next.dims) set('dims', next.dims.join(',') === DEFAULT_DIMS.join(',') ? null : next.dims.join(','));
  if (next.campaignIds) set('campaign_ids', next.campaignIds.join(','));
  if (next.adgroupIds) set('adgroup_ids', next.adgroupIds.join(','));
  if (next.creativeIds) set('creative_ids', next.creativeIds.join(','));
  if (next.bundles) set('bundles', next.bundles.join(','));
  if (next.countries) set('countries', next.countries.join(','));
  if (next.os) set('os', next.os.join(','));
  if (next.sortField !== undefined) set('sort', next.sortField === 'gmv' ? null : next.sortField);
  if (next.sortOrder !== undefined) set('order', next.sortOrder === 'desc' ? null : next.sortOrder);
  if (next.pageSize !== undefined) set('page_size', next.pageSize === 50 ? null : String(next.pageSize));
  if (next.chart !== undefined) set('chart', next.chart === 'gmv' ? null : next.chart);
  if (next.events) set('events', next.events.join(','));
  if (next.cohort !== undefined) set('cohort', next.cohort ? '1' : null);
  const page = next.page ?? 1;
  set('page', page === 1 ? null : String(page));
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** The row keys a dimension shows (its id, and the name beside ids). */
export const DIMENSION_COLUMNS: Record<ReportDimension, { key: string; name?: string }> = {
  date: { key: 'date' },
  hour: { key: 'hour' },
  campaign: { key: 'campaign_id', name: 'campaign_name' },
  adgroup: { key: 'adgroup_id', name: 'adgroup_name' },
  creative: { key: 'creative_id', name: 'creative_name' },
  country: { key: 'country' },
  os: { key: 'os' },
  bundle: { key: 'bundle' },
  app: { key: 'app_id', name: 'app_name' },
  pixel: { key: 'pixel_id', name: 'pixel_name' },
  event: { key: 'event' },
};

/**
 * The detail report of one row (`/report/detail`): the row's dimension values as filters, by date. Time
 * dimensions and app/pixel (not filters of the report) are left out; the range stays.
 */
export function detailLink(
  search: string,
  dims: readonly ReportDimension[],
  row: Record<string, unknown>,
): string {
  const p = new URLSearchParams(search);
  for (const key of [
    'dims',
    'sort',
    'order',
    'page',
    'page_size',
    'campaign_ids',
    'adgroup_ids',
    'creative_ids',
    'countries',
    'os',
    'bundles',
  ]) {
    p.delete(key);
  }
  const put = (key: string, value: unknown) => {
    if (value !== null && value !== undefined && value !== '') p.set(key, String(value));
  };
  for (const d of dims) {
    if (d === 'campaign') put('campaign_ids', row.campaign_id);
    if (d === 'adgroup') put('adgroup_ids', row.adgroup_id);
    if (d === 'creative') put('creative_ids', row.creative_id);
    if (d === 'country') put('countries', row.country);
    if (d === 'os') put('os', row.os);
    if (d === 'bundle') put('bundles', row.bundle);
  }
  return `/report/detail?${p.toString()}`;
}

/** Whether a row can be opened on its own: it has a dimension that is a filter. */
export const hasDetail = (dims: readonly ReportDimension[]) =>
  !dims.includes('event') &&
  dims.some((d) => ['campaign', 'adgroup', 'creative', 'country', 'os', 'bundle'].includes(d));
