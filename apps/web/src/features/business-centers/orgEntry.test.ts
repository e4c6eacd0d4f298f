import type { OrgStatus } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { toBcList } from './api';
import { orgEntryPath } from './orgEntry';

const org = (org_id: number, org_status: OrgStatus) => ({
  org_id,
  org_status,
  org_name: `Org ${org_id}`,
  avatar: null,
  org_role: 'org_admin' as const,
  org_type: 1 as const,
});

describe('business center entry', () => {
  test('active centers open the overview, pending ones business settings, disabled ones nothing', () => {
    expect(orgEntryPath(org(1, 1))).toBe('/manage/overview?org=1');
    expect(orgEntryPath(org(2, 0))).toBe('/manage/setting?org=2');
    expect(orgEntryPath(org(3, 2))).toBe('/manage/setting?org=3');
    expect(orgEntryPath(org(4, 3))).toBe('/manage/setting?org=4');
    expect(orgEntryPath(org(5, 4))).toBeNull();
  });

  test('bcList keeps only active centers', () => {
    expect(toBcList([org(1, 1), org(2, 2), org(3, 1), org(4, 4)]).map((o) => o.org_id)).toEqual([1, 3]);
  });
});
