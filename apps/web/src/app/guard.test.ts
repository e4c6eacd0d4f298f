import { menusFor, type OrgStatus, type TSessionRoutes } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import {
  type Decision,
  decideNavigation,
  type NavigationInput,
  type RouteMeta,
  type SessionState,
} from './guard';

const adminMenus = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 1 });
const userMenus = menusFor({ orgRole: 'org_user', orgType: 1, orgStatus: 1 });

const routes = (menus = adminMenus): TSessionRoutes => ({
  menus,
  advs: [
    { adv_id: 11, adv_name: 'Review', org_id: 1, status: 0, adv_role: 'role_admin' },
    { adv_id: 12, adv_name: 'Shoes', org_id: 1, status: 1, adv_role: 'role_admin' },
    { adv_id: 21, adv_name: 'Other', org_id: 2, status: 3, adv_role: 'role_analyst' },
  ],
  advs_total: 3,
});
type UserState = Extract<SessionState, { status: 'ready' }>['user'];
const ready = (overrides: Partial<UserState> = {}, r = routes()): SessionState => ({
  status: 'ready',
  routes: r,
  user: { v: 0, is_operator: false, ...overrides },
});

const REPORT: RouteMeta = { kind: 'ads', menu: '/report/index' };
const OVERVIEW: RouteMeta = { kind: 'manage', menu: '/manage/overview' };

function decide(url: string, route: RouteMeta, session: SessionState, previous?: string): Decision {
  const toPlace = (u: string) => {
    const [pathname, query] = u.split('?');
    return { pathname, search: query ? `?${query}` : '' };
  };
  const input: NavigationInput = {
    target: toPlace(url),
    previous: previous ? toPlace(previous) : null,
    route,
    session,
  };
  return decideNavigation(input);
}

