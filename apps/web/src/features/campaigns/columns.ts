import { type Locale, type PerfLevel, STANDARD_APP_EVENTS, STANDARD_WEB_EVENTS } from '@scaler/domain';

/**
 * The list's columns by the groups of spec 3 (goal, time, basic, page, app_event, roas): which exist per
 * level, which show by default (event and ROAS columns are hidden), how each value is formatted
 * (spec 9: money `$0,0.00` with two to four decimals, percentages with two), and the user's choice,
 * kept in local storage per user and level.
 */

export const COLUMN_GROUPS = ['goal', 'time', 'basic', 'page', 'app_event', 'roas'] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];
export type ColumnFormat = 'money' | 'percent' | 'count' | 'date' | 'text' | 'code';

export interface ColumnDef {
  key: string;
  group: ColumnGroup;
  format: ColumnFormat;
  sortable: boolean;
  defaultVisible: boolean;
  /** Event columns: the event and the suffix (`_pv`, `_pv_cpa`, `_uv`, `_uv_cpa`). */
  event?: { type: string; suffix: string };
}

/** Events offered as columns: the usual web and app events (the account's own events come with reports). */
export const WEB_EVENT_COLUMNS = [
  'page_view',
  'view_content',
  'add_to_cart',
  'initiate_checkout',
  'purchase',
] as const;
export const APP_EVENT_COLUMNS = [
  'install',
  'open',
  'registration',
  'purchase',
  'subscribe',
  'achieve_level',
] as const;
const SUFFIXES = ['_pv', '_pv_cpa', '_uv', '_uv_cpa'] as const;

const col = (
  key: string,
  group: ColumnGroup,
  format: ColumnFormat,
  sortable = true,
  defaultVisible = true,
): ColumnDef => ({
  key,
  group,
  format,
  sortable,
  defaultVisible,
});

const eventCols = (group: 'page' | 'app_event', types: readonly string[]): ColumnDef[] =>
  types.flatMap((type) =>
    SUFFIXES.map((suffix) => ({
      key: `${type}${suffix}`,
      group,
      format: suffix.endsWith('cpa') ? ('money' as const) : ('count' as const),
      sortable: true,
      defaultVisible: false,
      event: { type, suffix },
    })),
  );

/**
 * Every column a level can show, in default display order: metrics first (as the ad managers users know
 * show them: cost, delivery, conversions, revenue), then events and ROAS (hidden by default), then the
 * settings (goal, bidding, bid and budgets, editable in place) and the times. Name and status are not
 * here: they come first and stay (`PerfListPage`). `gmv_fee` only when the center shows commission.
 */
export function columnsOf(level: PerfLevel, showFee: boolean): ColumnDef[] {
  const settings: ColumnDef[] = [col('promote_goal', 'goal', 'code', false)];
  if (level !== 'campaign')
    settings.push(col('term_type', 'goal', 'code', false), col('bid_price', 'basic', 'money'));
  settings.push(col('campaign_budget', 'basic', 'money'));
  if (level !== 'campaign') settings.push(col('ad_group_budget', 'basic', 'money'));
  return [
    col('gmv', 'basic', 'money'),
    ...(showFee ? [col('gmv_fee', 'basic', 'money')] : []),
    col('impression', 'basic', 'count'),
    col('clicks', 'basic', 'count'),
    col('ctr', 'basic', 'percent'),
    col('cvr', 'basic', 'percent'),
    col('actives', 'basic', 'count'),
    col('advertiser_revenue1', 'app_event', 'money'),
    col('advertiser_final_revenue', 'app_event', 'money'),
    ...eventCols('page', WEB_EVENT_COLUMNS),
    ...eventCols('app_event', APP_EVENT_COLUMNS),
    ...['roas1', 'roas3', 'roas7', 'roas14'].map((k) => col(k, 'roas', 'percent', true, false)),
    ...settings,
    col('created_time', 'time', 'date'),
    col('updated_time', 'time', 'date', true, false),
  ];
}

const SETTING_KEYS = new Set([
  'promote_goal',
  'term_type',
  'bid_price',
  'campaign_budget',
  'ad_group_budget',
]);
/** Whether a column is a metric (what the list is for), not a setting or a time. */
export const isMetric = (c: ColumnDef) => !SETTING_KEYS.has(c.key) && c.format !== 'date';

/**
 * Widths (px) a column starts with: name, status and the metrics narrow enough that a 1440 × 900 screen
 * (about 1,170 px of table beside the side menu) shows the selection, name, status and eight metrics.
 */
export const NAME_WIDTH = 200;
export const STATUS_WIDTH = 120;
const METRIC_WIDTHS: Record<string, number> = {
  gmv: 100,
  gmv_fee: 100,
  impression: 120,
  clicks: 90,
  ctr: 80,
  cvr: 80,
  actives: 90,
  advertiser_revenue1: 110,
  advertiser_final_revenue: 100,
};
export function defaultWidth(c: ColumnDef): number {
  if (c.format === 'date') return 160;
  if (c.event) return 120;
  return METRIC_WIDTHS[c.key] ?? (isMetric(c) ? 100 : 120);
}
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 600;

/**
 * The user's arrangement of a level's columns: their order (every column of the level, the visible
 * ones among them) and the widths they set (by key; `name` and `status` too).
 */
export interface ColumnLayout {
  order: string[];
  widths: Record<string, number>;
}

