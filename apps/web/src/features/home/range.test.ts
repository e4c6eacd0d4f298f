import { expect, test } from 'vitest';
import { readDateRange } from '../assets/dateRange';
import { homeDefaultEnd, rangeNote } from './range';

test('the default range is the seven full days up to yesterday, across a month end', () => {
  expect(homeDefaultEnd('2026-03-01')).toBe('2026-02-28');
  expect(readDateRange('', homeDefaultEnd('2026-11-27'))).toEqual({
    start_date: '2026-11-20',
    end_date: '2026-11-26',
  });
});

test('the page says whether the range stops at yesterday or holds a partial today', () => {
  const today = '2026-11-27';
  expect(rangeNote({ start_date: '2026-11-20', end_date: '2026-11-26' }, today)).toBe('to_yesterday');
  expect(rangeNote({ start_date: '2026-11-21', end_date: '2026-11-27' }, today)).toBe('partial_today');
  expect(rangeNote({ start_date: '2026-11-01', end_date: '2026-11-10' }, today)).toBeNull();
});