describe('decideNavigation', () => {
  test('public pages need nothing', () => {
    expect(decide('/login', { kind: 'public' }, { status: 'unauthenticated' })).toEqual({ type: 'allow' });
  });

  test('step 1: asks to load the menus for the target org', () => {
    expect(decide('/manage/overview?org=7', OVERVIEW, { status: 'loading' })).toEqual({
      type: 'load',
      org: 7,
    });
  });

  test('step 1: not logged in goes to login with the target as redirect', () => {
    expect(decide('/report/index?org=1&adv=12', REPORT, { status: 'unauthenticated' })).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/report/index?org=1&adv=12')}`,
    });
  });

  test('step 2: an advertiser missing from advs goes to the org accounts page', () => {
    expect(decide('/report/index?org=1&adv=99', REPORT, ready())).toEqual({
      type: 'redirect',
      to: '/manage/account?org=1',
      message: 'errors.no_adv',
    });
  });

  test('step 3: an advertiser not active goes to the accounts page of its own org', () => {
    expect(decide('/report/index?org=2&adv=21', REPORT, ready())).toMatchObject({
      type: 'redirect',
      to: '/manage/account?org=2',
    });
    expect(decide('/report/index?org=1&adv=11', REPORT, ready())).toMatchObject({
      to: '/manage/account?org=1',
    });
  });

  test('step 4: org and adv are carried over from the previous route', () => {
    expect(decide('/report/index', REPORT, ready(), '/perf/campaign?org=1&adv=12')).toEqual({
      type: 'redirect',
      to: '/report/index?org=1&adv=12',
    });
    expect(decide('/report/hourly?org=1', REPORT, ready(), '/report/index?org=1&adv=12')).toEqual({
      type: 'redirect',
      to: '/report/hourly?org=1&adv=12',
    });
  });

  test('a link naming another org is not rewritten', () => {
    expect(decide('/manage/overview?org=2', OVERVIEW, ready(), '/report/index?org=1&adv=12')).toEqual({
      type: 'allow',
    });
  });

  test('a valid context is allowed', () => {
    expect(decide('/report/index?org=1&adv=12', REPORT, ready())).toEqual({ type: 'allow' });
  });

  test('org routes without an org go to the picker', () => {
    expect(decide('/manage/overview', OVERVIEW, ready())).toEqual({ type: 'redirect', to: '/select' });
  });

  test('ads routes without adv pick the first active account of the org', () => {
    expect(decide('/perf/campaign?org=1', { kind: 'ads', menu: '/perf/campaign' }, ready())).toEqual({
      type: 'redirect',
      to: '/perf/campaign?org=1&adv=12',
    });
  });

  test('ads routes of an org without an active account stay, and the page says what to do', () => {
    expect(decide('/home/index?org=2', { kind: 'ads', menu: '/home/index' }, ready())).toEqual({
      type: 'no-account',
    });
  });

  test('a menu path the user does not have is forbidden for their role', () => {
    const partner: RouteMeta = { kind: 'manage', menu: '/manage/partner' };
    expect(decide('/manage/partner?org=1', partner, ready({}, routes(userMenus)))).toEqual({
      type: 'forbidden',
      reason: 'role',
    });
    expect(decide('/manage/partner?org=1', partner, ready())).toEqual({ type: 'allow' });
  });

  test("an agency feature in an advertiser-type center is refused for the center's type, not the role", () => {
    const brand = menusFor({ orgRole: 'org_admin', orgType: 2, orgStatus: 1 });
    const VERIFY: RouteMeta = { kind: 'manage', menu: '/manage/verify' };
    const orgs = [
      { org_id: 1, org_status: 1 as const, org_type: 2 as const, org_role: 'org_admin' as const },
    ];
    expect(decide('/manage/verify?org=1', VERIFY, ready({ orgs }, routes(brand)))).toEqual({
      type: 'forbidden',
      reason: 'org-type',
    });
    // A standard user of an agency center lacks the page by role.
    const agencyUser = [{ ...orgs[0], org_type: 1 as const, org_role: 'org_user' as const }];
    expect(decide('/manage/verify?org=1', VERIFY, ready({ orgs: agencyUser }, routes(userMenus)))).toEqual({
      type: 'forbidden',
      reason: 'role',
    });
  });

  test('a page of a center that is not active is refused for the center, not the role', () => {
    const engaged = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 2 });
    const disabled = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 4 });
    const orgs = (status: OrgStatus) => [{ org_id: 1, org_status: status }];
    const ACCOUNTS: RouteMeta = { kind: 'manage', menu: '/manage/account' };
    for (const status of [0, 2, 3] as const) {
      expect(
        decide('/manage/account?org=1', ACCOUNTS, ready({ orgs: orgs(status) }, routes(engaged))),
      ).toEqual({
        type: 'forbidden',
        reason: 'org-unverified',
      });
    }
    expect(decide('/manage/overview?org=1', OVERVIEW, ready({ orgs: orgs(4) }, routes(disabled)))).toEqual({
      type: 'forbidden',
      reason: 'org-disabled',
    });
    // The business settings of an engaged center are its way forward: allowed.
    const SETTING: RouteMeta = { kind: 'manage', menu: '/manage/setting' };
    expect(decide('/manage/setting?org=1', SETTING, ready({ orgs: orgs(2) }, routes(engaged)))).toEqual({
      type: 'allow',
    });
  });

  test('creative viewers (v === 1) are sent to the creative page', () => {
    expect(decide('/manage/overview?org=1', OVERVIEW, ready({ v: 1 }))).toEqual({
      type: 'redirect',
      to: '/creative/index',
    });
    expect(decide('/select', { kind: 'session' }, ready({ v: 1 }))).toMatchObject({ to: '/creative/index' });
    expect(decide('/creative/index', { kind: 'creative' }, ready({ v: 1 }))).toEqual({ type: 'allow' });
  });

  test('the creative page is not for other users', () => {
    expect(decide('/creative/index', { kind: 'creative' }, ready())).toEqual({
      type: 'redirect',
      to: '/select',
    });
  });

  test('the operator tool needs the operator flag', () => {
    expect(decide('/sa/tool', { kind: 'sa' }, ready())).toEqual({
      type: 'forbidden',
      reason: 'not-operator',
    });
    expect(decide('/sa/tool', { kind: 'sa' }, ready({ is_operator: true }))).toEqual({ type: 'allow' });
  });

  test('a center the user is not a member of sends them to the picker with a message', () => {
    expect(decide('/manage/overview?org=999999', OVERVIEW, { status: 'unknown-org' })).toEqual({
      type: 'redirect',
      to: '/select',
      message: 'errors.not_found',
    });
  });

  test('session-only pages need no org', () => {
    expect(decide('/select', { kind: 'session' }, ready())).toEqual({ type: 'allow' });
    expect(decide('/create-bc', { kind: 'session' }, { status: 'unauthenticated' })).toMatchObject({
      to: '/login?redirect=%2Fcreate-bc',
    });
  });
});
