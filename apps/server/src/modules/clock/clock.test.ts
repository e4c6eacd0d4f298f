import { describe, expect, test } from 'vitest';
import {
  accountClock,
  addDays,
  dayHours,
  dayStartUtc,
  isUtcZone,
  localDate,
  localDayReads,
  offsetMinutes,
  rangeReads,
  sameDays,
  utcRange,
  weekHour,
} from './clock';

describe('clock', () => {
  const pieces = (r: ReturnType<typeof rangeReads>) =>
    r.hours.map((p) => [p.from.toISOString(), p.to.toISOString(), p.sign]);

  test('a UTC range is whole days only', () => {
    const r = utcRange('2026-03-01', '2026-03-03', 0);
    expect([r.dayFrom, r.dayTo]).toEqual(['2026-03-01', '2026-03-04']);
    expect(rangeReads(r)).toEqual({ dayFrom: '2026-03-01', dayTo: '2026-03-04', hours: [] });
  });

  test('+08:00: the first 8 hours added, the last partial day as the whole day less its last 8 hours', () => {
    const r = utcRange('2026-03-01', '2026-03-03', 480);
    expect(r.from.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect([r.dayFrom, r.dayTo]).toEqual(['2026-03-01', '2026-03-03']);
    const reads = rangeReads(r);
    expect([reads.dayFrom, reads.dayTo]).toEqual(['2026-03-01', '2026-03-04']);
    expect(pieces(reads)).toEqual([
      ['2026-02-28T16:00:00.000Z', '2026-03-01T00:00:00.000Z', 1],
      ['2026-03-03T16:00:00.000Z', '2026-03-04T00:00:00.000Z', -1],
    ]);
  });

  test('-05:00: each end read the shorter way, one local day too', () => {
    const reads = rangeReads(utcRange('2026-03-01', '2026-03-03', -300));
    // 2026-03-01T05:00Z .. 2026-03-04T05:00Z: the first UTC day less its first 5 hours, 5 hours after.
    expect([reads.dayFrom, reads.dayTo]).toEqual(['2026-03-01', '2026-03-04']);
    expect(pieces(reads)).toEqual([
      ['2026-03-01T00:00:00.000Z', '2026-03-01T05:00:00.000Z', -1],
      ['2026-03-04T00:00:00.000Z', '2026-03-04T05:00:00.000Z', 1],
    ]);
    const one = utcRange('2026-03-01', '2026-03-01', -300);
    expect(one.dayFrom).toBe(one.dayTo);
    const oneReads = rangeReads(one);
    expect([oneReads.dayFrom, oneReads.dayTo]).toEqual(['2026-03-01', '2026-03-02']);
    expect(pieces(oneReads)).toEqual([
      ['2026-03-01T00:00:00.000Z', '2026-03-01T05:00:00.000Z', -1],
      ['2026-03-02T00:00:00.000Z', '2026-03-02T05:00:00.000Z', 1],
    ]);
  });

  test('every hour of a range is counted once, whatever the zone', () => {
    // Hour h (0 = 2026-02-27T00Z) counted by the reads: +1 per whole day and added piece, -1 per taken piece.
    const base = Date.parse('2026-02-27T00:00:00Z');
    for (const offset of [-720, -300, -60, 0, 60, 300, 480, 540, 720, 840]) {
      for (const [start, end] of [
        ['2026-03-01', '2026-03-01'],
        ['2026-03-01', '2026-03-02'],
        ['2026-03-01', '2026-03-05'],
      ]) {
        const r = utcRange(start, end, offset);
        const reads = rangeReads(r);
        const counted = new Map<number, number>();
        const count = (from: number, to: number, by: number) => {
          for (let t = from; t < to; t += 3_600_000) counted.set(t, (counted.get(t) ?? 0) + by);
        };
        count(Date.parse(`${reads.dayFrom}T00:00:00Z`), Date.parse(`${reads.dayTo}T00:00:00Z`), 1);
        for (const p of reads.hours) count(p.from.getTime(), p.to.getTime(), p.sign);
        for (let t = base; t < base + 12 * 86_400_000; t += 3_600_000) {
          const inside = t >= r.from.getTime() && t < r.to.getTime();
          expect(counted.get(t) ?? 0, `${offset} ${start}..${end} ${new Date(t).toISOString()}`).toBe(
            inside ? 1 : 0,
          );
        }
        expect(reads.hours.reduce((n, p) => n + (p.to.getTime() - p.from.getTime()), 0)).toBeLessThanOrEqual(
          24 * 3_600_000,
        );
      }
    }
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

describe('local days from a daily rollup', () => {
  test('every zone of spec 9: base days plus and minus the window hours give each local day exactly', () => {
    // A value per UTC hour over enough days; the local day's sum read directly and by the decomposition.
    const start = '2026-03-10';
    const end = '2026-03-14';
    const value = (t: number) => (t / 3_600_000) % 97;
    for (let h = -10; h <= 12; h++) {
      if (h === 0) {
        expect(localDayReads(start, end, 0)).toBeNull();
        continue;
      }
      const offset = h * 60;
      const reads = localDayReads(start, end, offset);
      if (!reads) throw new Error('expected reads');
      expect(reads.hoursOfDay.length).toBeLessThanOrEqual(12);
      const listed = new Set(reads.hours.map((d) => d.getTime()));
      for (let day = start; day <= end; day = addDays(day, 1)) {
        const from = Date.parse(`${day}T00:00:00Z`) - offset * 60_000;
        let direct = 0;
        for (let t = from; t < from + 86_400_000; t += 3_600_000) direct += value(t);
        const base = Date.parse(`${addDays(day, reads.k)}T00:00:00Z`);
        let viaRollup = 0;
        for (let t = base; t < base + 86_400_000; t += 3_600_000) viaRollup += value(t);
        // Each listed hour: added to its local day, taken from the day whose base day holds it.
        for (const t of listed) {
          const at = new Date(t);
          if (localDate(at, offset) === day) viaRollup += value(t);
          if (addDays(at.toISOString().slice(0, 10), -reads.k) === day) viaRollup -= value(t);
        }
        expect([h, day, viaRollup]).toEqual([h, day, direct]);
      }
      // Only window hours are listed, and no more than the range needs.
      expect(reads.hours.every((d) => reads.hoursOfDay.includes(d.getUTCHours()))).toBe(true);
      expect(reads.hours.length).toBeLessThanOrEqual((5 + 1) * reads.hoursOfDay.length);
    }
    expect(localDayReads(start, end, 330)).toBeNull();
  });
});

describe('account days with daylight saving (IANA zones)', () => {
  const iso = (d: Date) => d.toISOString();

  test('America/New_York: the day clocks go forward is 23 hours, the day they go back 25', () => {
    const ny = 'America/New_York';
    // 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
    expect(iso(dayStartUtc('2026-03-07', ny))).toBe('2026-03-07T05:00:00.000Z');
    expect(iso(dayStartUtc('2026-03-08', ny))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(dayStartUtc('2026-03-09', ny))).toBe('2026-03-09T04:00:00.000Z');
    expect(dayHours('2026-03-07', ny)).toBe(24);
    expect(dayHours('2026-03-08', ny)).toBe(23);
    expect(dayHours('2026-03-09', ny)).toBe(24);
    expect(iso(dayStartUtc('2026-11-01', ny))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(dayStartUtc('2026-11-02', ny))).toBe('2026-11-02T05:00:00.000Z');
    expect(dayHours('2026-10-31', ny)).toBe(24);
    expect(dayHours('2026-11-01', ny)).toBe(25);
    // A range of local days runs from the first day's start to the day after the last's.
    const r = utcRange('2026-10-31', '2026-11-01', ny);
    expect([iso(r.from), iso(r.to)]).toEqual(['2026-10-31T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
  });

  test('Europe/Berlin: 23 hours on 2026-03-29, 25 on 2026-10-25, starts at the local midnight', () => {
    const berlin = 'Europe/Berlin';
    expect(iso(dayStartUtc('2026-03-29', berlin))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(dayStartUtc('2026-03-30', berlin))).toBe('2026-03-29T22:00:00.000Z');
    expect(dayHours('2026-03-29', berlin)).toBe(23);
    expect(iso(dayStartUtc('2026-10-25', berlin))).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(dayStartUtc('2026-10-26', berlin))).toBe('2026-10-25T23:00:00.000Z');
    expect(dayHours('2026-10-25', berlin)).toBe(25);
    expect(dayHours('2026-07-01', berlin)).toBe(24);
  });

  test('a zone whose clocks change at midnight starts that day at the change', () => {
    // America/Havana goes forward at 00:00 on 2026-03-08: 00:00–01:00 does not exist.
    const havana = 'America/Havana';
    expect(iso(dayStartUtc('2026-03-08', havana))).toBe('2026-03-08T05:00:00.000Z');
    expect(dayHours('2026-03-08', havana)).toBe(23);
    expect(localDate(new Date('2026-03-08T05:00:00Z'), havana)).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-08T04:59:59Z'), havana)).toBe('2026-03-07');
  });

  test('the dayparting hour by the local clock, across the change', () => {
    const ny = 'America/New_York';
    // Sunday 2026-03-08: 01:30 EST is 06:30Z (hour 6*24+1); an hour later it is 03:30 EDT (hour 6*24+3).
    expect(weekHour(new Date('2026-03-08T06:30:00Z'), ny)).toBe(6 * 24 + 1);
    expect(weekHour(new Date('2026-03-08T07:30:00Z'), ny)).toBe(6 * 24 + 3);
    // Sunday 2026-11-01: 01:30 EDT (05:30Z) and 01:30 EST (06:30Z) are the same cell.
    expect(weekHour(new Date('2026-11-01T05:30:00Z'), ny)).toBe(6 * 24 + 1);
    expect(weekHour(new Date('2026-11-01T06:30:00Z'), ny)).toBe(6 * 24 + 1);
    // Monday 2026-03-30 00:30 in Berlin (CEST, +02:00) is Sunday 22:30 UTC.
    expect(weekHour(new Date('2026-03-29T22:30:00Z'), 'Europe/Berlin')).toBe(0);
  });

  test('the account clock: today, its start and end, the offset now', () => {
    const c = accountClock('America/New_York', new Date('2026-11-01T14:00:00Z'));
    expect(c).toMatchObject({ zone: 'America/New_York', offset: -300, today: '2026-11-01' });
    expect([iso(c.todayStart), iso(c.todayEnd)]).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
    // Summer and winter offsets; a stored fixed offset stays readable.
    expect(offsetMinutes('Europe/Berlin', new Date('2026-07-01T00:00:00Z'))).toBe(120);
    expect(offsetMinutes('Europe/Berlin', new Date('2026-01-01T00:00:00Z'))).toBe(60);
    expect(offsetMinutes('+08:00')).toBe(480);
    const fixed = accountClock('Etc/GMT-8', new Date('2026-03-02T17:00:00Z'));
    expect([fixed.today, iso(fixed.todayStart), fixed.offset]).toEqual([
      '2026-03-03',
      '2026-03-02T16:00:00.000Z',
      480,
    ]);
  });
});

describe('whether a report zone reads the account’s own days', () => {
  test('UTC zones as accounts store them', () => {
    for (const z of ['+00:00', 'UTC', 'Etc/UTC']) expect(isUtcZone(z)).toBe(true);
    for (const z of ['+08:00', 'Europe/London', 'Asia/Shanghai']) expect(isUtcZone(z)).toBe(false);
  });

  test('a fixed zone of the same offset, or an IANA zone with no change of offset inside the range', () => {
    expect(sameDays('+08:00', 480, '2026-03-01', '2026-03-30')).toBe(true);
    expect(sameDays('+08:00', 540, '2026-03-01', '2026-03-30')).toBe(false);
    expect(sameDays('Asia/Shanghai', 480, '2026-01-01', '2026-12-31')).toBe(true);
    // New York: -05:00 until 2026-03-08, -04:00 after.
    expect(sameDays('America/New_York', -300, '2026-02-01', '2026-03-07')).toBe(true);
    expect(sameDays('America/New_York', -300, '2026-02-01', '2026-03-08')).toBe(false);
    expect(sameDays('America/New_York', -240, '2026-03-09', '2026-04-30')).toBe(true);
    expect(sameDays('America/New_York', -240, '2026-03-08', '2026-04-30')).toBe(false);
  });
});
