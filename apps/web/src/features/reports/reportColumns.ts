import { REPORT_ROAS, type ReportDimension, STANDARD_APP_EVENTS, STANDARD_WEB_EVENTS } from '@scaler/domain';

/**
 * The custom report's columns by the groups of spec 3 that apply to a report (basic, page, app_event,
 * roas; goal and time are settings of the lists): which show by default (event, revenue and ROAS
 * columns are hidden), and the user's remembered choice (local storage, per user), which a report
 * opened without `cols` in its URL takes.
 */

export const REPORT_COLUMN_GROUPS = ['basic', 'page', 'app_event', 'roas'] as const;
export type ReportColumnGroup = (typeof REPORT_COLUMN_GROUPS)[number];

/** The retention days offered (spec 3's labels); the server answers d0…d30. */
export const RETENTION_COLUMNS = ['d0', 'd1', 'd3', 'd7', 'd14', 'd30'] as const;

/** Metric columns of each group (the event groups add four columns per chosen event). */
export const GROUP_METRICS: Record<ReportColumnGroup, readonly string[]> = {
  basic: ['gmv', 'impression', 'clicks', 'ctr', 'cvr', 'actives', 'cpi', 'ecpm'],
  page: [],
  app_event: ['advertiser_revenue1', 'advertiser_final_revenue'],
  roas: [...REPORT_ROAS, ...RETENTION_COLUMNS],
};
export const DEFAULT_COLS: readonly string[] = GROUP_METRICS.basic;
const KNOWN = new Set(Object.values(GROUP_METRICS).flat());
export const COHORT_COLS = new Set<string>(GROUP_METRICS.roas);

/** Standard events offered per group: web events on pages, app events in apps (some are both). */
export const PAGE_EVENTS = STANDARD_WEB_EVENTS.map((e) => e.event_type);
export const APP_EVENTS = STANDARD_APP_EVENTS.map((e) => e.event_type);
export const STANDARD_EVENT_TYPES = new Set([...PAGE_EVENTS, ...APP_EVENTS]);
/** At most this many events as columns (the server's limit). */
export const MAX_EVENT_COLUMNS = 20;

/** The visible metric columns, in the order of their groups (`gmv_fee` follows the center, after cost). */
export function visibleMetrics(cols: readonly string[] | null, showFee: boolean): string[] {
  const chosen = new Set((cols ?? DEFAULT_COLS).filter((c) => KNOWN.has(c)));
  const out = REPORT_COLUMN_GROUPS.flatMap((g) => GROUP_METRICS[g].filter((c) => chosen.has(c)));
  if (showFee) out.splice(out.includes('gmv') ? out.indexOf('gmv') + 1 : 0, 0, 'gmv_fee');
  return out;
}

/** ROAS and retention come from the install cohorts: not by hour or publisher, nor for some hours. */
export function cohortAllowed(
  dims: readonly ReportDimension[],
  filters: { bundles: readonly string[]; hours: readonly number[] },
): boolean {
  return (
    !dims.includes('hour') &&
    !dims.includes('bundle') &&
    filters.bundles.length === 0 &&
    filters.hours.length === 0
  );
}

export interface ColumnChoice {
  cols: string[];
  events: string[];
}

const storageKey = (userId: string) => `SC-REPORT-COLUMNS:${userId}`;

/** The user's remembered columns, or null (none yet, or unreadable). Unknown keys are dropped. */
export function loadChoice(userId: string | null): ColumnChoice | null {
  if (!userId) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (!stored || !Array.isArray(stored.cols) || !Array.isArray(stored.events)) return null;
    return {
      cols: stored.cols.filter((c: unknown): c is string => typeof c === 'string' && KNOWN.has(c)),
      events: stored.events
        .filter((e: unknown): e is string => typeof e === 'string' && /^[a-z][a-z0-9_]{0,63}$/i.test(e))
        .slice(0, MAX_EVENT_COLUMNS),
    };
  } catch {
    return null;
  }
}

export function saveChoice(userId: string | null, choice: ColumnChoice): void {
  if (!userId) return;
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(choice));
  } catch {
    // Storage full or off: the choice still lives in the URL.
  }
}
