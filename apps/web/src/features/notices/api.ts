import { type Locale, NOTICE_POLL_MS, type TNoticeList as NoticeList, normalizeLocale } from '@scaler/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';

export type { TNotice as Notice, TNoticeList as NoticeList } from '@scaler/domain';

export const noticeKeys = {
  all: ['notices'] as const,
  /** The server writes each notice in the request's language: another language is another answer. */
  list: (locale: Locale) => [...noticeKeys.all, 'list', locale] as const,
};

/**
 * GET /scaler/v3/info/msg, polled every ten minutes (spec 9), and again when the user comes back to the
 * tab (an operator's decision taken meanwhile shows without waiting for the next poll).
 */
export function useNotices() {
  // The interface language: switching it asks for the notices in the new language.
  const locale = normalizeLocale(useTranslation().i18n.language);
  return useQuery({
    queryKey: noticeKeys.list(locale),
    queryFn: () => request<NoticeList>('/scaler/v3/info/msg', { silent: true }),
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useClearNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      request<null>('/scaler/v3/info/msg/clear', { method: 'POST', body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
