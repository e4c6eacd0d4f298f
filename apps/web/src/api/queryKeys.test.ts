import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../i18n';
import { setMarkEligible, storeReportType, storeTimeZoneChoice, storeViewRole } from '../lib/preferences';
import { contextHeaders } from './headers';
import { useHeadersKey, withHeaders } from './queryKeys';

afterEach(async () => {
  setMarkEligible(false);
  await changeLocale('en-US');
});

describe('query keys with the answer-changing headers', () => {
  test('the key carries exactly the values the call sends as headers', () => {
    storeTimeZoneChoice('+08:00');
    storeReportType('event');
    const [, , headers] = withHeaders(['assets', 1000001] as const);
    const sent = contextHeaders({ pathname: '/report/index', search: '?org=1&adv=1000001' });
    expect(headers).toEqual({
      language: sent.language,
      timezone: sent.timezone,
      'report-type': sent['report-type'],
      mark: sent.mark,
    });
    expect(headers).toEqual({ language: 'en-US', timezone: '+08:00', 'report-type': 'event', mark: '0' });
  });

  test('time zone, report type, markup view and language each change the key, at once', async () => {
    const { result } = renderHook(() => useHeadersKey(['assets', 1, 'pixel', 'p1', 'report'] as const));
    const seen = [JSON.stringify(result.current)];
    const last = () => result.current[result.current.length - 1];

    act(() => storeTimeZoneChoice('-05:00'));
    expect(last()).toMatchObject({ timezone: '-05:00' });
    act(() => storeReportType('event'));
    expect(last()).toMatchObject({ 'report-type': 'event' });
    act(() => {
      setMarkEligible(true);
      storeViewRole('advertiser');
    });
    expect(last()).toMatchObject({ mark: '1' });
    await act(() => changeLocale('zh-CN'));
    expect(last()).toMatchObject({ language: 'zh-CN' });

    seen.push(JSON.stringify(result.current));
    expect(new Set(seen).size).toBe(2);
    expect(result.current.slice(0, 5)).toEqual(['assets', 1, 'pixel', 'p1', 'report']);
  });

  test('the same settings give an equal key (the cached answer is reused)', () => {
    storeTimeZoneChoice('+03:00');
    const a = renderHook(() => useHeadersKey(['x'] as const)).result.current;
    const b = renderHook(() => useHeadersKey(['x'] as const)).result.current;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
