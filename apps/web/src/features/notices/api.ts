import { NOTICE_POLL_MS, type TNoticeList as NoticeList } from '@scaler/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';

export type { TNotice as Notice, TNoticeList as NoticeList } from '@scaler/domain';

export const noticeKeys = {
  all: queryRoot('notices'),
  list: () => [...noticeKeys.all, 'list'] as const,
};

/**
 * GET /scaler/v3/info/msg, polled every ten minutes (spec 9), and again when the user comes back to the
 * tab (an operator's decision taken meanwhile shows without waiting for the next poll).
 */
export function useNotices() {
  // The server writes each notice in the request's language: switching it asks for them anew.
  return useQuery({
    queryKey: useHeadersKey(noticeKeys.list()),
    queryFn: () => request<NoticeList>('/scaler/v3/info/msg', { silent: true }),
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useClearNotices() {
  return useMutation({
    mutationFn: (ids?: number[]) =>
      request<null>('/scaler/v3/info/msg/clear', { method: 'POST', body: ids ? { ids } : {} }),
    onSuccess: useInvalidate('notice.read'),
  });
}
