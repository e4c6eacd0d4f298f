import type { OrgAccess, TOrgSummary } from '@scaler/domain';

/** What `orgCan` needs of the current center (user_info `orgs`). */
export function orgAccessOf(org: Pick<TOrgSummary, 'org_role' | 'org_type' | 'org_status'>): OrgAccess {
  return { orgRole: org.org_role, orgType: org.org_type, orgStatus: org.org_status };
}
