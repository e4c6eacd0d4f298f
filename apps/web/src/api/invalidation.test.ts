import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { accountKeys } from '../features/accounts/api';
import { advertiserKeys } from '../features/advertisers/api';
import { assetKeys } from '../features/assets/api';
import { audienceKeys } from '../features/audiences/api';
import { businessCenterKeys } from '../features/business-centers/api';
import { businessSettingsKeys } from '../features/business-settings/api';
import { campaignKeys } from '../features/campaigns/api';
import { financeKeys } from '../features/finance/api';
import { memberKeys } from '../features/members/api';
import { noticeKeys } from '../features/notices/api';
import { operatorReviewKeys } from '../features/operator-review/api';
import { overviewKeys } from '../features/overview/api';
import { partnerKeys } from '../features/partners/api';
import { reportKeys } from '../features/reports/api';
import { verificationKeys } from '../features/verification/api';
import { INVALIDATES, invalidateAfter, QUERY_ROOTS, type WriteKind } from './invalidation';

const FEATURE_ROOTS = [
  accountKeys.all,
  advertiserKeys.all,
  assetKeys.all,
  audienceKeys.all,
  businessCenterKeys.all,
  businessSettingsKeys.all,
  campaignKeys.all,
  financeKeys.all,
  memberKeys.all,
  noticeKeys.all,
  operatorReviewKeys.all,
  overviewKeys.all,
  partnerKeys.all,
  reportKeys.all,
  verificationKeys.all,
].map(([root]) => root);

describe('the invalidation map', () => {
  test("every feature's keys start with a root of the map, each root belongs to one feature", () => {
    expect([...FEATURE_ROOTS].sort()).toEqual([...QUERY_ROOTS].sort());
  });

  test('a write marks exactly the queries under its roots stale', async () => {
    const client = new QueryClient();
    const keys = [
      advertiserKeys.list(1, { q: '', status: null, page: 1, pageSize: 20 }),
      accountKeys.userInfo(1),
      memberKeys.list(1, { page: 1, pageSize: 20 }),
      overviewKeys.summary(1),
      partnerKeys.page(1),
      assetKeys.account(1000001),
      noticeKeys.list(),
    ];
    for (const key of keys) client.setQueryData(key, 'cached');
    await invalidateAfter(client, 'advertiser.change');
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated).map(([root]) => root);
    expect(stale.sort()).toEqual(['accounts', 'advertisers', 'members', 'overview']);
  });

  test('each kind names roots that exist, at least one', () => {
    for (const kind of Object.keys(INVALIDATES) as WriteKind[]) {
      expect(INVALIDATES[kind].length, kind).toBeGreaterThan(0);
      for (const root of INVALIDATES[kind]) expect(QUERY_ROOTS, kind).toContain(root);
    }
  });

  test("no feature's data module imports another feature's data module to clear its cache", () => {
    const sources = import.meta.glob('../features/*/api.ts', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(sources)) {
      expect(String(source), file).not.toMatch(/from '\.\.\/[\w-]+\/api'/);
    }
  });
});
