import { ApiError } from '../../api/client';
import { feedback } from '../../components/feedback';
import { translateKey } from '../../i18n';
import { exchangeLoginCode } from './api';

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

/**
 * Spends the code for this browser's session cookie. Answers what to tell the user when it did not
 * work: an invalid or used code, or another user already signed in here (whose session stays).
 */
export async function signInWithCode(code: string): Promise<string | null> {
  try {
    await exchangeLoginCode(code);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : translateKey('errors.server');
  }
}

/**
 * The console's first step (main.tsx): a page opened with `?code=` loses it from the address bar at
 * once, then signs in with it once `ready` (the current language's strings) is in; the console renders
 * after that, so it starts with the new session.
 */
export async function bootstrapLoginCode(
  render: () => void,
  ready: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  const code = takeLoginCode();
  // The strings of the page (and of a message about the code) load meanwhile.
  await ready;
  if (code === null) {
    render();
    return;
  }
  const problem = await signInWithCode(code);
  render();
  if (problem) feedback.message.warning(problem, 8);
}
