import { describe, expect, test } from 'vitest';
import { readFinanceQuery, readTopupListQuery, writeFinanceQuery, writeTopupListQuery } from './financeQuery';

describe('readFinanceQuery', () => {
  test('reads the accounts tab by default, with its search and page', () => {
    expect(readFinanceQuery('?org=100001&q=shoe&page=3&page_size=50')).toEqual({
      tab: 'accounts',
      q: 'shoe',
      account: null,
      kind: null,
      start: null,
      end: null,
      page: 3,
      pageSize: 50,
    });
  });

  test("reads the ledger's filters", () => {
    expect(
      readFinanceQuery('?tab=transactions&account=1000001&kind=transfer&start=2026-01-01&end=2026-01-31'),
    ).toMatchObject({
      tab: 'transactions',
      account: 1000001,
      kind: 'transfer',
      start: '2026-01-01',
      end: '2026-01-31',
    });
  });

  test('ignores what is not valid: an unknown tab or kind, a half or reversed range, a page size of the other table', () => {
    expect(readFinanceQuery('?tab=nope&kind=gift&account=x&page=-2')).toMatchObject({
      tab: 'accounts',
      kind: null,
      account: null,
      page: 1,
    });
    expect(readFinanceQuery('?tab=transactions&start=2026-01-01')).toMatchObject({ start: null, end: null });
    expect(readFinanceQuery('?tab=transactions&start=2026-02-01&end=2026-01-01')).toMatchObject({
      start: null,
      end: null,
    });
    expect(readFinanceQuery('?tab=transactions&start=2026-13-45&end=2026-13-46').start).toBeNull();
    expect(readFinanceQuery('?tab=transactions&page_size=100').pageSize).toBe(20);
    expect(readFinanceQuery('?page_size=100').pageSize).toBe(100);
  });
});

describe('writeFinanceQuery', () => {
  test('keeps org and leaves defaults out', () => {
    expect(writeFinanceQuery('?org=100001', { q: 'shoe' })).toBe('?org=100001&q=shoe');
    expect(writeFinanceQuery('?org=100001&q=shoe', { q: '' })).toBe('?org=100001');
  });

  test('a new filter or page size goes back to page 1; paging keeps the filters', () => {
    expect(writeFinanceQuery('?org=1&q=x&page=4', { q: 'y' })).toBe('?org=1&q=y');
    expect(writeFinanceQuery('?org=1&q=x', { page: 2 })).toBe('?org=1&q=x&page=2');
    expect(writeFinanceQuery('?org=1&page=3', { pageSize: 50 })).toBe('?org=1&page_size=50');
    expect(writeFinanceQuery('?org=1&tab=transactions&page=3', { kind: 'spend' })).toBe(
      '?org=1&tab=transactions&kind=spend',
    );
  });

  test("another tab starts afresh, with what the patch sets (one account's transactions)", () => {
    expect(writeFinanceQuery('?org=1&q=x&page=2&page_size=100', { tab: 'transactions', account: 7 })).toBe(
      '?org=1&tab=transactions&account=7',
    );
    expect(writeFinanceQuery('?org=1&tab=transactions&kind=spend&page=2', { tab: 'accounts' })).toBe(
      '?org=1',
    );
  });

  test('a date range is written whole or not at all', () => {
    const search = writeFinanceQuery('?org=1&tab=transactions', { start: '2026-01-01', end: '2026-01-02' });
    expect(search).toBe('?org=1&tab=transactions&start=2026-01-01&end=2026-01-02');
    expect(writeFinanceQuery(search, { start: null, end: null })).toBe('?org=1&tab=transactions');
    expect(writeFinanceQuery(search, { start: '2026-01-01' })).toBe(search);
  });
});

describe('the top-up list query', () => {
  test('reads a known status and the page', () => {
    expect(readTopupListQuery('?org=1&status=pending&page=2')).toEqual({ status: 'pending', page: 2 });
    expect(readTopupListQuery('?status=done')).toEqual({ status: null, page: 1 });
  });

  test('another status goes back to page 1', () => {
    expect(writeTopupListQuery('?org=1&page=3', { status: 'rejected' })).toBe('?org=1&status=rejected');
    expect(writeTopupListQuery('?org=1&status=rejected', { page: 2 })).toBe('?org=1&status=rejected&page=2');
    expect(writeTopupListQuery('?org=1&status=rejected&page=2', { status: null })).toBe('?org=1');
  });
});
