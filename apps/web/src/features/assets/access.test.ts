import type { AdvRole, AdvStatus } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { assetAccessOf } from './access';

const account = (adv_role: AdvRole, status: AdvStatus = 1) => [
  { adv_id: 1000001, org_id: 100001, adv_role, status },
];

describe('assetAccessOf', () => {
  test.each(['role_admin', 'role_admin_client', 'role_operator'] as const)('%s views and edits', (role) => {
    expect(assetAccessOf(account(role), 100001, 1000001)).toEqual({
      canView: true,
      canEdit: true,
      readOnlyReason: null,
    });
  });

  test('an analyst sees everything and changes nothing', () => {
    expect(assetAccessOf(account('role_analyst'), 100001, 1000001)).toEqual({
      canView: true,
      canEdit: false,
      readOnlyReason: 'role',
    });
  });

  test.each([0, 2, 3, 4] as const)(
    'an account in status %s cannot be edited, even by its admin',
    (status) => {
      expect(assetAccessOf(account('role_admin', status), 100001, 1000001)).toEqual({
        canView: true,
        canEdit: false,
        readOnlyReason: 'status',
      });
    },
  );

  test('the account must be reached through the center of the URL', () => {
    expect(assetAccessOf(account('role_admin'), 100002, 1000001).canView).toBe(false);
    expect(assetAccessOf(account('role_admin'), 100001, null).canEdit).toBe(false);
  });
});
