import { REPORT_DIMENSIONS, type ReportDimension } from '@scaler/domain';

/**
 * The custom report's state in the URL, so a report is shared as a link: dimensions (`dims`, in
 * order), filters (`campaign_ids`, `adgroup_ids`, `creative_ids`, `app_ids`, `pixel_ids`, `countries`,
 * `os`, `bundles`, `hours`, `event_filter`), the visible columns (`cols`, `events`), sort, page, page
 * size and the charted metric.
 * The date range is `start`/`end` (see `assets/dateRange`); `org` and `adv` stay untouched. Anything
 * invalid is ignored.
 */

/** An hour of the day as the reports write it (`03:00`). */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export const REPORT_PAGE_SIZES = [50, 100, 500, 1000, 5000] as const;

export interface ReportState {
  dims: ReportDimension[];
  campaignIds: number[];
  adgroupIds: number[];
  creativeIds: number[];
  appIds: string[];
  pixelIds: string[];
  /** Hours of the day (report time zone). */
  hours: number[];
  /** Grouped by event: only these events. */
  eventFilter: string[];
  bundles: string[];
  countries: string[];
  os: (1 | 2)[];
  /** The sort: the user's (`sort`, `order`), or by default the time order (see `defaultSort`). */
  sortField: string;
  sortOrder: 'asc' | 'desc';
  /** Whether the user chose the sort (`sort` in the URL); writing `sortField: ''` goes back to the default. */
  sorted: boolean;
  page: number;
  pageSize: number;
  /** The trend's column: a metric, an event or a cohort column (one not shown falls back to the first). */
  chart: string;
  /** Event columns (standard event types or custom event ids), each shown as four columns. */
  events: string[];
  /** The visible metric columns (`cols`), or null: not in the URL (the user's remembered choice applies). */
  cols: string[] | null;
}

export const DEFAULT_DIMS: ReportDimension[] = ['date'];

const list = (v: string | null) => (v ?? '').split(',').filter((x) => x !== '');
const idList = (v: string | null) =>
  list(v)
    .filter((x) => /^\d{1,10}$/.test(x) && Number(x) > 0 && Number(x) <= 2_147_483_647)
    .map(Number)
    .slice(0, 200);
const assetList = (v: string | null) =>
  list(v)
    .filter((x) => /^[0-9a-f]{24}$/.test(x))
    .slice(0, 200);
const EVENT_RE = /^[a-z][a-z0-9_]{0,63}$/i;

