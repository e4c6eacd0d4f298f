import { describe, expect, test } from 'vitest';
import { drillDown, readListState, writeListState } from './listState';

describe('perf list state in the URL', () => {
  test('reads the level from the path and ignores invalid values', () => {
    const s = readListState(
      '/perf/adgroup',
      '?org=1&adv=2&status=12&campaign_ids=5,x,7&sort=gmv&order=asc&page=3&page_size=7',
    );
    expect(s).toMatchObject({
      level: 'adgroup',
      status: 12,
      campaignIds: [5, 7],
      sortField: 'gmv',
      sortOrder: 'asc',
      page: 3,
      pageSize: 50,
    });
    // 12 (ad group paused) is no campaign filter.
    expect(readListState('/perf/campaign', '?status=12').status).toBeNull();
  });

  test('a new filter goes back to page 1 and defaults stay out of the URL', () => {
    expect(writeListState('?org=1&adv=2&page=4', { status: 11 })).toBe('?org=1&adv=2&status=11');
    expect(writeListState('?org=1&status=11', { status: null, sortField: 'gmv' })).toBe('?org=1&sort=gmv');
    expect(writeListState('?org=1&sort=gmv', { page: 2 })).toBe('?org=1&sort=gmv&page=2');
  });

  test('drill-down keeps the context and the parents, drops the filters', () => {
    expect(drillDown('?org=1&adv=2&status=0&q=x', 'adgroup', { campaignId: 9 })).toBe(
      '/perf/adgroup?org=1&adv=2&campaign_ids=9',
    );
    expect(drillDown('?org=1&adv=2&campaign_ids=9', 'creative', { campaignId: 9, adgroupId: 4 })).toBe(
      '/perf/creative?org=1&adv=2&campaign_ids=9&adgroup_ids=4',
    );
  });
});
