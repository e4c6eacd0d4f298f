import { describe, expect, test } from 'vitest';
import { appEventCandidates, parsePostback } from './partners';
import { parseDecimal, parseEventTime, unfilledMacro } from './values';

describe('postback parsing', () => {
  test('our parameters, with unfilled macros ignored', () => {
    const pb = parsePostback(
      'appsflyer',
      { click_id: 'c1', event: 'af_purchase', revenue: '4.5', idfa: '(idfa)' },
      {},
    );
    expect(pb).toMatchObject({
      clickId: 'c1',
      event: 'af_purchase',
      revenue: '4.5',
      currency: 'USD',
      idfa: null,
    });
  });

  test('Adjust: the activity kind decides between install and the event name', () => {
    expect(parsePostback('adjust', { activity_kind: 'install', event: '' }, {}).event).toBe('install');
    expect(parsePostback('adjust', { activity_kind: 'event', event: 'Purchase' }, {}).event).toBe('Purchase');
  });

  test('Branch webhook JSON with nested fields', () => {
    const pb = parsePostback(
      'branch',
      {},
      {
        name: 'PURCHASE',
        id: '42',
        last_attributed_touch_data: { '~click_id': 'abc' },
        event_data: { revenue: 1.5, currency: 'eur' },
        user_data: { aaid: 'g1' },
      },
    );
    expect(pb).toMatchObject({
      clickId: 'abc',
      event: 'PURCHASE',
      revenue: '1.5',
      currency: 'EUR',
      eventUid: '42',
      gaid: 'g1',
    });
  });

  test('partner event names map to standard app events', () => {
    expect(appEventCandidates('af_purchase')[0]).toBe('purchase');
    expect(appEventCandidates('PURCHASE')[0]).toBe('purchase');
    expect(appEventCandidates('__INSTALL__')[0]).toBe('install');
    expect(appEventCandidates('airbridge.ecommerce.order.completed')[0]).toBe('purchase');
    expect(appEventCandidates('Complete Registration')[0]).toBe('registration');
    expect(appEventCandidates('')).toEqual(['install']);
    expect(appEventCandidates('My_Custom')).toEqual(['my_custom']);
    expect(appEventCandidates('__')).toEqual(['__']);
  });

  test('underscores around a name go in one pass, however many there are', () => {
    const start = performance.now();
    expect(appEventCandidates(`x${'_'.repeat(1 << 20)}x`)).toHaveLength(1);
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});

describe('values', () => {
  test('decimals are exact strings; junk is refused', () => {
    expect(parseDecimal(0.1, 'v')).toBe('0.1');
    expect(parseDecimal('19.990', 'v')).toBe('19.990');
    expect(parseDecimal(null, 'v')).toBeNull();
    expect(() => parseDecimal('1e5', 'v')).toThrow();
    expect(() => parseDecimal('1,5', 'v')).toThrow();
    expect(() => parseDecimal(Number.NaN, 'v')).toThrow();
    expect(parseDecimal(0.5, 'v')).toBe('0.5');
    expect(() => parseDecimal('0.1234567', 'v')).toThrow('decimal');
  });

  test('a megabyte of zeros in a value is refused at once', () => {
    // Before issue 17 the trailing zeros were found by a pattern that tried every start of the run.
    const start = performance.now();
    expect(() => parseDecimal(`0.${'0'.repeat(1 << 20)}1`, 'v')).toThrow('decimal');
    expect(parseDecimal(`1.${'0'.repeat(1 << 20)}`, 'v')).toHaveLength((1 << 20) + 2);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  test('event times in seconds, milliseconds or ISO; not in the future or too old', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const eight = Date.parse('2026-11-23T08:00:00Z');
    expect(parseEventTime(eight / 1000, now).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(parseEventTime(String(eight), now).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(parseEventTime('2026-11-23 10:00:00', now).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(parseEventTime(undefined, now)).toBe(now);
    expect(() => parseEventTime('2026-11-24T12:00:00Z', now)).toThrow('future');
    expect(() => parseEventTime('2026-01-01T00:00:00Z', now)).toThrow('30 days');
  });

  test('unfilled macros of every syntax are recognised', () => {
    for (const m of [
      '{idfa}',
      '(advertiserId)',
      `$${'{'}(user_data.aaid)!}`,
      '{{advertising_id}}',
      '%7Bgaid%7D',
    ])
      expect(unfilledMacro(m)).toBe(true);
    expect(unfilledMacro('abc-123')).toBe(false);
  });
});
