import { expect, test } from 'vitest';
import { dayStartUtc, localDate } from '../clock/clock';
import {
  type AccountDays,
  combine,
  commissionSpans,
  factorOf,
  firstDayFrom,
  markupSpans,
  partialHours,
} from './schedule';

const zone = (offset: number): AccountDays => ({
  dayStart: (d) => dayStartUtc(d, offset),
  localDate: (at) => localDate(at, offset),
});
const iso = (d: Date | null) => d?.toISOString() ?? null;
const show = (spans: { from: Date; to: Date | null; ratio: string }[]) =>
  spans.map((s) => [iso(s.from), iso(s.to), s.ratio]);

test('money view: a change is in force from the first local day that starts at or after it', () => {
  const plus8 = zone(480);
  // 2026-03-10 15:59 UTC is 23:59 at +08:00: the next local day starts one minute later.
  expect(firstDayFrom(new Date('2026-03-10T15:59:00Z'), plus8)).toBe('2026-03-11');
  // Exactly at local midnight: that day.
  expect(firstDayFrom(new Date('2026-03-10T16:00:00Z'), plus8)).toBe('2026-03-11');
  expect(firstDayFrom(new Date('2026-03-10T16:01:00Z'), plus8)).toBe('2026-03-12');
  expect(firstDayFrom(new Date('2026-03-10T16:01:00Z'), zone(0))).toBe('2026-03-11');
});

test('money view: markup versions become spans at the account’s midnights, windows cut by versions', () => {
  const spans = markupSpans(
    [
      { effectiveAt: new Date(0), ratio: '0.1', start: '2026-03-01', end: null },
      // Made on the 10th at 12:00 +08:00: from the 11th.
      {
        effectiveAt: new Date('2026-03-10T04:00:00Z'),
        ratio: '0.25',
        start: '2026-03-05',
        end: '2026-03-20',
      },
      { effectiveAt: new Date('2026-03-15T04:00:00Z'), ratio: null, start: null, end: null },
    ],
    zone(480),
  );
  expect(show(spans)).toEqual([
    ['2026-02-28T16:00:00.000Z', '2026-03-10T16:00:00.000Z', '0.1'],
    ['2026-03-10T16:00:00.000Z', '2026-03-15T16:00:00.000Z', '0.25'],
  ]);
});

test('money view: a later change replaces one made earlier to take effect later', () => {
  const spans = commissionSpans(
    [
      { effectiveAt: new Date('2026-04-01T00:00:00Z'), rate: '0.2' },
      { effectiveAt: new Date('2026-03-10T12:00:00Z'), rate: '0.05' },
    ],
    zone(0),
  );
  expect(show(spans)).toEqual([['2026-03-11T00:00:00.000Z', null, '0.05']]);
});

test('money view: markup and commission combine exactly; partial UTC days become hours', () => {
  const a = [{ from: new Date('2026-03-01T16:00:00Z'), to: null, ratio: '0.1234' }];
  const b = [{ from: new Date(0), to: null, ratio: '0.0525' }];
  expect(show(combine(a, b))).toEqual([
    ['1970-01-01T00:00:00.000Z', '2026-03-01T16:00:00.000Z', '0.0525'],
    ['2026-03-01T16:00:00.000Z', null, '0.1823785'],
  ]);
  expect(factorOf('0.1823785')).toBe('1.1823785');
  expect(
    partialHours({
      from: new Date('2026-03-01T16:00:00Z'),
      to: new Date('2026-03-05T16:00:00Z'),
      ratio: '1',
    }),
  ).toEqual([
    { from: new Date('2026-03-01T16:00:00Z'), to: new Date('2026-03-02T00:00:00Z') },
    { from: new Date('2026-03-05T00:00:00Z'), to: new Date('2026-03-05T16:00:00Z') },
  ]);
});
