import type { MessageKey } from './errors';
import { PASSWORD_MAX, PASSWORD_MIN } from './validation';

/**
 * The lowest zxcvbn score a new password may have: 3 of 0–4 ("safely unguessable", about 10^8 guesses
 * or more), which refuses common passwords and their variants ("Password1!", "qwerty123") and
 * passwords built from the user's own e-mail or name.
 */
export const PASSWORD_MIN_SCORE = 3;

/** What the rule needs of the checker: zxcvbn-ts's `check`. */
export interface PasswordChecker {
  check(password: string, userInputs?: (string | number)[]): { score: number };
}

let loading: Promise<PasswordChecker> | null = null;

/**
 * The strength checker (zxcvbn-ts with its common and English dictionaries), loaded once. The
 * dictionaries weigh about a megabyte: they are imported dynamically so that the console's bundler
 * keeps them in a chunk of their own, fetched only when a password field is used.
 */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
    .then(
      ([core, common, en]) =>
        new core.ZxcvbnFactory({
          dictionary: { ...common.dictionary, ...en.dictionary },
          graphs: common.adjacencyGraphs,
          translations: en.translations,
        }),
    )
    .catch((err) => {
      loading = null;
      throw err;
    });
  return loading;
}

/** The parts of an e-mail address and a name a password must not lean on. */
export function passwordUserInputs(email?: string | null, name?: string | null): string[] {
  const inputs: string[] = [];
  if (email) {
    const [local, domain] = email.toLowerCase().split('@');
    inputs.push(email.toLowerCase(), local, ...(domain ? domain.split('.') : []));
  }
  if (name) inputs.push(name.toLowerCase(), ...name.toLowerCase().split(/\s+/));
  return inputs.filter((s) => s.length >= 3);
}

/**
 * The one password rule of every form that sets a password (sign-up, reset, change, invitation
 * sign-up), on the server and in the console: 8 to 128 characters and not easy to guess. Answers the
 * message key of the problem, or null for a good password.
 */
export function passwordProblem(
  checker: PasswordChecker,
  password: string,
  userInputs: readonly string[] = [],
): MessageKey | null {
  if (password.length === 0) return 'validation.password_required';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'validation.password_length';
  return checker.check(password, [...userInputs]).score < PASSWORD_MIN_SCORE
    ? 'validation.password_weak'
    : null;
}
