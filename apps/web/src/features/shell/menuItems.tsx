import {
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  HomeOutlined,
  NotificationOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@scaler/domain';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';

type AntItem = Required<MenuProps>['items'][number];
export type MenuArea = 'ads' | 'manage';

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

const visible = (items: readonly MenuItem[] | undefined) => (items ?? []).filter((i) => !i.hidden);

/**
 * Turns the server's menus (already filtered for role, org type and status, in the domain's order)
 * into antd items: manage groups become item groups, ads parents become submenus. Hidden entries are
 * routes, not menu items. Keys are paths, so the selected key is the current menu path.
 */
export function toMenuItems(
  items: readonly MenuItem[],
  area: MenuArea,
  label: (name: string) => string,
): AntItem[] {
  return visible(items).map((item): AntItem => {
    const children = visible(item.children);
    const icon = item.icon ? ICONS[item.icon] : undefined;
    if (children.length === 0) return { key: item.path, label: label(item.name), icon };
    const childItems = children.map((c) => ({ key: c.path, label: label(c.name) }));
    if (area === 'manage') {
      return { type: 'group', key: `group:${item.key}`, label: label(item.name), children: childItems };
    }
    return { key: `sub:${item.key}`, label: label(item.name), icon, children: childItems };
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
