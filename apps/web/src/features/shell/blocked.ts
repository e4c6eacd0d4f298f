import { createContext, useContext } from 'react';

/**
 * Why a page is refused, so the 403 page can say it and offer the way out:
 * - `org-disabled`: the business center is disabled (nothing of it opens);
 * - `org-unverified`: the center is in review, engaged or rejected: the page opens once it is verified;
 * - `not-operator`: the operator tool, for a user without the operator flag;
 * - `org-type`: an agency feature in an advertiser-type center (any role there lacks it);
 * - `role`: the user's role does not grant the page.
 */
export type ForbiddenReason = 'org-disabled' | 'org-unverified' | 'not-operator' | 'org-type' | 'role';

/**
 * Set by the router guard when the page cannot open: refused (with the reason), or the advertising
 * area without an active advertiser account. Layouts then show the explanation in place of the page.
 */
export type Blocked = { kind: 'forbidden'; reason: ForbiddenReason } | { kind: 'no-account' };

export const BlockedContext = createContext<Blocked | null>(null);

export function useBlocked(): Blocked | null {
  return useContext(BlockedContext);
}
