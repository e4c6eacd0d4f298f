import type { TAdvAssignment } from '@scaler/domain';

/** How many accounts shared before are no longer in the new set (their partner members lose them). */
export function unsharedCount(before: readonly TAdvAssignment[], after: readonly TAdvAssignment[]): number {
  const kept = new Set(after.map((a) => a.adv_id));
  return before.filter((a) => !kept.has(a.adv_id)).length;
}
