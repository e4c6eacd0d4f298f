import type { TMember } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { assignableMembers, initialAssignments, toAssignments } from './memberAssignments';

const member = (id: string, org_role: TMember['org_role']): TMember => ({
  _id: id,
  name: id,
  email: `${id}@x.test`,
  avatar: null,
  org_role,
  joined_at: '2026-01-01T00:00:00Z',
  advs: [],
});
const members = [member('admin', 'org_admin'), member('ann', 'org_user'), member('bob', 'org_user')];

describe('member assignments', () => {
  test('starts from the account members', () => {
    expect(
      initialAssignments({ members: [{ _id: 'ann', name: 'Ann', email: 'a', adv_role: 'role_analyst' }] }),
    ).toEqual({ ann: 'role_analyst' });
  });

  test('only standard members can be assigned', () => {
    expect(assignableMembers(members).map((m) => m._id)).toEqual(['ann', 'bob']);
  });

  test('sends checked standard members with their role, never org admins', () => {
    expect(toAssignments({ admin: 'role_admin', ann: 'role_operator', bob: undefined }, members)).toEqual([
      { user_id: 'ann', adv_role: 'role_operator' },
    ]);
  });
});
