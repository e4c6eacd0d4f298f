import type { TOrgSummary } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { settingPageVisible } from './settingNav';

const org = (patch: Partial<TOrgSummary>): TOrgSummary => ({
  org_id: 100001,
  org_name: 'N',
  avatar: null,
  org_status: 1,
  org_role: 'org_admin',
  org_type: 1,
  ...patch,
});

describe('settingPageVisible', () => {
  test('account markup is for org admins of active agency centers only', () => {
    expect(settingPageVisible('/setting/account-markup', org({}))).toBe(true);
    expect(settingPageVisible('/setting/account-markup', org({ org_role: 'org_user' }))).toBe(false);
    expect(settingPageVisible('/setting/account-markup', org({ org_type: 2 }))).toBe(false);
    expect(settingPageVisible('/setting/account-markup', null)).toBe(false);
  });

  test('the other pages stay listed', () => {
    expect(settingPageVisible('/setting/index', null)).toBe(true);
    expect(settingPageVisible('/setting/account-info', org({ org_role: 'org_user' }))).toBe(true);
  });
});
