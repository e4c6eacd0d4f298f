import type { TInvitation, TMember } from '@scaler/domain';

export const MEMBER_TABS = ['members', 'invitations'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export interface MemberListQuery {
  q: string;
  tab: MemberTab;
}

/** The members page state in the URL: `q` (search) and `tab`; anything unknown falls back. */
export function readMemberQuery(search: string): MemberListQuery {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 64),
    tab: (MEMBER_TABS as readonly string[]).includes(tab ?? '') ? (tab as MemberTab) : 'members',
  };
}

/** The query string with `patch` applied, keeping `org`, `adv` and the rest; defaults are left out. */
export function writeMemberQuery(search: string, patch: Partial<MemberListQuery>): string {
  const params = new URLSearchParams(search);
  const next = { ...readMemberQuery(search), ...patch };
  if (next.q.trim()) params.set('q', next.q.trim());
  else params.delete('q');
  if (next.tab === 'members') params.delete('tab');
  else params.set('tab', next.tab);
  const out = params.toString();
  return out ? `?${out}` : '';
}

const matches = (q: string, ...values: string[]) => {
  const needle = q.trim().toLowerCase();
  return needle === '' || values.some((v) => v.toLowerCase().includes(needle));
};

/** Members whose name or e-mail contains the search (case-insensitive), longest-standing first. */
export function filterMembers(members: readonly TMember[], q: string): TMember[] {
  return members
    .filter((m) => matches(q, m.name, m.email))
    .sort((a, b) => a.joined_at.localeCompare(b.joined_at) || a.email.localeCompare(b.email));
}

export function filterInvitations(invitations: readonly TInvitation[], q: string): TInvitation[] {
  return invitations.filter((i) => matches(q, i.email, i.invited_by));
}

/** A pending invitation whose link no longer works (the server may not have marked it yet). */
export function isExpired(invitation: Pick<TInvitation, 'status' | 'expires_at'>, now = Date.now()): boolean {
  return invitation.status === 'expired' || new Date(invitation.expires_at).getTime() <= now;
}
