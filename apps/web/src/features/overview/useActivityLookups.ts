import { useCenterAccounts, useInvitationList, useMemberList } from '../members/api';
import { usePartners } from '../partners/api';
import type { ActivityLookups } from './activityText';

/** The largest page the members calls give: names for the log's first hundred members and invitations. */
const FIRST_PAGE = { page: 1, pageSize: 100 };

/** Names for the ids in the log, from lists an admin can load (members, invitations, accounts, partners). */
export function useActivityLookups(org: number | null, enabled: boolean): ActivityLookups {
  const scope = enabled ? org : null;
  const members = useMemberList(scope, FIRST_PAGE).data;
  const invitations = useInvitationList(scope, FIRST_PAGE).data;
  const accounts = useCenterAccounts(scope).data;
  const partners = usePartners(scope).data;
  return {
    members: new Map(members?.list.map((m) => [m._id, m.name ? `${m.name} (${m.email})` : m.email]) ?? []),
    invitations: new Map(invitations?.list.map((i) => [String(i.id), i.email]) ?? []),
    accounts: new Map(accounts?.map((a) => [String(a.adv_id), a.adv_name]) ?? []),
    partners: new Map(partners?.partners.map((p) => [String(p.org_id), p.org_name]) ?? []),
  };
}
