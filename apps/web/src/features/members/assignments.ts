import { ADV_ROLES, type AdvRole, type TAdvAssignment, type TAdvertiserRow } from '@scaler/domain';

/** The role a freshly ticked account gets: the least powerful one. */
export const DEFAULT_ADV_ROLE: AdvRole = 'role_analyst';

/** Account roles from most to least power (the order of `ADV_ROLES`). */
const rank = (role: AdvRole) => ADV_ROLES.length - ADV_ROLES.indexOf(role);

/** The roles that can be given on an account whose own role here is `cap` (a partner's shared role). */
export function rolesUpTo(cap: AdvRole | null): AdvRole[] {
  return cap === null ? [...ADV_ROLES] : ADV_ROLES.filter((r) => rank(r) <= rank(cap));
}

/** The lower of a role and a cap. */
export function capRole(role: AdvRole, cap: AdvRole | null): AdvRole {
  return cap !== null && rank(role) > rank(cap) ? cap : role;
}

/**
 * The assignments after the ticked set changed to `selected`: kept accounts keep their role, new ones get
 * the default (capped), unticked ones and accounts no longer listed go.
 */
export function applySelection(
  value: readonly TAdvAssignment[],
  selected: readonly number[],
  caps: ReadonlyMap<number, AdvRole | null>,
): TAdvAssignment[] {
  const current = new Map(value.map((a) => [a.adv_id, a.adv_role]));
  return selected
    .filter((id) => caps.has(id))
    .map((id) => ({
      adv_id: id,
      adv_role: current.get(id) ?? capRole(DEFAULT_ADV_ROLE, caps.get(id) ?? null),
    }));
}

export function setAssignmentRole(
  value: readonly TAdvAssignment[],
  advId: number,
  role: AdvRole,
): TAdvAssignment[] {
  return value.map((a) => (a.adv_id === advId ? { ...a, adv_role: role } : a));
}

/**
 * Accounts that can be handed out here: not closed; own ones (no cap) and, unless `ownOnly`, the ones a
 * partner shares with this center, capped at the role it shares them with.
 */
export function assignableAccounts(
  rows: readonly TAdvertiserRow[],
  { ownOnly = false }: { ownOnly?: boolean } = {},
): { rows: TAdvertiserRow[]; caps: Map<number, AdvRole | null> } {
  const list = rows.filter((r) => !r.closed && (!ownOnly || !r.shared));
  return { rows: list, caps: new Map(list.map((r) => [r.adv_id, r.shared ? r.adv_role : null])) };
}

/** Same assignments, in any order. */
export function sameAssignments(a: readonly TAdvAssignment[], b: readonly TAdvAssignment[]): boolean {
  if (a.length !== b.length) return false;
  const roles = new Map(a.map((x) => [x.adv_id, x.adv_role]));
  return b.every((x) => roles.get(x.adv_id) === x.adv_role);
}
