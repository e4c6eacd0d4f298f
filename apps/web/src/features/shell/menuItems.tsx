import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  HomeOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@scaler/domain';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';

type AntItem = Required<MenuProps>['items'][number];
export type MenuArea = 'ads' | 'manage';

/** Icons of the top entries (the domain's `icon` names). */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  perf: <NotificationOutlined />,
  assets: <AppstoreOutlined />,
  finance: <WalletOutlined />,
  report: <BarChartOutlined />,
  overview: <DashboardOutlined />,
  users: <TeamOutlined />,
  accounts: <AppstoreOutlined />,
  settings: <SettingOutlined />,
};

/**
 * Icons of the manage area's pages (by menu key): the collapsed menu (48 px) shows only icons, so each
 * page needs one of its own.
 */
const ITEM_ICONS: Record<string, ReactNode> = {
  'overview-index': <DashboardOutlined />,
  members: <TeamOutlined />,
  partner: <ClusterOutlined />,
  account: <ProfileOutlined />,
  payment: <CreditCardOutlined />,
  'finance-center': <AccountBookOutlined />,
  setting: <ShopOutlined />,
  verify: <SafetyCertificateOutlined />,
};

const visible = (items: readonly MenuItem[] | undefined) => (items ?? []).filter((i) => !i.hidden);

/**
 * Turns the server's menus (already filtered for role, org type and status, in the domain's order)
 * into antd items: manage groups become item groups, ads parents become submenus. Hidden entries are
 * routes, not menu items. Keys are paths, so the selected key is the current menu path.
 *
 * Collapsed, the manage groups' titles (which cannot fit in 48 px) give way to dividers between the
 * groups' items, each shown by its own icon with its label as tooltip.
 */
export function toMenuItems(
  items: readonly MenuItem[],
  area: MenuArea,
  label: (name: string) => string,
  collapsed = false,
): AntItem[] {
  return visible(items).flatMap((item, index): AntItem[] => {
    const children = visible(item.children);
    const icon = item.icon ? ICONS[item.icon] : undefined;
    if (children.length === 0) return [{ key: item.path, label: label(item.name), icon }];
    if (area === 'manage') {
      const childItems = children.map((c) => ({
        key: c.path,
        label: label(c.name),
        icon: ITEM_ICONS[c.key],
      }));
      if (!collapsed)
        return [{ type: 'group', key: `group:${item.key}`, label: label(item.name), children: childItems }];
      return index === 0 ? childItems : [{ type: 'divider', key: `divider:${item.key}` }, ...childItems];
    }
    const childItems = children.map((c) => ({ key: c.path, label: label(c.name) }));
    return [{ key: `sub:${item.key}`, label: label(item.name), icon, children: childItems }];
  });
}

/** Keys of the submenus to open so the selected path is visible. */
export function openKeysFor(items: readonly MenuItem[], path: string): string[] {
  return visible(items)
    .filter((item) => visible(item.children).some((c) => c.path === path))
    .map((item) => `sub:${item.key}`);
}

/** The first path of an area's menus, where the area switch leads. */
export function firstMenuPath(items: readonly MenuItem[]): string | null {
  const first = visible(items)[0];
  if (!first) return null;
  return visible(first.children)[0]?.path ?? first.path;
}
