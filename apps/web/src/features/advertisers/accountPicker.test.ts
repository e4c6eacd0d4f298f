import { describe, expect, test } from 'vitest';
import { capOf, capRole, rolesUpTo, selectOnPage, setAssignmentRole } from './accountPicker';

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
  test('a shared account is capped at the role shared with this center; an own one is not', () => {
    expect(capOf({ shared: true, adv_role: 'role_operator' })).toBe('role_operator');
    expect(capOf({ shared: false, adv_role: 'role_admin' })).toBeNull();
  });
});

describe('selectOnPage', () => {
  const page = [
    { adv_id: 1, shared: false, adv_role: 'role_admin' as const },
    { adv_id: 2, shared: false, adv_role: 'role_admin' as const },
    { adv_id: 3, shared: true, adv_role: 'role_analyst' as const },
  ];
  test('keeps the role of kept accounts and gives new ones the default', () => {
    expect(selectOnPage([{ adv_id: 1, adv_role: 'role_operator' }], page, [1, 2])).toEqual([
      { adv_id: 1, adv_role: 'role_operator' },
      { adv_id: 2, adv_role: 'role_analyst' },
    ]);
  });
  test('unticking on this page removes; accounts of other pages are left as they were', () => {
    const value = [
      { adv_id: 1, adv_role: 'role_operator' as const },
      { adv_id: 42, adv_role: 'role_admin' as const },
    ];
    expect(selectOnPage(value, page, [3])).toEqual([
      { adv_id: 42, adv_role: 'role_admin' },
      { adv_id: 3, adv_role: 'role_analyst' },
    ]);
  });
  test('ids not on the page cannot be ticked from it', () => {
    expect(selectOnPage([], page, [7])).toEqual([]);
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
