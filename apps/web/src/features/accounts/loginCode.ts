import { ApiError } from '../../api/client';
import { feedback } from '../../components/feedback';
import { translateKey } from '../../i18n';
import { exchangeLoginCode, peekLoginCode } from './api';

/**
 * Takes a login redirect's sign-in code (`?code=`) off the address bar, before anything renders, logs
 * or reports the URL, and returns it. The `/email` page's links carry their own `token` and are left
 * alone.
 */
export function takeLoginCode(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): string | null {
  if (location.pathname.startsWith('/email')) return null;
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  if (code === null) return null;
  params.delete('code');
  const search = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
  return code || null;
}

/** A sign-in code this browser did not ask for, waiting for the user to say whether to use it. */
export interface PendingLoginCode {
  code: string;
  email: string;
  name: string;
}

/**
 * Spends the code for this browser's session cookie. Answers what to tell the user when it did not
 * work: an invalid or used code, or another user already signed in here (whose session stays).
 */
export async function signInWithCode(code: string): Promise<string | null> {
  try {
    await exchangeLoginCode(code);
    return null;
  } catch (error) {
    return problemOf(error);
  }
}

const problemOf = (error: unknown) =>
  error instanceof ApiError ? error.message : translateKey('errors.server');

/** What the console does with a code: ask first, or render at once (after spending it, or with a problem). */
export type LoginCodeStep = { ask: PendingLoginCode } | { render: true; problem: string | null };

/**
 * Decides what a code leads to, before anything renders. A signed-out browser is asked "Sign in as …?"
 * (whoever sent the link may have made it for their own account: login CSRF), and only its Continue
 * spends the code. A browser signed in as that user already just continues; as another user the
 * exchange is refused as before (`SIGNED_IN_AS_OTHER`), and that session stays.
 */
export async function resolveLoginCode(
  code: string,
  api: { peek: typeof peekLoginCode; signIn: typeof signInWithCode } = {
    peek: peekLoginCode,
    signIn: signInWithCode,
  },
): Promise<LoginCodeStep> {
  let seen: Awaited<ReturnType<typeof peekLoginCode>>;
  try {
    seen = await api.peek(code);
  } catch (error) {
    return { render: true, problem: problemOf(error) };
  }
  if (seen.session === 'none') return { ask: { code, email: seen.email, name: seen.name } };
  return { render: true, problem: await api.signIn(code) };
}

/**
 * The console's first step (main.tsx): a page opened with `?code=` loses it from the address bar at
 * once (the code stays in memory only), then, once `ready` (the current language's strings) is in,
 * decides what to do with it; the console renders after that, with the question when there is one
 * (`render(pending)`), so it starts with the session it should have.
 */
export async function bootstrapLoginCode(
  render: (pending: PendingLoginCode | null) => void,
  ready: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  const code = takeLoginCode();
  // The strings of the page (and of a message about the code) load meanwhile.
  await ready;
  if (code === null) {
    render(null);
    return;
  }
  const step = await resolveLoginCode(code);
  if ('ask' in step) {
    render(step.ask);
    return;
  }
  render(null);
  if (step.problem) feedback.message.warning(step.problem, 8);
}
