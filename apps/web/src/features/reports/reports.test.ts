import { describe, expect, it } from 'vitest';
import { toCsv } from './exportRows';
import { cohortAllowed, DEFAULT_COLS, loadChoice, saveChoice, visibleMetrics } from './reportColumns';
import { detailLink, hasDetail, readReportState, writeReportState } from './reportState';

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
    expect(readReportState('?page_size=7&chart=1%3B--&sort=DROP%20TABLE')).toMatchObject({
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

describe('report filters and detail links', () => {
  it('reads app, pixel, hour and event filters and the columns; drops what is invalid', () => {
    const s = readReportState(
      `?app_ids=${'a'.repeat(24)},nope&pixel_ids=${'b'.repeat(24)}&hours=23,4,24,x,4&event_filter=purchase,1bad&cols=gmv,roas7,d%20`,
    );
    expect(s).toMatchObject({
      appIds: ['a'.repeat(24)],
      pixelIds: ['b'.repeat(24)],
      hours: [4, 23],
      eventFilter: ['purchase'],
      cols: ['gmv', 'roas7'],
    });
    expect(readReportState('').cols).toBeNull();
    const back = new URLSearchParams(
      writeReportState('', { hours: [1, 2], appIds: ['a'.repeat(24)], cols: [] }),
    );
    expect(back.get('hours')).toBe('1,2');
    expect(back.get('cols')).toBe('');
  });

  it('a row opens by date with its values as filters; the other filters and the columns stay', () => {
    const link = detailLink(
      '?adv=2&dims=campaign,hour&countries=US&cols=gmv&sort=clicks&page=3',
      ['campaign', 'hour'],
      {
        campaign_id: 7,
        hour: 5,
      },
    );
    const p = new URLSearchParams(link.split('?')[1]);
    expect(p.get('campaign_ids')).toBe('7');
    expect(p.get('hours')).toBe('5');
    expect(p.get('countries')).toBe('US');
    expect(p.get('cols')).toBe('gmv');
    expect(p.get('dims')).toBeNull();
    expect(p.get('sort')).toBeNull();
    expect(p.get('page')).toBeNull();
    const event = new URLSearchParams(
      detailLink('?dims=event', ['event'], { event: 'quiz_done' }).split('?')[1],
    );
    expect(event.get('dims')).toBe('date,event');
    expect(event.get('event_filter')).toBe('quiz_done');
    expect(hasDetail(['date'])).toBe(false);
    expect(hasDetail(['date', 'event'])).toBe(true);
  });
});

describe('report columns', () => {
  it('basic columns by default; event, revenue and ROAS only when chosen; cost incl. fee after cost', () => {
    expect(visibleMetrics(null, false)).toEqual([...DEFAULT_COLS]);
    expect(visibleMetrics(['roas7', 'clicks', 'advertiser_revenue1', 'nope'], true)).toEqual([
      'gmv_fee',
      'clicks',
      'advertiser_revenue1',
      'roas7',
    ]);
    expect(visibleMetrics(['gmv', 'd30', 'impression'], true)).toEqual([
      'gmv',
      'gmv_fee',
      'impression',
      'd30',
    ]);
    expect(cohortAllowed(['campaign'], { bundles: [], hours: [] })).toBe(true);
    expect(cohortAllowed(['campaign'], { bundles: [], hours: [3] })).toBe(false);
    expect(cohortAllowed(['bundle'], { bundles: [], hours: [] })).toBe(false);
  });

  it('remembers the choice per user and ignores what it does not know', () => {
    saveChoice('u1', { cols: ['gmv', 'roas3'], events: ['purchase'] });
    expect(loadChoice('u1')).toEqual({ cols: ['gmv', 'roas3'], events: ['purchase'] });
    expect(loadChoice('u2')).toBeNull();
    expect(loadChoice(null)).toBeNull();
    localStorage.setItem(
      'SC-REPORT-COLUMNS:u3',
      JSON.stringify({ cols: ['gmv', 'x', 3], events: ['bad id'] }),
    );
    expect(loadChoice('u3')).toEqual({ cols: ['gmv'], events: [] });
    localStorage.setItem('SC-REPORT-COLUMNS:u4', '{');
    expect(loadChoice('u4')).toBeNull();
  });
});
