import { ORG_STATUS, ORG_TYPE, type OrgRole, type OrgStatus, type OrgType } from './codes';

/**
 * The console's menu table (spec 2 "Menu", spec 6). The console renders it; the server filters it in
 * the session routes call. `name` is an i18n key of the console's `menu` namespace.
 */
export interface MenuItem {
  key: string;
  path: string;
  name: string;
  icon?: string;
  sort: number;
  roles?: readonly OrgRole[];
  roleTypes?: readonly OrgType[];
  hidden?: boolean;
  children?: readonly MenuItem[];
}

export type MenuArea = 'ads' | 'manage';

const ADMIN = ['org_admin'] as const satisfies readonly OrgRole[];
const AGENCY = [ORG_TYPE.agency] as const satisfies readonly OrgType[];

/** Top menu of the advertising area, sorted by `sort` (Home 10, perf 20, Assets 30, Finance 35, report 40). */
export const ADS_MENU: readonly MenuItem[] = [
  { key: 'home', path: '/home/index', name: 'menu.home', icon: 'home', sort: 10 },
  { key: 'perf', path: '/perf/campaign', name: 'menu.perf', icon: 'perf', sort: 20 },
  { key: 'assets', path: '/assets/events', name: 'menu.assets', icon: 'assets', sort: 30 },
  {
    key: 'finance',
    path: '/finance/index',
    name: 'menu.finance',
    icon: 'finance',
    sort: 35,
    roles: ADMIN,
    roleTypes: AGENCY,
  },
  {
    key: 'report',
    path: '/report/index',
    name: 'menu.report',
    icon: 'report',
    sort: 40,
    children: [
      { key: 'report-custom', path: '/report/index', name: 'menu.report_custom', sort: 1 },
      { key: 'report-hourly', path: '/report/hourly', name: 'menu.report_hourly', sort: 2 },
      { key: 'report-bundle', path: '/report/bundle', name: 'menu.report_bundle', sort: 3 },
      { key: 'report-detail', path: '/report/detail', name: 'menu.report_detail', sort: 4, hidden: true },
      {
        key: 'report-bundle-manage',
        path: '/report/bundle/manage',
        name: 'menu.report_bundle_manage',
        sort: 5,
        hidden: true,
      },
    ],
  },
];

/** Finance is reached from the manage area and its own route; it is removed from the top menu after login. */
export const REMOVED_FROM_TOP_MENU = ['finance'] as const;

/** The manage area's groups, in order: overview; users; assets; finance; business settings. */
export const MANAGE_MENU: readonly MenuItem[] = [
  {
    key: 'overview',
    path: '/manage/overview',
    name: 'menu.overview',
    icon: 'overview',
    sort: 1,
    children: [
      { key: 'overview-index', path: '/manage/overview', name: 'menu.overview', sort: 1 },
      {
        key: 'overview-detail',
        path: '/manage/overview/detail',
        name: 'menu.overview_detail',
        sort: 2,
        hidden: true,
      },
    ],
  },
  {
    key: 'users',
    path: '/manage/members',
    name: 'menu.users',
    icon: 'users',
    sort: 2,
    children: [
      { key: 'members', path: '/manage/members', name: 'menu.members', sort: 1 },
      { key: 'partner', path: '/manage/partner', name: 'menu.partner', sort: 2, roles: ADMIN },
    ],
  },
  {
    key: 'accounts',
    path: '/manage/account',
    name: 'menu.accounts',
    icon: 'accounts',
    sort: 3,
    children: [{ key: 'account', path: '/manage/account', name: 'menu.account', sort: 1 }],
  },
  {
    key: 'finance-group',
    path: '/manage/payment',
    name: 'menu.finance',
    icon: 'finance',
    sort: 4,
    roles: ADMIN,
    roleTypes: AGENCY,
    children: [
      { key: 'payment', path: '/manage/payment', name: 'menu.payment', sort: 1, roles: ADMIN },
      {
        key: 'finance-center',
        path: '/finance/index',
        name: 'menu.finance_center',
        sort: 2,
        roles: ADMIN,
        roleTypes: AGENCY,
      },
    ],
  },
  {
    key: 'business-settings',
    path: '/manage/setting',
    name: 'menu.business_settings',
    icon: 'settings',
    sort: 5,
    children: [
      { key: 'setting', path: '/manage/setting', name: 'menu.setting', sort: 1 },
      {
        key: 'verify',
        path: '/manage/verify',
        name: 'menu.verify',
        sort: 2,
        roles: ADMIN,
        roleTypes: AGENCY,
      },
    ],
  },
];

export const SETTINGS_GROUP_KEY = 'business-settings';

export interface MenuContext {
  orgRole: OrgRole;
  orgType: OrgType;
  orgStatus: OrgStatus;
}

/** Spec 6: an item with a role list needs the org role in it, and its type list (if any) the org type. */
export function isMenuItemVisible(item: MenuItem, ctx: Pick<MenuContext, 'orgRole' | 'orgType'>): boolean {
  if (!item.roles) return true;
  if (!item.roles.includes(ctx.orgRole)) return false;
  return !item.roleTypes || item.roleTypes.includes(ctx.orgType);
}

const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort;

function filterTree(items: readonly MenuItem[], keep: (item: MenuItem) => boolean): MenuItem[] {
  return [...items]
    .filter(keep)
    .sort(bySort)
    .map((item) => (item.children ? { ...item, children: filterTree(item.children, keep) } : item));
}

export interface Menus {
  ads: MenuItem[];
  manage: MenuItem[];
}

/**
 * The menus a member sees in a center. Active centers: role and type filtering. Review, engaged or
 * rejected centers: only the business-settings group, every item in it visible regardless of role.
 * Disabled centers: nothing.
 */
export function menusFor(ctx: MenuContext): Menus {
  if (ctx.orgStatus === ORG_STATUS.disabled) return { ads: [], manage: [] };
  if (ctx.orgStatus !== ORG_STATUS.active) {
    const group = MANAGE_MENU.find((m) => m.key === SETTINGS_GROUP_KEY)!;
    return { ads: [], manage: filterTree([group], () => true) };
  }
  const visible = (item: MenuItem) => isMenuItemVisible(item, ctx);
  return {
    ads: filterTree(
      ADS_MENU.filter((m) => !(REMOVED_FROM_TOP_MENU as readonly string[]).includes(m.key)),
      visible,
    ),
    manage: filterTree(MANAGE_MENU, visible).filter((g) => !g.children || g.children.length > 0),
  };
}

/** Every path a menu of either area can reach, visible or hidden, flattened. */
export function menuPaths(menus: Menus): string[] {
  const out: string[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      out.push(item.path);
      if (item.children) walk(item.children);
    }
  };
  walk(menus.ads);
  walk(menus.manage);
  return [...new Set(out)];
}
