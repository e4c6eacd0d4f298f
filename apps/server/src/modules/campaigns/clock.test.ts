import { describe, expect, test } from 'vitest';
import { accountClock, edgeHours, utcRange, weekHour } from './clock';

describe('clock', () => {
  test('a UTC range is whole days only', () => {
    const r = utcRange('2026-03-01', '2026-03-03', 0);
    expect([r.dayFrom, r.dayTo]).toEqual(['2026-03-01', '2026-03-04']);
    expect(edgeHours(r)).toEqual([]);
  });

  test('+08:00 days start at 16:00 UTC the day before: two edges of 8 and 16 hours', () => {
    const r = utcRange('2026-03-01', '2026-03-03', 480);
    expect(r.from.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect([r.dayFrom, r.dayTo]).toEqual(['2026-03-01', '2026-03-03']);
    expect(edgeHours(r).map((p) => [p.from.toISOString(), p.to.toISOString()])).toEqual([
      ['2026-02-28T16:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-03-03T00:00:00.000Z', '2026-03-03T16:00:00.000Z'],
    ]);
  });

  test('one day of a non-UTC zone is read from hours only', () => {
    const r = utcRange('2026-03-01', '2026-03-01', -300);
    expect(r.dayFrom).toBe(r.dayTo);
    expect(edgeHours(r)).toEqual([{ from: r.from, to: r.to }]);
  });

  test('the dayparting hour and the account day', () => {
    // Monday 2026-03-02 01:30 UTC is Monday 09:30 at +08:00: hour 9 of the week.
    expect(weekHour(new Date('2026-03-02T01:30:00Z'), 480)).toBe(9);
    // Sunday 23:30 at -05:00 is Monday 04:30 UTC.
    expect(weekHour(new Date('2026-03-02T04:30:00Z'), -300)).toBe(167);
    const c = accountClock('+08:00', new Date('2026-03-02T17:00:00Z'));
    expect(c.today).toBe('2026-03-03');
    expect(c.todayStart.toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });
});
