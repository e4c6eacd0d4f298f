import type {
  AdvStatus,
  TAccountReview,
  TCenterReview,
  TCreativeReviewItem,
  TReviewLogEntry,
  VerificationStatus,
} from '@scaler/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import { queryRoot, useInvalidate } from '../../api/invalidation';

export type AccountDecision = Exclude<AdvStatus, 0>;

export const operatorReviewKeys = {
  all: queryRoot('operator-review'),
  centers: (status?: VerificationStatus) =>
    [...operatorReviewKeys.all, 'centers', ...(status ? [status] : [])] as const,
  accounts: (status?: AdvStatus) =>
    [...operatorReviewKeys.all, 'accounts', ...(status === undefined ? [] : [status])] as const,
  creatives: (status?: string) =>
    [...operatorReviewKeys.all, 'creatives', ...(status ? [status] : [])] as const,
  log: (page?: number, pageSize?: number) =>
    [...operatorReviewKeys.all, 'log', ...(page ? [page, pageSize] : [])] as const,
};

export function useCenterReviews(status: VerificationStatus) {
  return useQuery({
    queryKey: operatorReviewKeys.centers(status),
    queryFn: () => request<TCenterReview[]>('/scaler/sa/centers', { query: { status } }),
  });
}

export function useAccountReviews(status: AdvStatus) {
  return useQuery({
    queryKey: operatorReviewKeys.accounts(status),
    queryFn: () => request<TAccountReview[]>('/scaler/sa/advs', { query: { status } }),
  });
}

export function useReviewLog(page: number, pageSize: number) {
  return useQuery({
    queryKey: operatorReviewKeys.log(page, pageSize),
    queryFn: () => request<TReviewLogEntry[]>('/scaler/sa/log', { query: { page, page_size: pageSize } }),
    placeholderData: (previous) => previous,
  });
}

/** POST /scaler/sa/centers/:org_id/review; the queues and the log change. */
export function useReviewCenter() {
  return useMutation({
    mutationFn: (vars: { orgId: number; decision: 'approve' | 'reject'; reason: string }) =>
      request<null>(`/scaler/sa/centers/${vars.orgId}/review`, {
        method: 'POST',
        body: { decision: vars.decision, reason: vars.reason },
        silent: true,
      }),
    // Settled, not success: a decision someone else took first (404, ADV_TRANSITION) also makes the queue stale.
    onSettled: useInvalidate('review.decision'),
  });
}

/** POST /scaler/sa/advs/:adv_id/status; the account moves to another queue and the log grows. */
export function useSetAccountStatus() {
  return useMutation({
    mutationFn: (vars: { advId: number; status: AccountDecision; reason: string }) =>
      request<null>(`/scaler/sa/advs/${vars.advId}/status`, {
        method: 'POST',
        body: { status: vars.status, reason: vars.reason },
        silent: true,
      }),
    // Settled, not success: a decision someone else took first (404, ADV_TRANSITION) also makes the queue stale.
    onSettled: useInvalidate('review.decision'),
  });
}

/** GET /scaler/account/license_files/:file with the owner the operator reviews. */
export function licenseUrl(file: string, owner: { org_id: number } | { adv_id: number }): string {
  const [key, value] = 'org_id' in owner ? ['org_id', owner.org_id] : ['adv_id', owner.adv_id];
  return `/scaler/account/license_files/${encodeURIComponent(file)}?${key}=${value}`;
}

/** GET /scaler/sa/creatives: creatives waiting for review (or decided ones). */
export function useCreativeReviews(status: 'review' | 'approved' | 'rejected') {
  return useQuery({
    queryKey: operatorReviewKeys.creatives(status),
    queryFn: () => request<TCreativeReviewItem[]>('/scaler/sa/creatives', { query: { status } }),
  });
}

/** POST /scaler/sa/creatives/:id/review: approve, or reject with a reason code (and a text for 1000). */
export function useReviewCreative() {
  return useMutation({
    mutationFn: (vars: { creativeId: number; approve: boolean; reasonCode?: number; reason?: string }) =>
      request<null>(`/scaler/sa/creatives/${vars.creativeId}/review`, {
        method: 'POST',
        body: { approve: vars.approve, reason_code: vars.reasonCode ?? null, reason: vars.reason ?? '' },
        silent: true,
      }),
    onSettled: useInvalidate('review.decision'),
  });
}