export function readReportState(search: string): ReportState {
  const p = new URLSearchParams(search);
  const dims = [...new Set(list(p.get('dims')))].filter((d): d is ReportDimension =>
    (REPORT_DIMENSIONS as readonly string[]).includes(d),
  );
  const chart = p.get('chart') ?? '';
  const size = Number(p.get('page_size'));
  const page = Number(p.get('page'));
  const shown = dims.length > 0 ? dims.slice(0, 5) : DEFAULT_DIMS;
  const sort = p.get('sort') ?? '';
  // A dimension that is no longer shown cannot sort the rows: the default applies.
  const chosen =
    /^[a-z][a-z0-9_]{0,63}$/.test(sort) &&
    !REPORT_DIMENSIONS.some((d) => DIMENSION_COLUMNS[d].key === sort && !shown.includes(d));
  const fallback = defaultSort(shown);
  return {
    dims: shown,
    campaignIds: idList(p.get('campaign_ids')),
    adgroupIds: idList(p.get('adgroup_ids')),
    creativeIds: idList(p.get('creative_ids')),
    appIds: assetList(p.get('app_ids')),
    pixelIds: assetList(p.get('pixel_ids')),
    hours: [...new Set(list(p.get('hours')))]
      .filter((h) => /^\d{1,2}$/.test(h) && Number(h) <= 23)
      .map(Number)
      .sort((a, b) => a - b),
    eventFilter: [...new Set(list(p.get('event_filter')))].filter((e) => EVENT_RE.test(e)).slice(0, 50),
    bundles: list(p.get('bundles'))
      .filter((b) => b.length <= 200)
      .slice(0, 200),
    countries: list(p.get('countries'))
      .filter((c) => /^[A-Z]{2}$/.test(c))
      .slice(0, 250),
    os: list(p.get('os'))
      .filter((v) => v === '1' || v === '2')
      .map((v) => Number(v) as 1 | 2),
    sortField: chosen ? sort : fallback.field,
    sortOrder: chosen ? (p.get('order') === 'asc' ? 'asc' : 'desc') : fallback.order,
    sorted: chosen,
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1,
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(size) ? size : 50,
    chart: EVENT_RE.test(chart) ? chart : 'gmv',
    events: [...new Set(list(p.get('events')))].filter((e) => EVENT_RE.test(e)).slice(0, 20),
    cols: p.has('cols')
      ? [...new Set(list(p.get('cols')))].filter((c) => EVENT_RE.test(c)).slice(0, 100)
      : null,
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
  if (next.appIds) set('app_ids', next.appIds.join(','));
  if (next.pixelIds) set('pixel_ids', next.pixelIds.join(','));
  if (next.hours) set('hours', next.hours.join(','));
  if (next.eventFilter) set('event_filter', next.eventFilter.join(','));
  if (next.bundles) set('bundles', next.bundles.join(','));
  if (next.countries) set('countries', next.countries.join(','));
  if (next.os) set('os', next.os.join(','));
  if (next.sortField !== undefined) set('sort', next.sortField);
  if (next.sortOrder !== undefined || next.sortField === '')
    set('order', next.sortOrder === 'asc' && next.sortField !== '' ? 'asc' : null);
  if (next.pageSize !== undefined) set('page_size', next.pageSize === 50 ? null : String(next.pageSize));
  if (next.chart !== undefined) set('chart', next.chart === 'gmv' ? null : next.chart);
  if (next.events) set('events', next.events.join(','));
  if (next.cols) p.set('cols', next.cols.join(','));
  const page = next.page ?? 1;
  set('page', page === 1 ? null : String(page));
  const text = p.toString();
  return text ? `?${text}` : '';
}

/**
 * The order of a report the user has not sorted: by time when it has a date or an hour (oldest first,
 * the rows of a day together), by cost otherwise.
 */
export function defaultSort(dims: readonly ReportDimension[]): { field: string; order: 'asc' | 'desc' } {
  if (dims.includes('date')) return { field: 'date', order: 'asc' };
  if (dims.includes('hour')) return { field: 'hour', order: 'asc' };
  return { field: 'gmv', order: 'desc' };
}

/**
 * A row's key: every dimension's name and value, so it is unique among the rows of one answer (the
 * server groups by all of them) and never equal to a key of rows of other dimensions.
 */
export const rowKeyOf = (dims: readonly ReportDimension[], row: Record<string, unknown>): string =>
  dims.map((d) => `${d}:${JSON.stringify(row[DIMENSION_COLUMNS[d].key] ?? null)}`).join('|');

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

/** The filter each dimension's value becomes in a row's detail report. */
const DETAIL_FILTER: Partial<Record<ReportDimension, string>> = {
  campaign: 'campaign_ids',
  adgroup: 'adgroup_ids',
  creative: 'creative_ids',
  country: 'countries',
  os: 'os',
  bundle: 'bundles',
  app: 'app_ids',
  pixel: 'pixel_ids',
  hour: 'hours',
  event: 'event_filter',
};

/**
 * The detail report of one row (`/report/detail`): the row's dimension values as filters, by date (and
 * by event for an event's row: the event filter needs it); the range, the columns and the other filters
 * stay.
 */
export function detailLink(
  search: string,
  dims: readonly ReportDimension[],
  row: Record<string, unknown>,
): string {
  const p = new URLSearchParams(search);
  for (const key of ['dims', 'sort', 'order', 'page', 'page_size']) p.delete(key);
  for (const d of dims) {
    const filter = DETAIL_FILTER[d];
    if (!filter) continue;
    const value = row[DIMENSION_COLUMNS[d].key];
    if (value === null || value === undefined || value === '') p.delete(filter);
    else p.set(filter, String(value));
  }
  if (dims.includes('event')) p.set('dims', 'date,event');
  return `/report/detail?${p.toString()}`;
}

/** Whether a row can be opened on its own: it has a dimension besides the date. */
export const hasDetail = (dims: readonly ReportDimension[]) => dims.some((d) => d !== 'date');

/**
 * Whether this row's detail report is the row's breakdown: every value that becomes a filter is known
 * (an unknown country or publisher cannot be a filter, and leaving it out would open all of them).
 */
export const rowHasDetail = (dims: readonly ReportDimension[], row: Record<string, unknown>) =>
  hasDetail(dims) &&
  dims.every((d) => {
    if (!DETAIL_FILTER[d]) return true;
    const value = row[DIMENSION_COLUMNS[d].key];
    return value !== null && value !== undefined && value !== '';
  });
