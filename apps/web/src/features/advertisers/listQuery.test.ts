import { describe, expect, test } from 'vitest';
import { readAdvertiserFilters, writeAdvertiserFilters } from './listQuery';

describe('readAdvertiserFilters', () => {
  test('reads search, status and pagination', () => {
    expect(readAdvertiserFilters('?org=100001&q=shoe&status=2&page=3&page_size=50')).toEqual({
      q: 'shoe',
      status: 2,
      page: 3,
      pageSize: 50,
    });
  });

  test('ignores values that are not valid', () => {
    expect(readAdvertiserFilters('?status=9&page=-1&page_size=7')).toEqual({
      q: '',
      status: null,
      page: 1,
      pageSize: 20,
    });
    expect(readAdvertiserFilters('?status=').status).toBeNull();
    expect(readAdvertiserFilters('?status=0').status).toBe(0);
  });
});

describe('writeAdvertiserFilters', () => {
  test('keeps org and adv and leaves defaults out', () => {
    expect(writeAdvertiserFilters('?org=100001&adv=1000001', { status: 1 })).toBe(
      '?org=100001&adv=1000001&status=1',
    );
    expect(writeAdvertiserFilters('?org=100001&status=1', { status: null })).toBe('?org=100001');
  });

  test('a new search or status goes back to page 1, paging keeps the filters', () => {
    expect(writeAdvertiserFilters('?org=1&status=2&page=4', { q: 'x' })).toBe('?org=1&status=2&q=x');
    expect(writeAdvertiserFilters('?org=1&q=x', { page: 2 })).toBe('?org=1&q=x&page=2');
    expect(writeAdvertiserFilters('?org=1&page=3', { pageSize: 50 })).toBe('?org=1&page_size=50');
  });
});
