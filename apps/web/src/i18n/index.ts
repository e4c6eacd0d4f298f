import { type Locale, normalizeLocale } from '@scaler/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLocale, storeLocale } from '../lib/preferences';
import { NAMESPACES, resources } from './resources';

export function dayjsLocale(locale: Locale): string {
  return locale === 'zh-CN' ? 'zh-cn' : 'en';
}

function applyDocumentLocale(locale: Locale): void {
  dayjs.locale(dayjsLocale(locale));
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

i18n.use(initReactI18next).init({
  resources,
  lng: getStoredLocale(),
  fallbackLng: 'en-US',
  supportedLngs: ['en-US', 'zh-CN'],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyDocumentLocale(currentLocale());
i18n.on('languageChanged', (lng) => applyDocumentLocale(normalizeLocale(lng)));

export function currentLocale(): Locale {
  return normalizeLocale(i18n.language);
}

/** Switches the interface language at once and keeps it for the next visit (SC-LOCALE). */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * Translates a dotted message key of the domain (`validation.email`, `errors.no_adv`) or of the console
 * (`shell.x`); the first segment is the namespace. Text that is not a known key is returned as is.
 */
export function translateKey(key: string, params?: Record<string, unknown>): string {
  const dot = key.indexOf('.');
  if (dot <= 0) return key;
  const full = `${key.slice(0, dot)}:${key.slice(dot + 1)}`;
  const t = i18n.t as unknown as (k: string, o?: Record<string, unknown>) => string;
  return i18n.exists(full) ? t(full, params) : key;
}

export default i18n;
