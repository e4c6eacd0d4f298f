import { expect, test } from 'vitest';
import { unsharedCount } from './shares';

test('unsharedCount counts accounts dropped from the shared set, not role changes or additions', () => {
  const before = [
    { adv_id: 1, adv_role: 'role_operator' as const },
    { adv_id: 2, adv_role: 'role_analyst' as const },
  ];
  expect(
    unsharedCount(before, [
      { adv_id: 1, adv_role: 'role_admin' },
      { adv_id: 3, adv_role: 'role_analyst' },
    ]),
  ).toBe(1);
  expect(unsharedCount(before, before)).toBe(0);
  expect(unsharedCount(before, [])).toBe(2);
});
