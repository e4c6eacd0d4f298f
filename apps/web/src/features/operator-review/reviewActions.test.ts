import { ADV_STATUS } from '@scaler/domain';
import { expect, test } from 'vitest';
import {
  accountActions,
  logDecision,
  logDecisionColor,
  logObject,
  logReason,
  needsReason,
} from './reviewActions';

test('an account in review can be approved, rejected or disabled', () => {
  expect(accountActions(ADV_STATUS.review, false)).toEqual([1, 2, 4]);
});

test('an active account is stopped or disabled, never offered its own status', () => {
  const actions = accountActions(ADV_STATUS.active, false);
  expect(actions).toEqual([3, 4]);
  expect(actions).not.toContain(ADV_STATUS.active);
});

test('rejected and stopped accounts can be approved again or disabled', () => {
  expect(accountActions(ADV_STATUS.rejected, false)).toEqual([1, 4]);
  expect(accountActions(ADV_STATUS.stopped, false)).toEqual([1, 4]);
});

test('closed and disabled accounts offer nothing', () => {
  expect(accountActions(ADV_STATUS.review, true)).toEqual([]);
  expect(accountActions(ADV_STATUS.disabled, false)).toEqual([]);
});

test('only approving goes without a reason', () => {
  expect(needsReason(ADV_STATUS.active)).toBe(false);
  expect(needsReason(ADV_STATUS.rejected)).toBe(true);
  expect(needsReason(ADV_STATUS.disabled)).toBe(true);
});

test('log actions become readable decisions', () => {
  expect(logDecision('review.center_approve')).toBe('center_approve');
  expect(logDecision('review.account_3')).toBe('account_3');
  expect(logDecision('member.join')).toBeNull();
  expect(logDecisionColor('account_1')).toBe('success');
  expect(logDecisionColor('center_reject')).toBe('error');
  expect(logDecisionColor(null)).toBe('default');
});

test('a log entry names its center or account and carries the reason', () => {
  expect(logObject({ object_type: 'verification', object_id: '7', org_id: 100003 })).toEqual({
    kind: 'center',
    id: '100003',
    org: 100003,
  });
  expect(logObject({ object_type: 'advertiser', object_id: '1000003', org_id: 100001 })).toEqual({
    kind: 'account',
    id: '1000003',
    org: 100001,
  });
  expect(logReason({ after: { status: 2, reason: 'Blurry license' } })).toBe('Blurry license');
  expect(logReason({ after: null })).toBe('');
});

test('top-up decisions and credit lines read as decisions, with the note as the reason', () => {
  expect(logDecision('review.topup_confirmed')).toBe('topup_confirmed');
  expect(logDecisionColor('topup_confirmed')).toBe('success');
  expect(logDecisionColor(logDecision('review.topup_rejected'))).toBe('error');
  expect(logDecisionColor(logDecision('review.credit_line'))).toBe('processing');
  expect(logReason({ after: { status: 'rejected', note: 'No transfer arrived' } })).toBe(
    'No transfer arrived',
  );
  expect(logObject({ object_type: 'topup', object_id: '12', org_id: 100001 })).toMatchObject({
    kind: 'center',
    id: '100001',
  });
});
