import type { AdvRole, TAdvertiserDetail, TMember } from '@scaler/domain';
import type { AdvMemberAssignment } from './api';

/** Who holds the account, by user id: from the detail's members. */
export type AssignmentState = Record<string, AdvRole | undefined>;

export function initialAssignments(detail: Pick<TAdvertiserDetail, 'members'>): AssignmentState {
  return Object.fromEntries(detail.members.map((m) => [m._id, m.adv_role]));
}

/** Org admins act as admin on every account already; only standard members are assigned. */
export function assignableMembers(members: readonly TMember[]): TMember[] {
  return members.filter((m) => m.org_role === 'org_user');
}

/** The PUT body: checked standard members with their role (the list replaces the account's members). */
export function toAssignments(state: AssignmentState, members: readonly TMember[]): AdvMemberAssignment[] {
  return assignableMembers(members)
    .filter((m) => state[m._id] !== undefined)
    .map((m) => ({ user_id: m._id, adv_role: state[m._id] as AdvRole }));
}
