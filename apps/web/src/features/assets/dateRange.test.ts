import { describe, expect, test } from 'vitest';
import { readDateRange, reportToday, writeDateRange } from './dateRange';

describe('reportToday', () => {
  test('is the date at the report time zone’s offset', () => {
    const now = Date.parse('2026-03-01T20:30:00Z');
    expect(reportToday(now, '+00:00')).toBe('2026-03-01');
    expect(reportToday(now, '+08:00')).toBe('2026-03-02');
    expect(reportToday(Date.parse('2026-03-01T02:00:00Z'), '-05:00')).toBe('2026-02-28');
  });
});

describe('readDateRange', () => {
  test('defaults to the last seven days including today', () => {
    expect(readDateRange('?org=1', '2026-03-02')).toEqual({
      start_date: '2026-02-24',
      end_date: '2026-03-02',
    });
  });

  test('reads a valid range and refuses reversed, malformed or too long ones', () => {
    expect(readDateRange('?start=2026-01-01&end=2026-01-31', '2026-03-02')).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    const fallback = readDateRange('', '2026-03-02');
    expect(readDateRange('?start=2026-02-01&end=2026-01-01', '2026-03-02')).toEqual(fallback);
    expect(readDateRange('?start=2026-1-1&end=2026-01-31', '2026-03-02')).toEqual(fallback);
    expect(readDateRange('?start=2024-01-01&end=2026-01-01', '2026-03-02')).toEqual(fallback);
  });
});

describe('writeDateRange', () => {
  test('keeps the other parameters and leaves the default out', () => {
    expect(
      writeDateRange('?org=1&adv=2', { start_date: '2026-01-01', end_date: '2026-01-31' }, '2026-03-02'),
    ).toBe('?org=1&adv=2&start=2026-01-01&end=2026-01-31');
    expect(
      writeDateRange(
        '?org=1&start=2026-01-01&end=2026-01-31',
        { start_date: '2026-02-24', end_date: '2026-03-02' },
        '2026-03-02',
      ),
    ).toBe('?org=1');
  });
});
