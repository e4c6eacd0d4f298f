import { describe, expect, test } from 'vitest';
import { readActivityFilters, writeActivityFilters } from './activityQuery';

describe('activity filters in the URL', () => {
  test('reads known values and ignores the rest', () => {
    expect(readActivityFilters('?org=1&object_type=partner&page=3&page_size=50')).toEqual({
      objectType: 'partner',
      page: 3,
      pageSize: 50,
    });
    expect(readActivityFilters('?object_type=nope&page=-1&page_size=7')).toEqual({
      objectType: null,
      page: 1,
      pageSize: 20,
    });
  });
  test('a new filter returns to page 1 and keeps org', () => {
    expect(writeActivityFilters('?org=100001&page=4', { objectType: 'member' })).toBe(
      '?org=100001&object_type=member',
    );
  });
  test('paging keeps the filter; defaults leave the URL', () => {
    expect(writeActivityFilters('?org=1&object_type=member', { page: 2 })).toBe(
      '?org=1&object_type=member&page=2',
    );
    expect(writeActivityFilters('?org=1&object_type=member&page=2', { objectType: null })).toBe('?org=1');
  });
});
