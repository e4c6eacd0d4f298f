import { describe, expect, test } from 'vitest';
import {
  ADV_ROLES,
  ADV_STATUS,
  ADV_STATUSES,
  ORG_ROLES,
  ORG_STATUS,
  ORG_STATUSES,
  ORG_TYPE,
  ORG_TYPES,
} from './codes';
import {
  ADV_PERMISSIONS,
  advCan,
  advForbiddenCause,
  effectiveAdvRole,
  ORG_PERMISSIONS,
  orgCan,
  orgForbiddenCause,
} from './permissions';

/** The expected answer for every permission, written out independently of the map. */
function expectedOrg(role: string, type: number, status: number, p: string): boolean {
  if (status === 4) return p === 'org.view';
  if (status !== 1) return ['org.view', 'org.edit', 'verify.submit'].includes(p);
  const agencyOnly = ['accounts.create', 'finance.view', 'finance.manage', 'verify.submit', 'markup.manage'];
  if (type === 2 && agencyOnly.includes(p)) return false;
  if (role === 'org_admin') return true;
  return ['org.view', 'members.view', 'accounts.view'].includes(p);
}

describe('orgCan', () => {
  for (const orgRole of ORG_ROLES)
    for (const orgType of ORG_TYPES)
      for (const orgStatus of ORG_STATUSES)
        test(`${orgRole} in type ${orgType} status ${orgStatus}`, () => {
          for (const p of ORG_PERMISSIONS)
            expect([p, orgCan({ orgRole, orgType, orgStatus }, p)]).toEqual([
              p,
              expectedOrg(orgRole, orgType, orgStatus, p),
            ]);
        });

  test('a standard user cannot manage members, partners, finance or verification', () => {
    const access = { orgRole: 'org_user', orgType: 1, orgStatus: 1 } as const;
    expect(orgCan(access, 'members.manage')).toBe(false);
    expect(orgCan(access, 'partners.manage')).toBe(false);
    expect(orgCan(access, 'finance.view')).toBe(false);
    expect(orgCan(access, 'verify.submit')).toBe(false);
    expect(orgCan(access, 'accounts.view')).toBe(true);
  });

  test('an advertiser-type center cannot create accounts or see finance, even as admin', () => {
    const access = { orgRole: 'org_admin', orgType: 2, orgStatus: 1 } as const;
    expect(orgCan(access, 'accounts.create')).toBe(false);
    expect(orgCan(access, 'finance.view')).toBe(false);
    expect(orgCan(access, 'members.manage')).toBe(true);
  });
});

describe('advCan', () => {
  const expected: Record<string, string[]> = {
    role_admin: [...ADV_PERMISSIONS],
    role_admin_client: ['ads.view', 'ads.edit', 'assets.view', 'assets.edit', 'reports.view', 'finance.view'],
    role_operator: ['ads.view', 'ads.edit', 'assets.view', 'assets.edit', 'reports.view'],
    role_analyst: ['ads.view', 'assets.view', 'reports.view'],
  };
  for (const advRole of ADV_ROLES)
    for (const advStatus of ADV_STATUSES)
      test(`${advRole} on an account in status ${advStatus}`, () => {
        for (const p of ADV_PERMISSIONS) {
          const allowed = expected[advRole].includes(p) && (p.endsWith('.view') || advStatus === 1);
          expect([p, advCan({ advRole, advStatus }, p)]).toEqual([p, allowed]);
        }
      });

  test('org admins act as account admins; standard users keep their assignment', () => {
    expect(effectiveAdvRole('org_admin', null)).toBe('role_admin');
    expect(effectiveAdvRole('org_admin', 'role_analyst')).toBe('role_admin');
    expect(effectiveAdvRole('org_user', 'role_operator')).toBe('role_operator');
    expect(effectiveAdvRole('org_user', null)).toBeNull();
  });
});

describe('the cause of a refusal (issue 18)', () => {
  const agency = { orgRole: 'org_user', orgType: ORG_TYPE.agency, orgStatus: ORG_STATUS.active } as const;
  test('the center status first, then the center type, then the role; nothing when allowed', () => {
    expect(orgForbiddenCause({ ...agency, orgStatus: ORG_STATUS.disabled }, 'members.manage')).toBe(
      'org_disabled',
    );
    expect(orgForbiddenCause({ ...agency, orgStatus: ORG_STATUS.review }, 'accounts.view')).toBe(
      'org_unverified',
    );
    const brandAdmin = { ...agency, orgRole: 'org_admin', orgType: ORG_TYPE.advertiser } as const;
    expect(orgForbiddenCause(brandAdmin, 'verify.submit')).toBe('org_type');
    expect(orgForbiddenCause(brandAdmin, 'members.manage')).toBeNull();
    expect(orgForbiddenCause(agency, 'members.manage')).toBe('role');
  });
  test("an account's role first, then its status", () => {
    expect(advForbiddenCause({ advRole: 'role_analyst', advStatus: ADV_STATUS.review }, 'ads.edit')).toBe(
      'role',
    );
    expect(advForbiddenCause({ advRole: 'role_admin', advStatus: ADV_STATUS.review }, 'ads.edit')).toBe(
      'adv_status',
    );
    expect(advForbiddenCause({ advRole: 'role_admin', advStatus: ADV_STATUS.review }, 'ads.view')).toBeNull();
  });
});
