import type { TLoginCodePeek } from '@scaler/domain';
import { expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { resolveLoginCode, takeLoginCode } from './loginCode';

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

/** A fake server: what peek answers, and the codes spent. */
function fakeApi(answer: TLoginCodePeek | ApiError, problem: string | null = null) {
  const spent: string[] = [];
  return {
    spent,
    api: {
      peek: async () => {
        if (answer instanceof ApiError) throw answer;
        return answer;
      },
      signIn: async (code: string) => {
        spent.push(code);
        return problem;
      },
    },
  };
}

const CODE = 'c'.repeat(43);
const ATTACKER = { email: 'mallory@example.com', name: 'Mallory' };

test('a signed-out browser is asked who it signs in as; nothing is spent before Continue', async () => {
  const { api, spent } = fakeApi({ ...ATTACKER, session: 'none' });
  expect(await resolveLoginCode(CODE, api)).toEqual({ ask: { code: CODE, ...ATTACKER } });
  expect(spent).toEqual([]);
});

test('a browser signed in as that user just continues; as another, the exchange refuses as before', async () => {
  const same = fakeApi({ ...ATTACKER, session: 'same' });
  expect(await resolveLoginCode(CODE, same.api)).toEqual({ render: true, problem: null });
  expect(same.spent).toEqual([CODE]);

  const other = fakeApi({ ...ATTACKER, session: 'other' }, 'You are already logged in as ann@example.com.');
  expect(await resolveLoginCode(CODE, other.api)).toEqual({
    render: true,
    problem: 'You are already logged in as ann@example.com.',
  });
  expect(other.spent).toEqual([CODE]);
});

test('an invalid, used or expired code says so and spends nothing', async () => {
  const message = 'This sign-in link is invalid, has expired or was already used. Please log in.';
  const { api, spent } = fakeApi(new ApiError('business', message, 200, 10007));
  expect(await resolveLoginCode(CODE, api)).toEqual({ render: true, problem: message });
  expect(spent).toEqual([]);
});
