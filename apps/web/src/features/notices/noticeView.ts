import { ADV_STATUS, ORG_STATUS } from '@scaler/domain';
import { withContext } from '../../lib/context';
import type { Notice } from './api';

export const NOTICE_KINDS = [
  'invitation',
  'account',
  'verification',
  'partner',
  'creative',
  'finance',
  'other',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export type NoticeTone = 'success' | 'error' | 'warning' | 'info';
export type NoticeOutcome =
  | 'approved'
  | 'rejected'
  | 'stopped'
  | 'disabled'
  | 'accepted'
  | 'partner_added'
  | 'shares_changed'
  | 'partner_removed'
  | 'request_received'
  | 'request_accepted'
  | 'request_declined'
  | 'request_cancelled'
  | 'topup_confirmed'
  | 'topup_rejected'
  | 'low_balance';
export type NoticeLinkTarget =
  | 'accounts'
  | 'verification'
  | 'partners'
  | 'members'
  | 'creatives'
  | 'payment'
  | 'finance';

export interface NoticeView {
  kind: NoticeKind;
  tone: NoticeTone;
  /** What happened, for the tag beside the kind; null when the code is not one the console knows. */
  outcome: NoticeOutcome | null;
  link: { to: string; target: NoticeLinkTarget } | null;
}

const ACCOUNT_OUTCOMES: Partial<Record<number, [NoticeOutcome, NoticeTone]>> = {
  [ADV_STATUS.active]: ['approved', 'success'],
  [ADV_STATUS.rejected]: ['rejected', 'error'],
  [ADV_STATUS.stopped]: ['stopped', 'warning'],
  [ADV_STATUS.disabled]: ['disabled', 'error'],
};
const VERIFICATION_OUTCOMES: Partial<Record<number, [NoticeOutcome, NoticeTone]>> = {
  [ORG_STATUS.active]: ['approved', 'success'],
  [ORG_STATUS.rejected]: ['rejected', 'error'],
};
const PARTNER_OUTCOMES: Partial<Record<number, [NoticeOutcome, NoticeTone]>> = {
  1: ['partner_added', 'success'],
  2: ['shares_changed', 'info'],
  3: ['partner_removed', 'warning'],
  4: ['request_received', 'info'],
  5: ['request_accepted', 'success'],
  6: ['request_declined', 'warning'],
  7: ['request_cancelled', 'info'],
};
const INVITATION_OUTCOMES: Partial<Record<number, [NoticeOutcome, NoticeTone]>> = {
  1: ['accepted', 'success'],
};

/** A creative's review: code 3 approved, 2 rejected (its reason in the notice's `reason`). */
const CREATIVE_OUTCOMES: Partial<Record<number, [NoticeOutcome, NoticeTone]>> = {
  3: ['approved', 'success'],
  2: ['rejected', 'error'],
};

/**
 * Money: a top-up an operator decided (code 1 confirmed, the wallet was credited; 2 rejected, the reason
 * in `reason`), or an account's balance fell below its alert threshold (3).
 */
const FINANCE_OUTCOMES: Partial<Record<number, [NoticeOutcome, NoticeTone]>> = {
  1: ['topup_confirmed', 'success'],
  2: ['topup_rejected', 'error'],
  3: ['low_balance', 'warning'],
};

const OUTCOMES: Record<Exclude<NoticeKind, 'other'>, Partial<Record<number, [NoticeOutcome, NoticeTone]>>> = {
  account: ACCOUNT_OUTCOMES,
  finance: FINANCE_OUTCOMES,
  verification: VERIFICATION_OUTCOMES,
  partner: PARTNER_OUTCOMES,
  invitation: INVITATION_OUTCOMES,
  creative: CREATIVE_OUTCOMES,
};

function kindOf(type: string): NoticeKind {
  return (NOTICE_KINDS as readonly string[]).includes(type) ? (type as NoticeKind) : 'other';
}

/** Where a notice leads: the center's accounts, verification, partners, members or top-ups page. */
function linkOf(notice: Notice, kind: NoticeKind): NoticeView['link'] {
  const org = notice.org_id;
  if (org === null) return null;
  const at = (path: string, target: NoticeLinkTarget) => ({ to: withContext(path, { org }), target });
  if (kind === 'creative' && notice.adv !== null)
    return { to: withContext('/perf/creative', { org, adv: notice.adv }), target: 'creatives' };
  if (kind === 'finance' && notice.code === 3) return at('/finance/index', 'finance');
  if (kind === 'finance') return at('/manage/payment', 'payment');
  if (notice.adv !== null) return at('/manage/account', 'accounts');
  if (kind === 'verification') return at('/manage/verify', 'verification');
  if (kind === 'partner') return at('/manage/partner', 'partners');
  if (kind === 'invitation') return at('/manage/members', 'members');
  return null;
}

/** The icon, colour, outcome and link of a notice (spec 3 fields: type, code, adv, org_id). */
export function noticeView(notice: Notice): NoticeView {
  const kind = kindOf(notice.type);
  const known = kind === 'other' ? undefined : OUTCOMES[kind][notice.code];
  return {
    kind,
    tone: known?.[1] ?? 'info',
    outcome: known?.[0] ?? null,
    link: linkOf(notice, kind),
  };
}
