import { describe, expect, test } from 'vitest';
import { ADS_MENU, isMenuItemVisible, type MenuItem, menuPaths, menusFor } from './menus';

const keys = (items: readonly MenuItem[]) => items.map((i) => i.key);
const childKeys = (items: readonly MenuItem[]) =>
  Object.fromEntries(items.map((i) => [i.key, keys(i.children ?? [])]));

describe('menusFor an active center', () => {
  test('top menu follows the sort values and drops finance after login', () => {
    expect(keys(ADS_MENU.toSorted((a, b) => a.sort - b.sort))).toEqual([
      'home',
      'perf',
      'assets',
      'finance',
      'report',
    ]);
    const { ads } = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 1 });
    expect(keys(ads)).toEqual(['home', 'perf', 'assets', 'report']);
  });

  test('report children are custom 1, hourly 2, bundle 3, then the hidden pages', () => {
    const { ads } = menusFor({ orgRole: 'org_user', orgType: 2, orgStatus: 1 });
    const report = ads.find((m) => m.key === 'report')!;
    expect(report.children!.filter((c) => !c.hidden).map((c) => c.key)).toEqual([
      'report-custom',
      'report-hourly',
      'report-bundle',
    ]);
  });

  test('agency admin sees every manage group and item', () => {
    const { manage } = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 1 });
    expect(childKeys(manage)).toEqual({
      overview: ['overview-index', 'overview-detail'],
      users: ['members', 'partner'],
      accounts: ['account'],
      'finance-group': ['payment', 'finance-center'],
      'business-settings': ['setting', 'verify'],
    });
  });

  test('advertiser-type admin has no finance and no verify', () => {
    const { manage } = menusFor({ orgRole: 'org_admin', orgType: 2, orgStatus: 1 });
    expect(childKeys(manage)).toEqual({
      overview: ['overview-index', 'overview-detail'],
      users: ['members', 'partner'],
      accounts: ['account'],
      'business-settings': ['setting'],
    });
  });

  test('standard user sees no partner, payment, finance or verify', () => {
    for (const orgType of [1, 2] as const) {
      const { manage } = menusFor({ orgRole: 'org_user', orgType, orgStatus: 1 });
      expect(childKeys(manage)).toEqual({
        overview: ['overview-index', 'overview-detail'],
        users: ['members'],
        accounts: ['account'],
        'business-settings': ['setting'],
      });
    }
  });
});

describe('menusFor a center that is not active', () => {
  for (const orgStatus of [0, 2, 3] as const)
    test(`status ${orgStatus}: only business settings, every item regardless of role`, () => {
      for (const orgRole of ['org_admin', 'org_user'] as const)
        for (const orgType of [1, 2] as const) {
          const menus = menusFor({ orgRole, orgType, orgStatus });
          expect(menus.ads).toEqual([]);
          expect(childKeys(menus.manage)).toEqual({ 'business-settings': ['setting', 'verify'] });
        }
    });

  test('a disabled center shows nothing', () => {
    expect(menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 4 })).toEqual({ ads: [], manage: [] });
  });
});

test('isMenuItemVisible: no role list means everyone; a type list only narrows a role list', () => {
  const base = { key: 'k', path: '/p', name: 'n', sort: 1 };
  expect(isMenuItemVisible(base, { orgRole: 'org_user', orgType: 2 })).toBe(true);
  expect(isMenuItemVisible({ ...base, roleTypes: [1] }, { orgRole: 'org_user', orgType: 2 })).toBe(true);
  expect(
    isMenuItemVisible(
      { ...base, roles: ['org_admin'], roleTypes: [1] },
      { orgRole: 'org_admin', orgType: 2 },
    ),
  ).toBe(false);
  expect(
    isMenuItemVisible(
      { ...base, roles: ['org_admin'], roleTypes: [1] },
      { orgRole: 'org_admin', orgType: 1 },
    ),
  ).toBe(true);
});

test('menuPaths lists hidden pages too', () => {
  const paths = menuPaths(menusFor({ orgRole: 'org_user', orgType: 1, orgStatus: 1 }));
  expect(paths).toContain('/report/detail');
  expect(paths).toContain('/manage/overview/detail');
  expect(paths).not.toContain('/manage/partner');
});
