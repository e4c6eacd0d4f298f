export const LOCALES = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** Local-storage key of the interface language (spec 1). */
export const LOCALE_STORAGE_KEY = 'SC-LOCALE';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps anything (header, storage, navigator) to a supported locale; English unless it is Chinese. */
export function normalizeLocale(value: unknown): Locale {
  if (isLocale(value)) return value;
  if (typeof value === 'string' && value.toLowerCase().startsWith('zh')) return 'zh-CN';
  return DEFAULT_LOCALE;
}

/** The documentation link: /docs/{lang}/ with lang the first two letters of the locale. */
export function docsLink(locale: string): string {
  return `/docs/${normalizeLocale(locale).slice(0, 2)}/`;
}
