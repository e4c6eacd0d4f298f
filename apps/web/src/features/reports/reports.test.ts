import { describe, expect, it } from 'vitest';
import { exportColumnsFor, toCsv, xlsxFormat } from './exportRows';
import { formatCell, formatMoney, moneyDecimals } from './metricFormats';
import { cohortAllowed, DEFAULT_COLS, loadChoice, saveChoice, visibleMetrics } from './reportColumns';
import {
  detailLink,
  hasDetail,
  readReportState,
  rowHasDetail,
  rowKeyOf,
  writeReportState,
} from './reportState';

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
      sortField: 'date',
      sortOrder: 'asc',
      sorted: false,
    });
  });

  it('a report by date or hour is in time order until the user sorts; by cost otherwise', () => {
    expect(readReportState('?dims=campaign,date')).toMatchObject({ sortField: 'date', sortOrder: 'asc' });
    expect(readReportState('?dims=country,hour')).toMatchObject({ sortField: 'hour', sortOrder: 'asc' });
    expect(readReportState('?dims=country')).toMatchObject({ sortField: 'gmv', sortOrder: 'desc' });
    expect(readReportState('?dims=date&sort=gmv')).toMatchObject({
      sortField: 'gmv',
      sortOrder: 'desc',
      sorted: true,
    });
    // A dimension no longer shown does not sort.
    expect(readReportState('?dims=date&sort=country&order=asc')).toMatchObject({
      sortField: 'date',
      sorted: false,
    });
    // The user's sort by cost is kept in the URL; clearing it goes back to the default.
    const sorted = writeReportState('?dims=date', { sortField: 'gmv', sortOrder: 'desc' });
    expect(readReportState(sorted)).toMatchObject({ sortField: 'gmv', sortOrder: 'desc', sorted: true });
    expect(writeReportState('?dims=date&sort=gmv&order=asc', { sortField: '' })).toBe('?dims=date');
  });

  it('row keys hold every dimension: unique per dimension set', () => {
    const row = { date: '2026-11-01', country: 'US', campaign_id: 7 };
    expect(rowKeyOf(['date', 'country'], row)).toBe('date:"2026-11-01"|country:"US"');
    expect(rowKeyOf(['country'], row)).not.toBe(rowKeyOf(['campaign'], { campaign_id: 'US' }));
    expect(rowKeyOf(['country'], { country: null })).not.toBe(rowKeyOf(['country'], { country: '' }));
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

  it('writes numbers as shown: money with its column’s decimals, ratios as percentages, then the totals', () => {
    const rows = [
      { name: 'a', gmv: 12.3, ctr: 0.01234, clicks: 1200 },
      { name: 'b', gmv: 0.0042, ctr: 0.5, clicks: 3 },
    ];
    const columns = exportColumnsFor(
      [
        { title: 'Name', value: (r) => String(r.name) },
        { title: 'Cost', kind: 'money', value: (r) => r.gmv as number },
        { title: 'CTR', kind: 'percent', value: (r) => r.ctr as number },
        { title: 'Clicks', kind: 'count', value: (r) => r.clicks as number },
      ],
      rows,
      { label: 'Total', values: { name: 'x', gmv: 12.3042, ctr: 0.0125, clicks: 1203 } },
    );
    expect(columns[1].decimals).toBe(4);
    expect(toCsv(columns, rows)).toBe(
      '\uFEFFName,Cost,CTR,Clicks\r\na,12.3000,1.23%,1200\r\nb,0.0042,50.00%,3\r\nTotal,12.3042,1.25%,1203\r\n',
    );
    expect(xlsxFormat(columns[1])).toBe('"$"#,##0.0000');
    expect(xlsxFormat(columns[2])).toBe('0.00%');
    expect(xlsxFormat(columns[0])).toBeUndefined();
  });
});

describe('money in a column', () => {
  it('has one number of decimals, two to four: enough for its smallest amount', () => {
    expect(moneyDecimals([12.3, 1, 0, null])).toBe(2);
    expect(moneyDecimals([12.3, 0.045])).toBe(3);
    expect(moneyDecimals([12.3, 0.0042])).toBe(4);
    expect(formatMoney(1234.5, 2)).toBe('$1,234.50');
    expect(formatMoney(-0.0042, 4)).toBe('-$0.0042');
    expect(formatCell('money', 0.5, 'en-US', 2)).toBe('$0.50');
    expect(formatCell('money', null, 'en-US', 2)).toBe('—');
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

  it('leaves the hours of today that have not begun empty, and their change', async () => {
    const { byHour, changeOf, lastHourOf } = await import('./hourlyState');
    // 2026-11-26 09:30 at +08:00 is 01:30 UTC.
    const now = Date.parse('2026-11-26T01:30:00Z');
    expect(lastHourOf('2026-11-26', '2026-11-26', now, 480)).toBe(9);
    expect(lastHourOf('2026-11-25', '2026-11-26', now, 480)).toBe(23);
    const today = byHour([{ hour: 3, gmv: 2 } as { hour: number }], 'gmv', 9);
    expect(today.slice(8, 11)).toEqual([0, 0, null]);
    expect(changeOf(today[10], 5)).toBeNull();
    expect(changeOf(3, 2)).toBe(0.5);
    expect(changeOf(0, 0)).toBe(0);
    expect(changeOf(1, 0)).toBeNull();
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
    // An unknown value cannot be a filter: such a row has no detail of its own.
    expect(rowHasDetail(['date', 'country'], { date: '2026-11-01', country: '' })).toBe(false);
    expect(rowHasDetail(['date', 'country'], { date: '2026-11-01', country: 'US' })).toBe(true);
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
