import { afterEach, describe, expect, test } from 'vitest';
import { setMarkEligible, storeReportType, storeTimeZoneChoice, storeViewRole } from '../lib/preferences';
import { contextHeaders } from './headers';

afterEach(() => setMarkEligible(false));

describe('contextHeaders', () => {
  test('defaults: English, UTC, request time, mark 0, no org', () => {
    expect(contextHeaders({ pathname: '/select', search: '' })).toEqual({
      language: 'en-US',
      timezone: '+00:00',
      'report-type': 'request',
      mark: '0',
    });
  });

  test('carries the URL context and the stored settings', () => {
    storeTimeZoneChoice('+08:00');
    storeReportType('event');
    const headers = contextHeaders({ pathname: '/report/index', search: '?org=100001&adv=1000001' });
    expect(headers).toMatchObject({
      timezone: '+08:00',
      'report-type': 'event',
      'org-id': '100001',
      'adv-id': '1000001',
    });
  });

  test('local time resolves to the browser offset', () => {
    storeTimeZoneChoice('+99:00');
    expect(contextHeaders({ pathname: '/', search: '' }).timezone).toMatch(/^[+-]\d{2}:\d{2}$/);
    expect(contextHeaders({ pathname: '/', search: '' }).timezone).not.toBe('+99:00');
  });

  test('mark is 1 only for an eligible admin who chose the Advertiser view', () => {
    storeViewRole('advertiser');
    expect(contextHeaders({ pathname: '/', search: '' }).mark).toBe('0');
    setMarkEligible(true);
    expect(contextHeaders({ pathname: '/', search: '' }).mark).toBe('1');
    storeViewRole('agent');
    expect(contextHeaders({ pathname: '/', search: '' }).mark).toBe('0');
  });

  test('no token travels from the URL: the session is the cookie', () => {
    expect(contextHeaders({ pathname: '/select', search: '?token=abc' }).token).toBeUndefined();
    expect(contextHeaders({ pathname: '/select', search: '?code=abc' }).token).toBeUndefined();
  });
});
