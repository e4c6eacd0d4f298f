import { ORG_STATUS, type OrgStatus, type TVerification } from '@scaler/domain';

export type VerificationState = 'not_submitted' | 'waiting' | 'verified' | 'rejected' | 'disabled';

/** What the verification page tells the center, from its status and history (newest first). */
export function verificationState(status: OrgStatus, history: readonly TVerification[]) {
  const state: VerificationState =
    status === ORG_STATUS.engaged
      ? 'not_submitted'
      : status === ORG_STATUS.review
        ? 'waiting'
        : status === ORG_STATUS.active
          ? 'verified'
          : status === ORG_STATUS.rejected
            ? 'rejected'
            : 'disabled';
  const latest = history[0] ?? null;
  return {
    state,
    /** The operator's reason of the latest rejection, shown while rejected. */
    reason: state === 'rejected' && latest?.status === 'rejected' ? latest.reason : '',
    canSubmit: state === 'not_submitted' || state === 'rejected',
    latest,
  };
}
