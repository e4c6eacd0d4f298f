import { expect, test } from 'vitest';
import { takeLoginCode } from './loginCode';

function fakeHistory() {
  const calls: string[] = [];
  return {
    calls,
    history: {
      state: null,
      replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void calls.push(String(url)),
    },
  };
}

test('a sign-in code leaves the address bar at once; the rest of the URL stays', () => {
  const { calls, history } = fakeHistory();
  const code = takeLoginCode(
    { pathname: '/manage/overview', search: '?org=100001&code=Zm9vYmFyYmF6&tab=x', hash: '#top' },
    history,
  );
  expect(code).toBe('Zm9vYmFyYmF6');
  expect(calls).toEqual(['/manage/overview?org=100001&tab=x#top']);

  const only = fakeHistory();
  expect(takeLoginCode({ pathname: '/', search: '?code=abc', hash: '' }, only.history)).toBe('abc');
  expect(only.calls).toEqual(['/']);
});

test('pages without a code, and the e-mail page with its own token, are left alone', () => {
  const { calls, history } = fakeHistory();
  expect(takeLoginCode({ pathname: '/select', search: '?org=1', hash: '' }, history)).toBeNull();
  expect(
    takeLoginCode({ pathname: '/email', search: '?type=reset&token=abc&code=x', hash: '' }, history),
  ).toBeNull();
  expect(calls).toEqual([]);
});
