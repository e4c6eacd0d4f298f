import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { formatPercent, markupFormValues, markupIssues, markupPhase, toMarkupRequest } from './markup';

const d = (s: string) => dayjs(s);

describe('markup form', () => {
  test('maps percent and dates to ZMarkupRequest', () => {
    expect(toMarkupRequest({ percent: 12.5, start_date: d('2026-03-01'), end_date: null })).toEqual({
      ratio: 0.125,
      start_date: '2026-03-01',
      end_date: null,
      role: 'advertiser',
    });
  });

  test('the end date must not be before the start date', () => {
    expect(markupIssues({ percent: 10, start_date: d('2026-03-02'), end_date: d('2026-03-01') })).toEqual({
      end_date: 'validation.date_order',
    });
    expect(markupIssues({ percent: 10, start_date: d('2026-03-02'), end_date: d('2026-03-02') })).toEqual({});
  });

  test('ratio and start date are required and bounded', () => {
    const issues = markupIssues({ percent: 1001, start_date: null, end_date: null });
    expect(issues.percent).toBe('validation.markup_ratio');
    expect(issues.start_date).toBe('validation.required');
    expect(
      markupIssues({ percent: null, start_date: d('2026-01-01'), end_date: null }).percent,
    ).toBeDefined();
  });

  test('prefills from an existing markup, or starts today without one', () => {
    const values = markupFormValues({
      ratio: 0.0725,
      start_date: '2026-01-01',
      end_date: '2026-02-01',
      role: 'advertiser',
    });
    expect(values.percent).toBe(7.25);
    expect(values.end_date?.format('YYYY-MM-DD')).toBe('2026-02-01');
    expect(markupFormValues(null, d('2026-05-05T10:00:00')).start_date?.format('YYYY-MM-DD')).toBe(
      '2026-05-05',
    );
  });
});

describe('markup window', () => {
  test('phase from today, both ends included', () => {
    const m = { start_date: '2026-03-01', end_date: '2026-03-31' };
    expect(markupPhase(m, '2026-02-28')).toBe('scheduled');
    expect(markupPhase(m, '2026-03-01')).toBe('active');
    expect(markupPhase(m, '2026-03-31')).toBe('active');
    expect(markupPhase(m, '2026-04-01')).toBe('ended');
    expect(markupPhase({ start_date: '2026-03-01', end_date: null }, '2030-01-01')).toBe('active');
    expect(formatPercent(0.125)).toBe('12.5%');
  });
});
