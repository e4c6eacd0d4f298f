import { expect, test } from 'vitest';
import { commissionText, isFromTheStart, markupText, percentOf } from './format';

const t = (key: string) => key;

test('money history: percentages keep the rate exact, versions in words', () => {
  expect(percentOf(0.1234)).toBe('12.34%');
  expect(percentOf(0.0525)).toBe('5.25%');
  expect(percentOf(0.5)).toBe('50%');
  expect(markupText({ ratio: 0.1, start_date: '2026-01-01', end_date: null, role: 'advertiser' }, t)).toBe(
    '10% · 2026-01-01 – markup.no_end',
  );
  expect(markupText(null, t)).toBe('markup.none');
  expect(
    commissionText(
      { show_commission: false, use_commission: true, commission_rate: 0.05, effective_time: null },
      t,
    ),
  ).toBe('5% · commission.history.hidden');
  expect(isFromTheStart('1970-01-01T00:00:00.000Z')).toBe(true);
  expect(isFromTheStart('2026-11-28T00:00:00.000Z')).toBe(false);
});
