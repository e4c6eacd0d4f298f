import { isMessageKey } from './errors';
import type { Locale } from './locale';
import { MESSAGES_EN_US } from './messages-en-US';
import { MESSAGES_ZH_CN } from './messages-zh-CN';

export { MESSAGES_EN_US, MESSAGES_ZH_CN };

/**
 * Server-side messages in both languages (`messages-<locale>.ts`: a module per language, so the console
 * loads only its reader's).
 */
export const MESSAGES = { 'en-US': MESSAGES_EN_US, 'zh-CN': MESSAGES_ZH_CN } as const satisfies Record<
  Locale,
  Record<string, string>
>;

/** Resolves a message key in a language, filling {{name}} placeholders. Unknown keys pass through. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[locale][key] : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
