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

export const VIEW_ROLES = ['agent', 'advertiser'] as const;
export type ViewRole = (typeof VIEW_ROLES)[number];

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the setting then lasts for the page only.
  }
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
  markEligible = value;
}
export function markHeaderValue(): '0' | '1' {
  return markEligible && getViewRole() === 'advertiser' ? '1' : '0';
}
