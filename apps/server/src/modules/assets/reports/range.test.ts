import { expect, test } from 'vitest';
import { daysOf, localDate, reportRange } from './range';

test('a range of days in an offset becomes UTC instants', () => {
  const r = reportRange('2026-03-01', '2026-03-02', 8 * 60);
  expect(r.from.toISOString()).toBe('2026-02-28T16:00:00.000Z');
  expect(r.to.toISOString()).toBe('2026-03-02T16:00:00.000Z');
  const west = reportRange('2026-03-01', '2026-03-01', -5 * 60);
  expect(west.from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
  expect(west.to.toISOString()).toBe('2026-03-02T05:00:00.000Z');
});

test('an instant falls on the day of the offset', () => {
  const at = new Date('2026-03-01T20:30:00Z');
  expect(localDate(at, 0)).toBe('2026-03-01');
  expect(localDate(at, 8 * 60)).toBe('2026-03-02');
  expect(localDate(new Date('2026-03-01T02:00:00Z'), -5 * 60)).toBe('2026-02-28');
});

test('every day of the range, newest first', () => {
  expect(daysOf(reportRange('2026-02-27', '2026-03-01', 0))).toEqual([
    '2026-03-01',
    '2026-02-28',
    '2026-02-27',
  ]);
});
