import { ADV_ROLES, type AdvRole, type TAdvAssignment, type TAdvertiserRow } from '@scaler/domain';

/** The role a freshly ticked account gets: the least powerful one. */
export const DEFAULT_ADV_ROLE: AdvRole = 'role_analyst';

/** How many accounts the picker loads at a time. */
export const PICKER_PAGE_SIZE = 10;

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

/** The highest role this center may hand out on an account: any on its own, the shared role on a partner's. */
export const capOf = (row: Pick<TAdvertiserRow, 'shared' | 'adv_role'>): AdvRole | null =>
  row.shared ? row.adv_role : null;

/**
 * The assignments after the ticks of one page changed: accounts of that page ticked now are kept with
 * their role or added with the default (capped), unticked ones go; accounts on other pages stay as they
 * are, so a choice survives paging and searching.
 */
export function selectOnPage(
  value: readonly TAdvAssignment[],
  pageRows: readonly Pick<TAdvertiserRow, 'adv_id' | 'shared' | 'adv_role'>[],
  ticked: readonly number[],
): TAdvAssignment[] {
  const onPage = new Map(pageRows.map((r) => [r.adv_id, r]));
  const want = new Set(ticked.filter((id) => onPage.has(id)));
  const kept = value.filter((a) => !onPage.has(a.adv_id) || want.has(a.adv_id));
  const have = new Set(kept.map((a) => a.adv_id));
  const added = pageRows
    .filter((r) => want.has(r.adv_id) && !have.has(r.adv_id))
    .map((r) => ({ adv_id: r.adv_id, adv_role: capRole(DEFAULT_ADV_ROLE, capOf(r)) }));
  return [...kept, ...added];
}

export function setAssignmentRole(
  value: readonly TAdvAssignment[],
  advId: number,
  role: AdvRole,
): TAdvAssignment[] {
  return value.map((a) => (a.adv_id === advId ? { ...a, adv_role: role } : a));
}
