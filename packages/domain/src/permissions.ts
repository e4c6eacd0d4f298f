import {
  ADV_STATUS,
  type AdvRole,
  type AdvStatus,
  ORG_STATUS,
  ORG_TYPE,
  type OrgRole,
  type OrgStatus,
  type OrgType,
} from './codes';

/** What a member may do inside a business center (spec 6). */
export const ORG_PERMISSIONS = [
  'org.view',
  'org.edit',
  'members.view',
  'members.manage',
  'partners.manage',
  'accounts.view',
  'accounts.create',
  'accounts.manage',
  'finance.view',
  'finance.manage',
  'verify.submit',
  'markup.manage',
] as const;
export type OrgPermission = (typeof ORG_PERMISSIONS)[number];

/** The permission map by business-center role. */
export const ORG_ROLE_PERMISSIONS = {
  org_admin: [...ORG_PERMISSIONS],
  org_user: ['org.view', 'members.view', 'accounts.view'],
} as const satisfies Record<OrgRole, readonly OrgPermission[]>;

/** Permissions an advertiser-type center never has (spec 1, 6). */
const AGENCY_ONLY: readonly OrgPermission[] = [
  'accounts.create',
  'finance.view',
  'finance.manage',
  'verify.submit',
  'markup.manage',
];

/** While a center is not active only its business settings can be reached (spec 4, decisions 3). */
const SETTINGS_ONLY: readonly OrgPermission[] = ['org.view', 'org.edit', 'verify.submit'];

export interface OrgAccess {
  orgRole: OrgRole;
  orgType: OrgType;
  orgStatus: OrgStatus;
}

export function orgCan(access: OrgAccess, permission: OrgPermission): boolean {
  const { orgRole, orgType, orgStatus } = access;
  if (orgStatus === ORG_STATUS.disabled) return permission === 'org.view';
  if (orgStatus !== ORG_STATUS.active) {
    // Review, engaged or rejected: every business-settings item is open regardless of role and type,
    // so any member can complete the center's details and submit it for verification.
    return SETTINGS_ONLY.includes(permission);
  }
  if (orgType === ORG_TYPE.advertiser && AGENCY_ONLY.includes(permission)) return false;
  return (ORG_ROLE_PERMISSIONS[orgRole] as readonly OrgPermission[]).includes(permission);
}

/** What a user may do on one advertiser account. */
export const ADV_PERMISSIONS = [
  'ads.view',
  'ads.edit',
  'assets.view',
  'assets.edit',
  'reports.view',
  'finance.view',
  'money.move',
  'markup.edit',
] as const;
export type AdvPermission = (typeof ADV_PERMISSIONS)[number];

export const ADV_ROLE_PERMISSIONS = {
  role_admin: [...ADV_PERMISSIONS],
  role_admin_client: ['ads.view', 'ads.edit', 'assets.view', 'assets.edit', 'reports.view', 'finance.view'],
  role_operator: ['ads.view', 'ads.edit', 'assets.view', 'assets.edit', 'reports.view'],
  role_analyst: ['ads.view', 'assets.view', 'reports.view'],
} as const satisfies Record<AdvRole, readonly AdvPermission[]>;

/** Org admins act as role_admin on every account of their center; standard users only on assigned ones. */
export function effectiveAdvRole(orgRole: OrgRole, assigned: AdvRole | null): AdvRole | null {
  return orgRole === 'org_admin' ? 'role_admin' : assigned;
}

export interface AdvAccess {
  advRole: AdvRole;
  advStatus: AdvStatus;
}

/** Reading works on any reachable account; changing anything needs an approved (status 1) account. */
export function advCan(access: AdvAccess, permission: AdvPermission): boolean {
  if (!(ADV_ROLE_PERMISSIONS[access.advRole] as readonly AdvPermission[]).includes(permission)) return false;
  const readOnly = permission.endsWith('.view');
  return readOnly || access.advStatus === ADV_STATUS.active;
}

/**
 * Why a permission is refused (issue 18: "No operation permission" names the real cause): the center's
 * status, its type (advertiser-type centers have no agency features), the account's status, or the role.
 * Each is a message key of the catalogue (`errors.forbidden_<cause>`), answered with the 403.
 */
export type ForbiddenCause = 'org_disabled' | 'org_unverified' | 'org_type' | 'adv_status' | 'role';

/** The cause of `orgCan(access, permission)` being false (null when it is true). */
export function orgForbiddenCause(access: OrgAccess, permission: OrgPermission): ForbiddenCause | null {
  if (orgCan(access, permission)) return null;
  if (access.orgStatus === ORG_STATUS.disabled) return 'org_disabled';
  if (access.orgStatus !== ORG_STATUS.active) return 'org_unverified';
  if (access.orgType === ORG_TYPE.advertiser && AGENCY_ONLY.includes(permission)) return 'org_type';
  return 'role';
}

/** The cause of `advCan(access, permission)` being false (null when it is true). */
export function advForbiddenCause(access: AdvAccess, permission: AdvPermission): ForbiddenCause | null {
  if (advCan(access, permission)) return null;
  if (!(ADV_ROLE_PERMISSIONS[access.advRole] as readonly AdvPermission[]).includes(permission)) return 'role';
  return 'adv_status';
}
