import type { TAdvAssignment } from '@scaler/domain';

/** Same assignments, in any order. */
export function sameAssignments(a: readonly TAdvAssignment[], b: readonly TAdvAssignment[]): boolean {
  if (a.length !== b.length) return false;
  const roles = new Map(a.map((x) => [x.adv_id, x.adv_role]));
  return b.every((x) => roles.get(x.adv_id) === x.adv_role);
}
