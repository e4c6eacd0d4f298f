import { expect, test } from 'vitest';
import { ZMarkupRequest } from './advertisers';
import { ZCommissionRequest } from './business-centers';
import { ZInviteMembersRequest } from './members';
import { ZAdvReviewRequest, ZCenterReviewRequest } from './reviews';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

test('invitations: a non-empty list of valid, distinct e-mails', () => {
  expect(ZInviteMembersRequest.parse({ emails: [' A@Example.com'], org_role: 'org_user' })).toEqual({
    emails: ['a@example.com'],
    org_role: 'org_user',
    advs: [],
  });
  expect(messages(ZInviteMembersRequest.safeParse({ emails: [], org_role: 'org_user' }))).toContain(
    'validation.email',
  );
  expect(
    messages(ZInviteMembersRequest.safeParse({ emails: ['a@b.co', 'x'], org_role: 'org_user' })),
  ).toContain('validation.email');
  expect(
    messages(ZInviteMembersRequest.safeParse({ emails: ['a@b.co', 'A@b.co'], org_role: 'org_user' })),
  ).toContain('validation.duplicates');
  expect(
    messages(
      ZInviteMembersRequest.safeParse({
        emails: ['a@b.co'],
        org_role: 'org_user',
        advs: [
          { adv_id: 1, adv_role: 'role_analyst' },
          { adv_id: 1, adv_role: 'role_operator' },
        ],
      }),
    ),
  ).toContain('validation.duplicates');
});

test('commission rate is a fraction with at most four decimals', () => {
  const base = { show_commission: true, use_commission: true, effective_time: null };
  expect(ZCommissionRequest.safeParse({ ...base, commission_rate: 0.05 }).success).toBe(true);
  expect(ZCommissionRequest.safeParse({ ...base, commission_rate: 0.1234 }).success).toBe(true);
  expect(messages(ZCommissionRequest.safeParse({ ...base, commission_rate: 1.5 }))).toContain(
    'validation.commission_rate',
  );
  expect(ZCommissionRequest.safeParse({ ...base, commission_rate: 0.12345 }).success).toBe(false);
});

test('markup end date may not precede its start', () => {
  expect(ZMarkupRequest.safeParse({ ratio: 0.1, start_date: '2026-02-01', end_date: null }).success).toBe(
    true,
  );
  expect(
    messages(ZMarkupRequest.safeParse({ ratio: 0.1, start_date: '2026-02-01', end_date: '2026-01-31' })),
  ).toEqual(['validation.date_order']);
});

test('rejections, stops and disables need a reason; approvals do not', () => {
  expect(ZAdvReviewRequest.safeParse({ status: 1 }).success).toBe(true);
  expect(messages(ZAdvReviewRequest.safeParse({ status: 2 }))).toEqual(['validation.reason_required']);
  expect(ZAdvReviewRequest.safeParse({ status: 0, reason: 'x' }).success).toBe(false);
  expect(messages(ZCenterReviewRequest.safeParse({ decision: 'reject', reason: ' ' }))).toEqual([
    'validation.reason_required',
  ]);
});
