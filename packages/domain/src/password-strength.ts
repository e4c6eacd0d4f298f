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

/**
 * Passwords (and password stems) so common that no form should wait for the server to refuse them: the
 * head of the leaked-password lists zxcvbn's dictionaries start with, and the words people build
 * passwords on. The browser's light check (`lightPasswordChecker`) refuses a password that is one of
 * these, give or take digits and symbols around it and common letter swaps ("P@ssw0rd2024!").
 */
const COMMON_STEMS = new Set(
  (
    'password passw0rd passwort motdepasse contrasena qwerty qwertz azerty asdf zxcv letmein welcome ' +
    'admin administrator root login user guest test default changeme secret iloveyou love lovely ' +
    'monkey dragon master shadow sunshine princess football baseball soccer hockey basketball superman ' +
    'batman starwars pokemon freedom whatever trustno1 hello hellow0rld helloworld abc abcd abcde ' +
    'abcdef abcdefg abcdefgh abc123 qwe qweasd qazwsx zaq1 zaq12wsx 1q2w3e 1q2w3e4r 1q2w3e4r5t ' +
    'q1w2e3r4 aa123456 iloveu michael jennifer jordan hunter ranger buster thomas robert charlie ' +
    'daniel jessica ashley andrew joshua matthew summer winter spring autumn flower killer pepper ' +
    'ginger cookie cheese chocolate banana orange apple computer internet google facebook instagram ' +
    'samsung iphone microsoft windows linux ubuntu access mustang harley ferrari porsche corvette ' +
    'maggie tigger angel angels family friends forever blessed jesus christ god lucky money ' +
    'starbucks pass word mypass mypassword yourpassword nopassword newpassword oldpassword tempor ' +
    'temp temp1234 demo scaler console advertiser marketing company business office qwertyuiop ' +
    'asdfghjkl zxcvbnm 1qaz2wsx 1qazxsw2 zxcvbnm1 asdfgh qwerty1 qwertyu'
  ).split(' '),
);

/** Rows of the keyboard and the alphabet, forwards; a run along one of them is a sequence. */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/** Whether `s` (3 characters or more) runs along a keyboard row or the alphabet, either way. */
function isSequence(s: string): boolean {
  if (s.length < 3) return false;
  return SEQUENCES.some((row) => row.includes(s) || row.includes([...s].reverse().join('')));
}

/** Whether `s` is one short piece (1 to 4 characters) repeated ("abcabcabc", "aaaaaaaa", "1212121212"). */
function isRepeat(s: string): boolean {
  for (let n = 1; n <= 4 && n * 2 <= s.length; n++) {
    if (s.length % n === 0 && s.slice(0, n).repeat(s.length / n) === s) return true;
  }
  return false;
}

/** Digits and symbols around a stem: "2024!", "#1", "123". */
const AFFIX = /^[\d\W_]*(.*?)[\d\W_]*$/u;

/**
 * The browser's password check: rules and a short list, a few kilobytes instead of zxcvbn's dictionaries
 * (about 840 kB gzipped). It refuses only what is obviously guessable — a common password or word with
 * digits and symbols around it or letters swapped for look-alikes, a keyboard or alphabet run, one piece
 * repeated, the user's own e-mail or name with a few characters added, a date — and lets anything else
 * through to the server, whose full zxcvbn check (`loadPasswordChecker`) decides and whose refusal the
 * form shows on the field. Same shape as zxcvbn's `check`: score 0 (refused) or 4 (left to the server).
 */
export const lightPasswordChecker: PasswordChecker = {
  check(password, userInputs = []) {
    const lower = password.toLowerCase();
    const plain = [...lower].map((c) => LEET[c] ?? c).join('');
    const weak = (() => {
      if (isRepeat(lower) || isSequence(lower)) return true;
      // Digits only: a date (19990101, 01/01/1999) or a run.
      const digits = lower.replace(/[\s./-]/g, '');
      if (/^\d+$/.test(digits) && (digits.length <= 8 || isSequence(digits) || isRepeat(digits))) return true;
      const bare = lower.match(AFFIX)?.[1] ?? lower;
      const leet = (w: string) => [...w].map((c) => LEET[c] ?? c).join('');
      for (const [candidate, stem] of [
        [lower, bare],
        [plain, leet(bare)],
      ]) {
        if (COMMON_STEMS.has(stem) || COMMON_STEMS.has(candidate)) return true;
        if (stem.length >= 3 && (isSequence(stem) || isRepeat(stem))) return true;
      }
      // The user's own words with at most four characters besides them.
      for (const input of userInputs) {
        const word = String(input).toLowerCase();
        if (word.length < 3) continue;
        if ((lower.includes(word) || plain.includes(word)) && password.length - word.length <= 4) return true;
      }
      return false;
    })();
    return { score: weak ? 0 : 4 };
  },
};
