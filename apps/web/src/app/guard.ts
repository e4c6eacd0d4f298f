import {
  ADV_STATUS,
  menuPaths,
  menusFor,
  ORG_STATUS,
  ORG_TYPE,
  type TOrgSummary,
  type TSessionRoutes,
  type TUserInfo,
} from '@scaler/domain';
import type { ForbiddenReason } from '../features/shell/blocked';
import { loginPath, readContext, withContext } from '../lib/context';

/**
 * What a route needs before it renders:
 * - `public`: nothing (/login, /email);
 * - `session`: a session only (/select, /select/business, /create-bc);
 * - `setting`, `sa`, `creative`: a session, plus the operator flag (`sa`) or v === 1 (`creative`);
 * - `manage`: a session and an org (business-center area);
 * - `ads`: a session, an org and an active advertiser account of it (advertising area).
 */
export type RouteKind = 'public' | 'session' | 'setting' | 'sa' | 'creative' | 'manage' | 'ads';

export interface RouteMeta {
  kind: RouteKind;
  /** The menu entry that grants this route; the user's menus must contain it. */
  menu?: string;
  /** The tab's title when it is not the menu entry's label (a `menu.*` key: the perf list's levels). */
  title?: string;
}

export interface Place {
  pathname: string;
  search: string;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  /** The routes call answered 404: the URL names a center the user is not a member of. */
  | { status: 'unknown-org' }
  | {
      status: 'ready';
      routes: TSessionRoutes;
      user: Pick<TUserInfo, 'v' | 'is_operator'> & {
        orgs?: readonly OrgState[];
      };
    };

/** What the guard reads of the user's centers: their status says why a page is refused. */
type OrgState = Pick<TOrgSummary, 'org_id' | 'org_status'> &
  Partial<Pick<TOrgSummary, 'org_type' | 'org_role'>>;

export type Decision =
  | { type: 'allow' }
  | { type: 'load'; org: number | null }
  | { type: 'redirect'; to: string; message?: 'errors.no_adv' | 'errors.adv_status' | 'errors.not_found' }
  | { type: 'forbidden'; reason: ForbiddenReason }
  /** The advertising area of a center with no active advertiser account: the page says what to do. */
  | { type: 'no-account' };

export interface NavigationInput {
  target: Place;
  /** The last location the guard allowed, if any. */
  previous: Place | null;
  route: RouteMeta;
  session: SessionState;
}

const CARRY_KINDS: readonly RouteKind[] = ['manage', 'ads', 'setting'];
export const CREATIVE_PATH = '/creative/index';

const href = (place: Place) => `${place.pathname}${place.search}`;
const accountsPage = (org: number) => withContext('/manage/account', { org });

/** Step 4: adv and org follow the user from the previous route when the link does not name them. */
function carryOver(target: Place, previous: Place | null): string | null {
  if (!previous) return null;
  const from = readContext(previous.search);
  const to = readContext(target.search);
  if (from.org === null) return null;
  if (to.org === null) return withContext(href(target), { org: from.org, adv: from.adv ?? undefined });
  if (to.org === from.org && to.adv === null && from.adv !== null) {
    return withContext(href(target), { adv: from.adv });
  }
  return null;
}

/**
 * Why the menus of `org` leave a page out: the center's status first, then its type (a page the same role
 * has in an agency center: advertiser-type centers have no agency features), then the role.
 */
export function forbiddenReason(org: number, orgs: readonly OrgState[] = [], menu?: string): ForbiddenReason {
  const center = orgs.find((o) => o.org_id === org);
  const status = center?.org_status;
  if (status === ORG_STATUS.disabled) return 'org-disabled';
  if (status === ORG_STATUS.review || status === ORG_STATUS.engaged || status === ORG_STATUS.rejected)
    return 'org-unverified';
  if (menu && center?.org_type === ORG_TYPE.advertiser && center.org_role && status !== undefined) {
    const asAgency = menusFor({ orgRole: center.org_role, orgType: ORG_TYPE.agency, orgStatus: status });
    if (menuPaths(asAgency).includes(menu)) return 'org-type';
  }
  return 'role';
}

/** The router guard of spec 2, as a pure function of where the user goes and what the session holds. */
export function decideNavigation({ target, previous, route, session }: NavigationInput): Decision {
  if (route.kind === 'public') return { type: 'allow' };

  if (CARRY_KINDS.includes(route.kind)) {
    const carried = carryOver(target, previous);
    if (carried) return { type: 'redirect', to: carried };
  }

  const { org, adv } = readContext(target.search);
  // Step 1: menus come from the server; no session sends the user to log in and come back.
  if (session.status === 'loading') return { type: 'load', org };
  if (session.status === 'unauthenticated') return { type: 'redirect', to: loginPath(href(target)) };
  if (session.status === 'unknown-org')
    return { type: 'redirect', to: '/select', message: 'errors.not_found' };
  const { routes, user } = session;

  if (user.v === 1) {
    return route.kind === 'creative' ? { type: 'allow' } : { type: 'redirect', to: CREATIVE_PATH };
  }
  if (route.kind === 'creative') return { type: 'redirect', to: '/select' };
  if (route.kind === 'sa')
    return user.is_operator ? { type: 'allow' } : { type: 'forbidden', reason: 'not-operator' };
  if (route.kind !== 'manage' && route.kind !== 'ads') return { type: 'allow' };

  if (org === null) return { type: 'redirect', to: '/select' };

  // Steps 2 and 3: a named advertiser must be one of the user's, and usable.
  if (adv !== null) {
    const account = routes.advs.find((a) => a.adv_id === adv);
    if (!account || account.org_id !== org) {
      return { type: 'redirect', to: accountsPage(org), message: 'errors.no_adv' };
    }
    if (account.status !== ADV_STATUS.active) {
      return { type: 'redirect', to: accountsPage(account.org_id), message: 'errors.adv_status' };
    }
  }

  if (route.menu && !menuPaths(routes.menus).includes(route.menu))
    return { type: 'forbidden', reason: forbiddenReason(org, user.orgs, route.menu) };

  if (route.kind === 'ads' && adv === null) {
    const first = routes.advs.find((a) => a.org_id === org && a.status === ADV_STATUS.active);
    if (!first) return { type: 'no-account' };
    return { type: 'redirect', to: withContext(href(target), { adv: first.adv_id }) };
  }
  return { type: 'allow' };
}