const layoutKey = (userId: string, level: PerfLevel) => `SC-PERF-LAYOUT:${userId}:${level}`;

/** The stored layout, cleaned: unknown keys dropped, new columns in their default place, widths bounded. */
export function loadLayout(
  userId: string | null,
  level: PerfLevel,
  columns: readonly ColumnDef[],
): ColumnLayout {
  // Web and app events share some types (`purchase`): one column per key.
  const defaults = [...new Set(columns.map((c) => c.key))];
  const fallback: ColumnLayout = { order: defaults, widths: {} };
  if (!userId) return fallback;
  try {
    const stored = JSON.parse(localStorage.getItem(layoutKey(userId, level)) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return fallback;
    const { order, widths } = stored as { order?: unknown; widths?: unknown };
    const known = new Set(defaults);
    const kept = Array.isArray(order)
      ? [...new Set(order.filter((k): k is string => typeof k === 'string' && known.has(k)))]
      : [];
    // A column the stored order does not know yet goes after its default predecessor.
    const out = [...kept];
    defaults.forEach((key, i) => {
      if (out.includes(key)) return;
      const before = defaults
        .slice(0, i)
        .reverse()
        .find((k) => out.includes(k));
      out.splice(before === undefined ? 0 : out.indexOf(before) + 1, 0, key);
    });
    const w: Record<string, number> = {};
    if (typeof widths === 'object' && widths !== null) {
      for (const [k, v] of Object.entries(widths)) {
        if ((known.has(k) || k === 'name' || k === 'status') && typeof v === 'number' && Number.isFinite(v))
          w[k] = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(v)));
      }
    }
    return { order: out, widths: w };
  } catch {
    return fallback;
  }
}

export function saveLayout(userId: string | null, level: PerfLevel, layout: ColumnLayout): void {
  if (!userId) return;
  try {
    localStorage.setItem(layoutKey(userId, level), JSON.stringify(layout));
  } catch {
    // Storage unavailable (private mode): the layout lasts for the page only.
  }
}

/** `order` with `key` moved one place among the visible columns (-1 left, +1 right). */
export function moveColumn(
  order: readonly string[],
  visible: ReadonlySet<string>,
  key: string,
  by: -1 | 1,
): string[] {
  const shown = order.filter((k) => visible.has(k));
  const i = shown.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= shown.length) return [...order];
  return placeColumn(order, key, shown[j], by === 1 ? 'after' : 'before');
}

/** `order` with `key` put before or after `target` (a header dropped on another). */
export function placeColumn(
  order: readonly string[],
  key: string,
  target: string,
  where: 'before' | 'after',
): string[] {
  if (key === target || !order.includes(key) || !order.includes(target)) return [...order];
  const out = order.filter((k) => k !== key);
  const at = out.indexOf(target) + (where === 'after' ? 1 : 0);
  out.splice(at, 0, key);
  return out;
}

/** Event types the visible columns need from the server (list2's `events`). */
export function eventsOf(columns: readonly ColumnDef[], visible: ReadonlySet<string>): string[] {
  return [
    ...new Set(columns.filter((c) => c.event && visible.has(c.key)).map((c) => c.event?.type as string)),
  ];
}

export function eventName(type: string, locale: Locale): string {
  const def = [...STANDARD_WEB_EVENTS, ...STANDARD_APP_EVENTS].find((e) => e.event_type === type);
  return def ? def.names[locale] : type;
}

const storageKey = (userId: string, level: PerfLevel) => `SC-PERF-COLUMNS:${userId}:${level}`;

/** The user's visible columns for a level, or the defaults. Unknown keys in storage are dropped. */
export function loadVisible(
  userId: string | null,
  level: PerfLevel,
  columns: readonly ColumnDef[],
): Set<string> {
  const defaults = new Set(columns.filter((c) => c.defaultVisible).map((c) => c.key));
  if (!userId) return defaults;
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId, level)) ?? 'null');
    if (!Array.isArray(stored)) return defaults;
    const known = new Set(columns.map((c) => c.key));
    const chosen = stored.filter((k): k is string => typeof k === 'string' && known.has(k));
    // gmv_fee follows the center's setting, not the user's list.
    if (defaults.has('gmv_fee')) chosen.push('gmv_fee');
    return new Set(chosen);
  } catch {
    return defaults;
  }
}

export function saveVisible(userId: string | null, level: PerfLevel, visible: ReadonlySet<string>): void {
  if (!userId) return;
  localStorage.setItem(storageKey(userId, level), JSON.stringify([...visible]));
}

const formats = new Map<string, Intl.NumberFormat>();
/** One formatter per kind and locale (building one costs more than formatting: tables format thousands). */
function numberFormat(key: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${key}|${locale}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(id, format);
  }
  return format;
}

export function formatValue(format: ColumnFormat, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  switch (format) {
    case 'money': {
      const decimals = Math.abs(n) > 0 && Math.abs(n) < 1 ? 4 : 2;
      return `$${numberFormat(`money${decimals}`, 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: decimals }).format(n)}`;
    }
    case 'percent':
      return `${numberFormat('percent', 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n * 100)}%`;
    case 'count':
      return numberFormat('count', locale, {}).format(n);
    case 'date':
      return String(value).replace('T', ' ').slice(0, 19);
    default:
      return String(value);
  }
}
