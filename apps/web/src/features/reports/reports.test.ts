import { describe, expect, it } from 'vitest';
import { toCsv } from './exportRows';
import { readReportState, writeReportState } from './reportState';

describe('report URL state', () => {
  it('reads dimensions in order, filters and sort; ignores what is invalid', () => {
    const s = readReportState(
      '?dims=campaign,date,nope,date&countries=US,xx&os=2,3&sort=impression&order=asc&page=2&page_size=500&chart=clicks',
    );
    expect(s).toMatchObject({
      dims: ['campaign', 'date'],
      countries: ['US'],
      os: [2],
      sortField: 'impression',
      sortOrder: 'asc',
      page: 2,
      pageSize: 500,
      chart: 'clicks',
    });
    expect(readReportState('?page_size=7&chart=password&sort=DROP%20TABLE')).toMatchObject({
      dims: ['date'],
      pageSize: 50,
      chart: 'gmv',
      sortField: 'gmv',
    });
  });

  it('writes only what differs from the defaults and keeps the account', () => {
    const next = writeReportState('?org=1&adv=2&page=3', { dims: ['date', 'country'], sortField: 'clicks' });
    const p = new URLSearchParams(next);
    expect(p.get('adv')).toBe('2');
    expect(p.get('dims')).toBe('date,country');
    expect(p.get('sort')).toBe('clicks');
    expect(p.get('page')).toBeNull();
    expect(writeReportState('?dims=campaign', { dims: ['date'] })).toBe('');
  });
});

describe('CSV export', () => {
  it('quotes what needs it, guards formulas and starts with a BOM', () => {
    const csv = toCsv(
      [
        { title: 'Name', value: (r) => String(r.name) },
        { title: 'Cost', value: (r) => Number(r.cost) },
      ],
      [
        { name: 'Spring, "big" sale', cost: 1.5 },
        { name: '=HYPERLINK("x")', cost: -2 },
      ],
    );
    expect(csv).toBe('\uFEFFName,Cost\r\n"Spring, ""big"" sale",1.5\r\n"\'=HYPERLINK(""x"")",-2\r\n');
  });
});

describe('hourly report state', () => {
  it('defaults to today against the day before; keeps valid days only', async () => {
    const { readHourlyState, byHour } = await import('./hourlyState');
    expect(readHourlyState('', '2026-11-26')).toMatchObject({
      day: '2026-11-26',
      compare: '2026-11-25',
      metric: 'gmv',
    });
    expect(readHourlyState('?day=2026-11-20&compare=2026-11-13&metric=clicks', '2026-11-26')).toMatchObject({
      day: '2026-11-20',
      compare: '2026-11-13',
      metric: 'clicks',
    });
    // A future day is not a report day.
    expect(readHourlyState('?day=2027-01-01', '2026-11-26').day).toBe('2026-11-26');
    expect(
      byHour([{ hour: 3, gmv: 2 } as { hour: number }, { hour: 23, gmv: 1 } as { hour: number }], 'gmv'),
    ).toEqual([0, 0, 0, 2, ...Array(19).fill(0), 1]);
  });
});
