import { type Locale, normalizeLocale } from '@scaler/domain';
import type { ConfigProviderProps } from 'antd';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { getStoredLocale, storeLocale } from '../lib/preferences';
import type { Namespace } from './resources';

export { NAMESPACES, type Namespace } from './resources';

export function dayjsLocale(locale: Locale): string {
  return locale === 'zh-CN' ? 'zh-cn' : 'en';
}

/** Namespaces every page needs (layouts, menus, the API client's messages): loaded before the first render. */
export const CORE_NAMESPACES = [
  'common',
  'shell',
  'menu',
  'errors',
  'validation',
] as const satisfies readonly Namespace[];

/**
 * The domain's server messages of one language with the given prefix, without it (`errors.forbidden` →
 * `forbidden`); each language's are a chunk of their own, so a reader loads only theirs.
 */
async function domainMessages(
  locale: Locale,
  prefix: 'errors' | 'validation' | 'tracking' | 'creative' | 'finance',
): Promise<Record<string, string>> {
  const { default: messages } = await (locale === 'zh-CN'
    ? import('./domain-messages/zh-CN')
    : import('./domain-messages/en-US'));
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(messages)) {
    if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = text;
  }
  return out;
}

/**
 * One namespace of one language, fetched when first needed: each `locales/<lng>/<ns>.json` is a chunk of
 * its own, so a page loads only its language's strings of the namespaces it uses.
 */
async function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  const locale = normalizeLocale(lng);
  // The tracking endpoints' refusals (the live panels): the domain's messages only.
  if (ns === 'tracking' || ns === 'creative') return domainMessages(locale, ns);
  const json = (await import(`./locales/${locale}/${ns}.json`)).default as Record<string, unknown>;
  return ns === 'errors' || ns === 'validation' || ns === 'finance'
    ? { ...(await domainMessages(locale, ns)), ...json }
    : json;
}

type AntdLocale = ConfigProviderProps['locale'];

/** antd's texts (pagination, pickers, empty states) for Chinese readers; undefined: antd's English. */
let antdLocale: AntdLocale | undefined;
export function currentAntdLocale(): AntdLocale | undefined {
  return antdLocale;
}

/** The locale dayjs was last set to: `en` is its built-in default. */
let dayjsApplied = 'en';

/**
 * The Chinese locales of dayjs and antd are fetched with the Chinese strings, never for English
 * readers, and before the language switches, so no component renders half in English. dayjs itself
 * is only loaded here when its locale must change (a Chinese reader; an English one after switching
 * back): the pages that show dates load it with their code.
 */
async function loadLibraryLocales(locale: Locale): Promise<void> {
  const dayjsTarget = dayjsLocale(locale);
  const setDayjs = async () => {
    if (dayjsTarget === dayjsApplied) return;
    const [{ default: dayjs }] = await Promise.all([
      import('dayjs'),
      dayjsTarget === 'zh-cn' ? import('dayjs/locale/zh-cn') : undefined,
    ]);
    dayjs.locale(dayjsTarget);
    dayjsApplied = dayjsTarget;
  };
  if (locale !== 'zh-CN') {
    antdLocale = undefined;
    await setDayjs();
    return;
  }
  const [antd] = await Promise.all([import('antd/locale/zh_CN'), setDayjs()]);
  antdLocale = antd.default;
}

function applyDocumentLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
i18n.on('languageChanged', (lng) => applyDocumentLocale(normalizeLocale(lng)));

/** Resolves once the current language's core namespaces are loaded: the app renders after it. */
export const i18nReady: Promise<void> = Promise.all([
  loadLibraryLocales(getStoredLocale()),
  i18n
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      lng: getStoredLocale(),
      supportedLngs: ['en-US', 'zh-CN'],
      // Only the current language is fetched: no English fallback for a Chinese reader (both languages
      // have every key, which `npm run i18n:check` enforces).
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      fallbackNS: false,
      interpolation: { escapeValue: false },
      // A component whose namespace is still loading suspends (a loading spinner shows in the layout),
      // so no untranslated key is ever on screen.
      react: { useSuspense: true },
    }),
]).then(() => applyDocumentLocale(currentLocale()));

export function currentLocale(): Locale {
  return normalizeLocale(i18n.language);
}

/** Loads namespaces of the current language (a route does it with its code, before it renders). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/**
 * Switches the interface language and keeps it for the next visit (SC-LOCALE). Every namespace loaded so
 * far is fetched in the new language first, so the page switches at once, fully translated.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await loadLibraryLocales(locale);
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
