import { expect, test } from 'vitest';
import { readToolQuery, writeToolQuery } from './toolQuery';

test('defaults: the pending center queue, first log page', () => {
  expect(readToolQuery('')).toEqual({
    tab: 'centers',
    centerStatus: 'pending',
    advStatus: 0,
    topupStatus: 'pending',
    center: null,
    id: null,
    page: 1,
    pageSize: 20,
  });
});

test('reads the tab, both kinds of status, the selection and the log page', () => {
  expect(readToolQuery('?tab=accounts&status=3&id=1000005').advStatus).toBe(3);
  expect(readToolQuery('?status=rejected').centerStatus).toBe('rejected');
  expect(readToolQuery('?tab=log&page=3&page_size=50')).toMatchObject({ tab: 'log', page: 3, pageSize: 50 });
});

test('ignores invalid values', () => {
  const q = readToolQuery('?tab=evil&status=9&id=-1&page=0&page_size=7');
  expect(q).toMatchObject({ tab: 'centers', centerStatus: 'pending', advStatus: 0, id: null, page: 1 });
  expect(q.pageSize).toBe(20);
});

test('switching tab drops the other tab state and keeps unrelated parameters', () => {
  expect(writeToolQuery('?status=approved&id=100003&lang=x', { tab: 'accounts' })).toBe(
    '?lang=x&tab=accounts',
  );
  expect(writeToolQuery('?tab=log&page=4', { tab: 'centers' })).toBe('');
});

test('another status clears the selection; defaults stay out of the URL', () => {
  expect(writeToolQuery('?tab=accounts&id=1000003', { status: 2 })).toBe('?tab=accounts&status=2');
  expect(writeToolQuery('?tab=accounts&status=2', { status: 0 })).toBe('?tab=accounts');
  expect(writeToolQuery('', { id: 100003 })).toBe('?id=100003');
});

test('a new page size starts at page 1', () => {
  expect(writeToolQuery('?tab=log&page=5', { pageSize: 50 })).toBe('?tab=log&page_size=50');
  expect(writeToolQuery('?tab=log', { page: 2 })).toBe('?tab=log&page=2');
});

test('the top-ups tab: its status, its page and the center looked up for credit lines', () => {
  expect(readToolQuery('?tab=topups&status=confirmed&page=2&center=100001')).toMatchObject({
    tab: 'topups',
    topupStatus: 'confirmed',
    page: 2,
    center: 100001,
  });
  expect(readToolQuery('?tab=topups&status=approved').topupStatus).toBe('pending');
  expect(writeToolQuery('?tab=topups&page=3&center=100001', { status: 'rejected' })).toBe(
    '?tab=topups&center=100001&status=rejected',
  );
  expect(writeToolQuery('?tab=topups&status=rejected', { status: 'pending' })).toBe('?tab=topups');
  expect(writeToolQuery('?tab=topups', { center: 100002 })).toBe('?tab=topups&center=100002');
  expect(writeToolQuery('?tab=topups&center=100002', { center: null })).toBe('?tab=topups');
  expect(writeToolQuery('?tab=topups&center=100002&status=rejected', { tab: 'log' })).toBe('?tab=log');
});

test('the exchanges tab has no state of its own but its name', () => {
  expect(readToolQuery('?tab=exchanges').tab).toBe('exchanges');
  expect(writeToolQuery('?tab=topups&status=rejected&center=100001', { tab: 'exchanges' })).toBe(
    '?tab=exchanges',
  );
  expect(writeToolQuery('?tab=exchanges', { tab: 'centers' })).toBe('');
});
