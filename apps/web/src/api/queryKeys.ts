import { useMemo, useSyncExternalStore } from 'react';
import i18n from '../i18n';
import { subscribePreferences } from '../lib/preferences';
import { answerHeaders } from './headers';

/** The answer-changing headers as the last part of a query key (see `answerHeaders`). */
export type HeadersKeyPart = ReturnType<typeof answerHeaders>;

function subscribe(listener: () => void): () => void {
  const unsubscribe = subscribePreferences(listener);
  i18n.on('languageChanged', listener);
  return () => {
    unsubscribe();
    i18n.off('languageChanged', listener);
  };
}

/** A string, so React sees a change only when a header really changes. */
const snapshot = () => JSON.stringify(answerHeaders());

/** `key` followed by the headers sent with the call, built from the same values as the headers. */
export function withHeaders<K extends readonly unknown[]>(
  key: K,
  headers: HeadersKeyPart = answerHeaders(),
): readonly [...K, HeadersKeyPart] {
  return [...key, headers] as const;
}

/**
 * The query key of anything whose answer the language, report time zone, report type or markup view
 * change (reports, figures, translated event names): the key changes with them, so the query refetches
 * on its own when the user picks another setting, and two settings never share a cached answer. The
 * component re-renders on such a change.
 */
export function useHeadersKey<K extends readonly unknown[]>(key: K): readonly [...K, HeadersKeyPart] {
  const current = useSyncExternalStore(subscribe, snapshot);
  const headers = useMemo(() => JSON.parse(current) as HeadersKeyPart, [current]);
  return withHeaders(key, headers);
}
