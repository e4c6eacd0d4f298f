import type { TOrgSummary } from '@scaler/domain';
import { expect, test } from 'vitest';
import { centersChanged, filterCenters, readCenterFilters, writeCenterFilters } from './centerList';

const org = (org_id: number, org_name: string, org_status: TOrgSummary['org_status']): TOrgSummary => ({
  org_id,
  org_name,
  org_status,
  avatar: null,
  org_role: 'org_admin',
  org_type: 1,
});
const ORGS = [
  org(100005, 'Old Mill Ads', 4),
  org(100003, 'Harbor Media', 2),
  org(100002, 'Bluebird Retail', 1),
  org(100001, 'Northwind Agency', 1),
];

test('reads the search and a known status from the URL', () => {
  expect(readCenterFilters('?q=%20north%20&status=1')).toEqual({ q: 'north', status: 1 });
  expect(readCenterFilters('?status=7')).toEqual({ q: '', status: null });
  expect(readCenterFilters('')).toEqual({ q: '', status: null });
});

test('writes the filters and keeps other parameters', () => {
  expect(writeCenterFilters('?x=1', { q: 'blue', status: 0 })).toBe('?x=1&q=blue&status=0');
  expect(writeCenterFilters('?q=blue&status=0', { q: '', status: null })).toBe('');
});

test('active centers come first, then by name; search matches name or ID', () => {
  expect(filterCenters(ORGS, { q: '', status: null }).map((o) => o.org_id)).toEqual([
    100002, 100001, 100003, 100005,
  ]);
  expect(filterCenters(ORGS, { q: 'HARBOR', status: null }).map((o) => o.org_id)).toEqual([100003]);
  expect(filterCenters(ORGS, { q: '100005', status: null }).map((o) => o.org_id)).toEqual([100005]);
  expect(filterCenters(ORGS, { q: '', status: 1 }).map((o) => o.org_id)).toEqual([100002, 100001]);
});

test('a center approved meanwhile counts as a change; a new center does not', () => {
  const cached = [org(100003, 'Harbor Media', 0)];
  expect(centersChanged(cached, [org(100003, 'Harbor Media', 1)])).toBe(true);
  expect(centersChanged(cached, [org(100003, 'Harbor Media', 0), org(100009, 'New', 2)])).toBe(false);
  expect(centersChanged(cached, [{ ...org(100003, 'Harbor Media', 0), org_role: 'org_user' }])).toBe(true);
});
