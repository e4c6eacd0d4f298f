import { describe, expect, test } from 'vitest';
import { loginPath, readContext, safeRedirect, withContext } from './context';

describe('URL context', () => {
  test('reads numeric org and adv only', () => {
    expect(readContext('?org=100001&adv=1000001')).toEqual({ org: 100001, adv: 1000001 });
    expect(readContext('?org=abc')).toEqual({ org: null, adv: null });
  });

  test('sets and drops context params, keeping other filters', () => {
    expect(withContext('/perf/campaign?status=0', { org: 1, adv: 2 })).toBe(
      '/perf/campaign?status=0&org=1&adv=2',
    );
    expect(withContext('/report/index?org=1&adv=2', { org: 3, adv: null })).toBe('/report/index?org=3');
  });

  test('post-login redirects stay on this site', () => {
    expect(safeRedirect('/report/index?org=1')).toBe('/report/index?org=1');
    expect(safeRedirect('//evil.test/x')).toBe('/select');
    expect(safeRedirect('https://evil.test')).toBe('/select');
    expect(safeRedirect(null)).toBe('/select');
    expect(loginPath('/a?b=1')).toBe('/login?redirect=%2Fa%3Fb%3D1');
  });
});
