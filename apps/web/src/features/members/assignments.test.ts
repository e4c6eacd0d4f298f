import type { TAdvertiserRow } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import {
  applySelection,
  assignableAccounts,
  capRole,
  rolesUpTo,
  sameAssignments,
  setAssignmentRole,
} from './assignments';

const row = (adv_id: number, extra: Partial<TAdvertiserRow> = {}): TAdvertiserRow => ({
  adv_id,
  adv_name: `A${adv_id}`,
  org_id: 1,
  owner_org_id: 1,
  owner_org_name: 'Own',
  status: 1,
  adv_role: 'role_admin',
  shared: false,
  closed: false,
  company_name: '',
  currency: 'USD',
  timezone: '+00:00',
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('roles', () => {
  test('rolesUpTo lists the cap and every weaker role', () => {
    expect(rolesUpTo('role_operator')).toEqual(['role_operator', 'role_analyst']);
    expect(rolesUpTo(null)).toHaveLength(4);
  });
  test('capRole lowers a role above the cap only', () => {
    expect(capRole('role_admin', 'role_operator')).toBe('role_operator');
    expect(capRole('role_analyst', 'role_operator')).toBe('role_analyst');
    expect(capRole('role_admin', null)).toBe('role_admin');
  });
});

describe('applySelection', () => {
  const caps = new Map([
    [1, null],
    [2, null],
    [3, 'role_analyst' as const],
  ]);
  test('keeps the role of kept accounts and gives new ones the default', () => {
    const next = applySelection([{ adv_id: 1, adv_role: 'role_operator' }], [1, 2], caps);
    expect(next).toEqual([
      { adv_id: 1, adv_role: 'role_operator' },
      { adv_id: 2, adv_role: 'role_analyst' },
    ]);
  });
  test('drops unticked and unlisted accounts', () => {
    const next = applySelection(
      [
        { adv_id: 1, adv_role: 'role_operator' },
        { adv_id: 9, adv_role: 'role_admin' },
      ],
      [3, 9],
      caps,
    );
    expect(next).toEqual([{ adv_id: 3, adv_role: 'role_analyst' }]);
  });
  test('setAssignmentRole changes one account', () => {
    expect(
      setAssignmentRole(
        [
          { adv_id: 1, adv_role: 'role_analyst' },
          { adv_id: 2, adv_role: 'role_analyst' },
        ],
        2,
        'role_admin',
      ),
    ).toEqual([
      { adv_id: 1, adv_role: 'role_analyst' },
      { adv_id: 2, adv_role: 'role_admin' },
    ]);
  });
});

describe('assignableAccounts', () => {
  const rows = [
    row(1),
    row(2, { closed: true, status: 4 }),
    row(3, { shared: true, adv_role: 'role_operator', owner_org_name: 'Partner' }),
  ];
  test('leaves closed accounts out and caps shared ones at their shared role', () => {
    const { rows: list, caps } = assignableAccounts(rows);
    expect(list.map((r) => r.adv_id)).toEqual([1, 3]);
    expect(caps.get(1)).toBeNull();
    expect(caps.get(3)).toBe('role_operator');
  });
  test('ownOnly leaves shared accounts out (a partner cannot re-share)', () => {
    expect(assignableAccounts(rows, { ownOnly: true }).rows.map((r) => r.adv_id)).toEqual([1]);
  });
});

test('sameAssignments ignores order but not roles', () => {
  const a = [
    { adv_id: 1, adv_role: 'role_analyst' as const },
    { adv_id: 2, adv_role: 'role_admin' as const },
  ];
  expect(sameAssignments(a, [...a].reverse())).toBe(true);
  expect(sameAssignments(a, [a[0], { adv_id: 2, adv_role: 'role_operator' }])).toBe(false);
  expect(sameAssignments(a, [a[0]])).toBe(false);
});
