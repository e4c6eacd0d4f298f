import { describe, expect, test } from 'vitest';
import { readAssetFilters, writeAssetFilters } from './listQuery';

describe('readAssetFilters', () => {
  test('reads search, recording status and pagination', () => {
    expect(readAssetFilters('?org=100001&adv=1000001&q=shoe&status=2&page=3&page_size=24')).toEqual({
      q: 'shoe',
      status: 2,
      page: 3,
      pageSize: 24,
    });
  });

  test('ignores values that are not valid', () => {
    expect(readAssetFilters('?status=3&page=0&page_size=7')).toEqual({
      q: '',
      status: null,
      page: 1,
      pageSize: 12,
    });
    expect(readAssetFilters('?status=').status).toBeNull();
    expect(readAssetFilters('?status=0').status).toBe(0);
  });
});

describe('writeAssetFilters', () => {
  test('keeps org and adv and leaves defaults out', () => {
    expect(writeAssetFilters('?org=100001&adv=1000001', { status: 0 })).toBe(
      '?org=100001&adv=1000001&status=0',
    );
    expect(writeAssetFilters('?org=100001&adv=1&status=1', { status: null })).toBe('?org=100001&adv=1');
  });

  test('a new search or status goes back to page 1, paging keeps the filters', () => {
    expect(writeAssetFilters('?adv=1&status=2&page=4', { q: 'px' })).toBe('?adv=1&status=2&q=px');
    expect(writeAssetFilters('?adv=1&q=px', { page: 2 })).toBe('?adv=1&q=px&page=2');
    expect(writeAssetFilters('?adv=1&page=3', { pageSize: 24 })).toBe('?adv=1&page_size=24');
  });
});
