import { ADV_STATUS, type AdvStatus, type TReviewLogEntry } from '@scaler/domain';
import type { AccountDecision } from './api';

/**
 * The decisions an operator may take on an account in `status` (spec 4): closed and disabled accounts
 * are final, the current status is never offered, an account in review is approved or rejected (not
 * stopped), an active one stopped (not rejected); disabling stays possible until it is final.
 */
export function accountActions(status: AdvStatus, closed: boolean): AccountDecision[] {
  if (closed) return [];
  switch (status) {
    case ADV_STATUS.review:
      return [ADV_STATUS.active, ADV_STATUS.rejected, ADV_STATUS.disabled];
    case ADV_STATUS.active:
      return [ADV_STATUS.stopped, ADV_STATUS.disabled];
    case ADV_STATUS.rejected:
      return [ADV_STATUS.active, ADV_STATUS.disabled];
    case ADV_STATUS.stopped:
      return [ADV_STATUS.active, ADV_STATUS.disabled];
    default:
      return [];
  }
}

/** Whether a decision needs the operator's reason (everything but approving). */
export const needsReason = (status: AccountDecision): boolean => status !== ADV_STATUS.active;

export const LOG_DECISIONS = [
  'center_approve',
  'center_reject',
  'account_1',
  'account_2',
  'account_3',
  'account_4',
  'topup_confirmed',
  'topup_rejected',
  'credit_line',
] as const;
export type LogDecision = (typeof LOG_DECISIONS)[number];

/** `review.center_approve` → `center_approve`; an action this console does not know → null. */
export function logDecision(action: string): LogDecision | null {
  const key = action.replace(/^review\./, '');
  return (LOG_DECISIONS as readonly string[]).includes(key) ? (key as LogDecision) : null;
}

/** Approvals read green, rejections red, stop orange, disable grey: the tag colour of a decision. */
export function logDecisionColor(decision: LogDecision | null): string {
  if (decision === 'center_approve' || decision === 'account_1' || decision === 'topup_confirmed')
    return 'success';
  if (decision === 'account_3') return 'warning';
  if (decision === 'account_4') return 'default';
  if (decision === 'credit_line') return 'processing';
  return decision ? 'error' : 'default';
}

/** What a log entry decided on: a center (by org_id) or an account (by adv_id, with its center). */
export function logObject(entry: Pick<TReviewLogEntry, 'object_type' | 'object_id' | 'org_id'>): {
  kind: 'center' | 'account';
  id: string;
  org: number | null;
} {
  if (entry.object_type === 'advertiser') return { kind: 'account', id: entry.object_id, org: entry.org_id };
  return { kind: 'center', id: String(entry.org_id ?? entry.object_id), org: entry.org_id };
}

/** The operator's reason recorded with a decision (a top-up's note), if any. */
export function logReason(entry: Pick<TReviewLogEntry, 'after'>): string {
  const reason = entry.after?.reason ?? entry.after?.note;
  return typeof reason === 'string' ? reason : '';
}
