import { expect, test } from 'vitest';
import type { Notice } from './api';
import { noticeView } from './noticeView';

const notice = (patch: Partial<Notice>): Notice => ({
  id: 1,
  type: 'account',
  code: 1,
  creat_id: 'op',
  reason: '',
  adv: null,
  org_id: null,
  msg: 'text',
  time: '2026-11-23T01:00:00.000Z',
  ...patch,
});

test('an approved account is green and links to the accounts of its center', () => {
  expect(noticeView(notice({ type: 'account', code: 1, adv: 1000003, org_id: 100001 }))).toEqual({
    kind: 'account',
    tone: 'success',
    outcome: 'approved',
    link: { to: '/manage/account?org=100001', target: 'accounts' },
  });
});

test('rejected, stopped and disabled accounts read as warnings or errors', () => {
  expect(noticeView(notice({ code: 2, adv: 1, org_id: 2 }))).toMatchObject({
    tone: 'error',
    outcome: 'rejected',
  });
  expect(noticeView(notice({ code: 3, adv: 1, org_id: 2 }))).toMatchObject({
    tone: 'warning',
    outcome: 'stopped',
  });
  expect(noticeView(notice({ code: 4, adv: 1, org_id: 2 }))).toMatchObject({
    tone: 'error',
    outcome: 'disabled',
  });
});

test('a verification result links to the verification page of the center', () => {
  const approved = noticeView(notice({ type: 'verification', code: 1, org_id: 100003 }));
  expect(approved).toMatchObject({ kind: 'verification', tone: 'success', outcome: 'approved' });
  expect(approved.link).toEqual({ to: '/manage/verify?org=100003', target: 'verification' });
  const rejected = noticeView(notice({ type: 'verification', code: 3, org_id: 100003 }));
  expect(rejected).toMatchObject({ tone: 'error', outcome: 'rejected' });
});

test('an account notice without a center has no link', () => {
  expect(noticeView(notice({ adv: 1000003, org_id: null })).link).toBeNull();
});

test('partner and invitation notices lead to partners and members', () => {
  expect(noticeView(notice({ type: 'partner', code: 3, org_id: 100002 }))).toMatchObject({
    kind: 'partner',
    tone: 'warning',
    outcome: 'partner_removed',
    link: { to: '/manage/partner?org=100002', target: 'partners' },
  });
  expect(noticeView(notice({ type: 'invitation', code: 1, org_id: 100001 })).link?.to).toBe(
    '/manage/members?org=100001',
  );
});

test('an unknown type or code falls back to a neutral notice', () => {
  expect(noticeView(notice({ type: 'billing', code: 9, org_id: 1 }))).toEqual({
    kind: 'other',
    tone: 'info',
    outcome: null,
    link: null,
  });
  expect(noticeView(notice({ type: 'account', code: 0 }))).toMatchObject({ outcome: null, tone: 'info' });
});

test('partner requests: received, accepted, declined and withdrawn lead to the partners page', () => {
  const view = (code: number) => noticeView(notice({ type: 'partner', code, org_id: 100002 }));
  expect(view(4)).toMatchObject({ tone: 'info', outcome: 'request_received' });
  expect(view(4).link).toEqual({ to: '/manage/partner?org=100002', target: 'partners' });
  expect(view(5)).toMatchObject({ tone: 'success', outcome: 'request_accepted' });
  expect(view(6)).toMatchObject({ tone: 'warning', outcome: 'request_declined' });
  expect(view(7)).toMatchObject({ tone: 'info', outcome: 'request_cancelled' });
});

test("a creative's review reads as approved or rejected and leads to the account's creatives", () => {
  expect(noticeView(notice({ type: 'creative', code: 2, adv: 1000002, org_id: 100001 }))).toEqual({
    kind: 'creative',
    tone: 'error',
    outcome: 'rejected',
    link: { to: '/perf/creative?org=100001&adv=1000002', target: 'creatives' },
  });
  expect(noticeView(notice({ type: 'creative', code: 3, adv: 1000002, org_id: 100001 }))).toMatchObject({
    tone: 'success',
    outcome: 'approved',
  });
});

test("a top-up decision reads as confirmed or rejected and leads to the center's top-ups; a low balance to the finance center", () => {
  expect(noticeView(notice({ type: 'finance', code: 1, org_id: 100001 }))).toEqual({
    kind: 'finance',
    tone: 'success',
    outcome: 'topup_confirmed',
    link: { to: '/manage/payment?org=100001', target: 'payment' },
  });
  expect(noticeView(notice({ type: 'finance', code: 2, org_id: 100001 }))).toMatchObject({
    kind: 'finance',
    tone: 'error',
    outcome: 'topup_rejected',
    link: { to: '/manage/payment?org=100001', target: 'payment' },
  });
  expect(noticeView(notice({ type: 'finance', code: 3, adv: 1000001, org_id: 100001 }))).toMatchObject({
    tone: 'warning',
    outcome: 'low_balance',
    link: { to: '/finance/index?org=100001', target: 'finance' },
  });
  expect(noticeView(notice({ type: 'finance', code: 9, org_id: 100001 }))).toMatchObject({
    tone: 'info',
    outcome: null,
  });
  expect(noticeView(notice({ type: 'finance', code: 1, org_id: null })).link).toBeNull();
});
