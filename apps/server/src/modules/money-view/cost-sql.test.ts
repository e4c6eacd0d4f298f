import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import { dayCost, partialReads, wholeDayRanges } from './cost-sql';

const dialect = new PgDialect();
const span = (from: string, to: string | null, ratio: string) => ({
  from: new Date(from),
  to: to === null ? null : new Date(to),
  ratio,
});

test('money view SQL: daily rows take only the UTC days a span holds whole', () => {
  // +08:00 midnights: 2026-03-01 16:00 UTC to 2026-03-05 16:00 UTC holds 03-02, 03-03 and 03-04 whole.
  const s = [span('2026-03-01T16:00:00Z', '2026-03-05T16:00:00Z', '0.5')];
  expect(wholeDayRanges(s, '2026-02-01', '2026-03-31')).toEqual([
    { first: '2026-03-02', last: '2026-03-04', ratio: '0.5' },
  ]);
  expect(wholeDayRanges(s, '2026-03-03', '2026-03-03')).toEqual([
    { first: '2026-03-03', last: '2026-03-03', ratio: '0.5' },
  ]);
  expect(wholeDayRanges(s, '2026-03-05', '2026-03-31')).toEqual([]);
  const { params } = dialect.sqlToQuery(dayCost(s));
  expect(params).toEqual(['2026-03-02', '2026-03-05', '1.5']);
});

test('money view SQL: the hours of the days a span cuts, within the days read whole', () => {
  const view = { cost: [span('2026-03-01T16:00:00Z', null, '0.5')], fee: null };
  const p = partialReads(view, '2026-02-01', '2026-04-01');
  expect(p?.fee).toBeNull();
  // Only 2026-03-01 16:00–24:00 (the span has no end).
  expect(dialect.sqlToQuery(p?.where as never).params).toEqual([
    '2026-03-01T16:00:00.000Z',
    '2026-03-02T00:00:00.000Z',
  ]);
  // Outside the days read whole: nothing to add.
  expect(partialReads(view, '2026-03-02', '2026-04-01')).toBeNull();
  // Spans from UTC midnight to UTC midnight need no hours.
  expect(
    partialReads({ cost: [span('2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z', '1')], fee: [] }, null, null),
  ).toBeNull();
});
