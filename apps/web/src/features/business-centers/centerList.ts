import { ORG_STATUS, ORG_STATUSES, type OrgStatus, type TOrgSummary } from '@scaler/domain';

export interface CenterFilters {
  q: string;
  status: OrgStatus | null;
}

/** `?q=` and `?status=` of the picker; an unknown status is ignored. */
export function readCenterFilters(search: string): CenterFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 64),
    status:
      /^\d$/.test(status) && (ORG_STATUSES as readonly number[]).includes(Number(status))
        ? (Number(status) as OrgStatus)
        : null,
  };
}

/** The query with the filters patched, keeping everything else; empty filters leave the URL. */
export function writeCenterFilters(search: string, patch: Partial<CenterFilters>): string {
  const params = new URLSearchParams(search);
  if (patch.q !== undefined) {
    if (patch.q.trim()) params.set('q', patch.q.trim());
    else params.delete('q');
  }
  if (patch.status !== undefined) {
    if (patch.status === null) params.delete('status');
    else params.set('status', String(patch.status));
  }
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** Active centers first (the ones the user can work in), then review, engaged, rejected, disabled. */
const STATUS_ORDER: Record<OrgStatus, number> = {
  [ORG_STATUS.active]: 0,
  [ORG_STATUS.review]: 1,
  [ORG_STATUS.engaged]: 2,
  [ORG_STATUS.rejected]: 3,
  [ORG_STATUS.disabled]: 4,
};

/** Centers matching the search (name or ID) and status, ordered by status then name. */
export function filterCenters(orgs: readonly TOrgSummary[], filters: CenterFilters): TOrgSummary[] {
  const needle = filters.q.toLowerCase();
  return orgs
    .filter((o) => !needle || o.org_name.toLowerCase().includes(needle) || String(o.org_id).includes(needle))
    .filter((o) => filters.status === null || o.org_status === filters.status)
    .sort(
      (a, b) =>
        STATUS_ORDER[a.org_status] - STATUS_ORDER[b.org_status] || a.org_name.localeCompare(b.org_name),
    );
}

/**
 * Whether a fresh center list disagrees with what the session data (user_info) says about a center's
 * status or the user's role: an operator approved or rejected it meanwhile, and the menus must reload.
 */
export function centersChanged(
  cached: readonly Pick<TOrgSummary, 'org_id' | 'org_status' | 'org_role'>[],
  fresh: readonly Pick<TOrgSummary, 'org_id' | 'org_status' | 'org_role'>[],
): boolean {
  const known = new Map(cached.map((o) => [o.org_id, o]));
  return fresh.some((o) => {
    const before = known.get(o.org_id);
    return before !== undefined && (before.org_status !== o.org_status || before.org_role !== o.org_role);
  });
}
