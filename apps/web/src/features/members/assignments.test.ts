import { expect, test } from 'vitest';
import { sameAssignments } from './assignments';

test('sameAssignments ignores order but not roles', () => {
  const a = [
    { adv_id: 1, adv_role: 'role_analyst' as const },
    { adv_id: 2, adv_role: 'role_admin' as const },
  ];
  expect(sameAssignments(a, [...a].reverse())).toBe(true);
  expect(sameAssignments(a, [a[0], { adv_id: 2, adv_role: 'role_operator' }])).toBe(false);
  expect(sameAssignments(a, [a[0]])).toBe(false);
});
