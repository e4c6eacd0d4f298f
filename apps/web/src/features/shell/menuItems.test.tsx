import { menusFor } from '@scaler/domain';
import { render, screen } from '@testing-library/react';
import { Menu } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import i18n from '../../i18n';
import { firstMenuPath, openKeysFor, toMenuItems } from './menuItems';

const label = (name: string) => i18n.t(name.replace('.', ':') as 'menu:home');
const admin = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 1 });
const standard = menusFor({ orgRole: 'org_user', orgType: 1, orgStatus: 1 });

function renderMenu(items: ReturnType<typeof toMenuItems>) {
  render(<Menu mode="inline" items={items} openKeys={['sub:report']} />);
}

describe('side menu items', () => {
  test('an agency admin sees every manage group in the domain order', () => {
    renderMenu(toMenuItems(admin.manage, 'manage', label));
    expect(screen.getByText('Partners')).toBeTruthy();
    expect(screen.getByText('Payment')).toBeTruthy();
    expect(screen.getByText('Verification')).toBeTruthy();
    const groups = [...document.querySelectorAll('.ant-menu-item-group-title')].map((g) => g.textContent);
    expect(groups).toEqual(['Overview', 'Users', 'Assets', 'Finance', 'Business settings']);
  });

  test('collapsed, the manage pages keep their labels but show by distinct icons, without group titles', () => {
    const items = toMenuItems(admin.manage, 'manage', label, true);
    renderMenu(items);
    expect(document.querySelectorAll('.ant-menu-item-group-title')).toHaveLength(0);
    const pages = items.filter((i): i is { key: string; label: string; icon: ReactNode } =>
      Boolean(i && 'label' in i),
    );
    expect(pages.map((p) => p.label)).toEqual([
      'Overview',
      'Members',
      'Partners',
      'Advertiser accounts',
      'Payment',
      'Finance center',
      'Business info',
      'Verification',
    ]);
    // Every page has an icon, and no two share one (two "P"s could not be told apart).
    const icons = pages.map((p) => (isValidElement(p.icon) ? p.icon.type : null));
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(pages.length);
    expect(items.filter((i) => i?.type === 'divider')).toHaveLength(4);
  });

  test('a standard user sees no admin-only entries', () => {
    renderMenu(toMenuItems(standard.manage, 'manage', label));
    expect(screen.getByText('Members')).toBeTruthy();
    expect(screen.queryByText('Partners')).toBeNull();
    expect(screen.queryByText('Payment')).toBeNull();
    expect(screen.queryByText('Verification')).toBeNull();
  });

  test('hidden entries are routes, not menu items', () => {
    renderMenu(toMenuItems(admin.ads, 'ads', label));
    expect(screen.getByText('Custom report')).toBeTruthy();
    expect(screen.getByText('Hourly report')).toBeTruthy();
    expect(screen.queryByText('Report detail')).toBeNull();
    expect(screen.queryByText('Publisher lists')).toBeNull();
    expect(screen.queryByText('Finance')).toBeNull();
  });

  test('helpers find the submenu to open and the first path of an area', () => {
    expect(openKeysFor(admin.ads, '/report/hourly')).toEqual(['sub:report']);
    expect(firstMenuPath(admin.ads)).toBe('/home/index');
    expect(firstMenuPath(admin.manage)).toBe('/manage/overview');
    const engaged = menusFor({ orgRole: 'org_user', orgType: 1, orgStatus: 2 });
    expect(firstMenuPath(engaged.manage)).toBe('/manage/setting');
    expect(firstMenuPath(engaged.ads)).toBeNull();
  });
});
