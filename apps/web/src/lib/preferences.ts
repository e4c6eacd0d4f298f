import {
  DEFAULT_LOCALE,
  DEFAULT_REPORT_TYPE,
  DEFAULT_TIME_ZONE,
  LOCALE_STORAGE_KEY,
  type Locale,
  normalizeLocale,
  REPORT_TYPES,
  type ReportType,
  TIME_ZONE_CHOICES,
} from '@scaler/domain';

/** Local-storage keys of the global settings dialog (the language key comes from the domain). */
export const TIME_ZONE_STORAGE_KEY = 'SC-TIMEZONE';
export const REPORT_TYPE_STORAGE_KEY = 'SC-REPORT-TYPE';
export const VIEW_ROLE_STORAGE_KEY = 'SC-VIEW-ROLE';
export const SIDE_MENU_COLLAPSED_KEY = 'SC-MENU-COLLAPSED';
export const TABLE_DENSITY_KEY = 'SC-TABLE-DENSITY';

export const VIEW_ROLES = ['agent', 'advertiser'] as const;
export type ViewRole = (typeof VIEW_ROLES)[number];

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever a preference changes (what the request headers and query keys are made of). */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the setting then lasts for the page only.
  }
  changed();
}

export function getStoredLocale(): Locale {
  const stored = read(LOCALE_STORAGE_KEY);
  return stored ? normalizeLocale(stored) : DEFAULT_LOCALE;
}
export function storeLocale(locale: Locale): void {
  write(LOCALE_STORAGE_KEY, locale);
}

export function getTimeZoneChoice(): string {
  const stored = read(TIME_ZONE_STORAGE_KEY);
  return stored && TIME_ZONE_CHOICES.includes(stored) ? stored : DEFAULT_TIME_ZONE;
}
export function storeTimeZoneChoice(choice: string): void {
  write(TIME_ZONE_STORAGE_KEY, choice);
}

export function getReportType(): ReportType {
  const stored = read(REPORT_TYPE_STORAGE_KEY);
  return (REPORT_TYPES as readonly string[]).includes(stored ?? '')
    ? (stored as ReportType)
    : DEFAULT_REPORT_TYPE;
}
export function storeReportType(value: ReportType): void {
  write(REPORT_TYPE_STORAGE_KEY, value);
}

export function getViewRole(): ViewRole {
  return read(VIEW_ROLE_STORAGE_KEY) === 'advertiser' ? 'advertiser' : 'agent';
}
export function storeViewRole(value: ViewRole): void {
  write(VIEW_ROLE_STORAGE_KEY, value);
}

/** Table rows: antd's comfortable default, or compact for dense data (the global settings' switch). */
export const TABLE_DENSITIES = ['comfortable', 'compact'] as const;
export type TableDensity = (typeof TABLE_DENSITIES)[number];
export function getTableDensity(): TableDensity {
  return read(TABLE_DENSITY_KEY) === 'compact' ? 'compact' : 'comfortable';
}
export function storeTableDensity(value: TableDensity): void {
  write(TABLE_DENSITY_KEY, value);
}

export function getMenuCollapsed(): boolean {
  return read(SIDE_MENU_COLLAPSED_KEY) === '1';
}
export function storeMenuCollapsed(collapsed: boolean): void {
  write(SIDE_MENU_COLLAPSED_KEY, collapsed ? '1' : '0');
}

/**
 * Whether the signed-in user may preview the Advertiser view in the current center (org admin with
 * markup on). The shell sets it once user info is known; the API client reads it for the `mark` header.
 */
let markEligible = false;
export function setMarkEligible(value: boolean): void {
  if (markEligible === value) return;
  markEligible = value;
  changed();
}
export function markHeaderValue(): '0' | '1' {
  return markEligible && getViewRole() === 'advertiser' ? '1' : '0';
}
