import { ORG_ROLES, type OrgRole, type TInvitation } from '@scaler/domain';
import { type ListFilterOptions, readListFilters } from '../../lib/listFilters';

export const MEMBER_TABS = ['members', 'invitations'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The members page state in the URL: tab, search, role (members tab), page and page size. */
export interface MemberListQuery {
  tab: MemberTab;
  q: string;
  orgRole: OrgRole | null;
  page: number;
  pageSize: number;
}

const OPTIONS: ListFilterOptions<never> = { statuses: [], pageSizes: PAGE_SIZES, defaultPageSize: 20 };

/** Reads `tab`, `q`, `org_role`, `page` and `page_size`; anything unknown falls back to the default. */
export function readMemberQuery(search: string): MemberListQuery {
  const params = new URLSearchParams(search);
  const { q, page, pageSize } = readListFilters(search, OPTIONS);
  const tab = params.get('tab') ?? '';
  const role = params.get('org_role') ?? '';
  const isTab = (MEMBER_TABS as readonly string[]).includes(tab);
  return {
    tab: isTab ? (tab as MemberTab) : 'members',
    q,
    orgRole: (ORG_ROLES as readonly string[]).includes(role) ? (role as OrgRole) : null,
    page,
    pageSize,
  };
}

/**
 * The query string with `patch` applied, keeping `org`, `adv` and the rest. Another tab starts afresh;
 * a new search, role or page size goes back to page 1; defaults are left out of the URL.
 */
export function writeMemberQuery(search: string, patch: Partial<MemberListQuery>): string {
  const current = readMemberQuery(search);
  const next = { ...current, ...patch };
  if (next.tab !== current.tab) Object.assign(next, { q: patch.q ?? '', orgRole: null, page: 1 });
  else if (patch.page === undefined && ('q' in patch || 'orgRole' in patch || 'pageSize' in patch)) {
    next.page = 1;
  }
  const params = new URLSearchParams(search);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  };
  set('tab', next.tab === 'members' ? null : next.tab);
  set('q', next.q.trim());
  set('org_role', next.tab === 'members' ? next.orgRole : null);
  set('page', next.page === 1 ? null : String(next.page));
  set('page_size', next.pageSize === OPTIONS.defaultPageSize ? null : String(next.pageSize));
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** A pending invitation whose link no longer works (the server may not have marked it yet). */
export function isExpired(invitation: Pick<TInvitation, 'status' | 'expires_at'>, now = Date.now()): boolean {
  return invitation.status === 'expired' || new Date(invitation.expires_at).getTime() <= now;
}
