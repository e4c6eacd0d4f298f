import { describe, expect, test } from 'vitest';
import {
  lightPasswordChecker,
  loadPasswordChecker,
  passwordProblem,
  passwordUserInputs,
} from './password-strength';

const inputs = passwordUserInputs('jane.doe@northwind.example', 'Jane Doe');

/** Obvious passwords: the browser's light check refuses them without the dictionaries. */
const OBVIOUS = [
  'password',
  'Password1!',
  'P@ssw0rd2024',
  'qwerty123',
  'Qwertyuiop',
  '12345678',
  '1234567890',
  'abcdefgh',
  'aaaaaaaaaa',
  'abcabcabcabc',
  'iloveyou!!',
  'Letmein2025',
  'Welcome@123',
  '01/01/1990',
  'zxcvbnm1',
  'asdfghjkl;',
  'Sunshine99',
  'jane.doe2024', // the user's own e-mail
  'northwind!', // the user's own e-mail domain
];

/** Passwords the full check accepts: the light one must not refuse them either. */
const STRONG = [
  'Tidal-Marble-Orbit-42',
  'correct horse battery staple',
  'v7#Qe2!mLp9z',
  'Demo@2026!x',
  'mango-kettle-violin',
  'Orchid7Lantern#Sleet',
  'Zx9$wq7!Lk3@',
];

describe('the light password check (the browser)', () => {
  test.each(OBVIOUS)('refuses %s', (pw) => {
    expect(passwordProblem(lightPasswordChecker, pw, inputs)).toBe('validation.password_weak');
  });

  test.each(STRONG)('leaves %s to the server', (pw) => {
    expect(passwordProblem(lightPasswordChecker, pw, inputs)).toBeNull();
  });

  test('keeps the length rule', () => {
    expect(passwordProblem(lightPasswordChecker, 'Ab1!', inputs)).toBe('validation.password_length');
    expect(passwordProblem(lightPasswordChecker, '', inputs)).toBe('validation.password_required');
  });
});

describe('the light check never refuses what the full check (the server) accepts', () => {
  test('agrees with zxcvbn on the obvious and the strong', async () => {
    const full = await loadPasswordChecker();
    for (const pw of OBVIOUS) expect(passwordProblem(full, pw, inputs), pw).toBe('validation.password_weak');
    for (const pw of STRONG) expect(passwordProblem(full, pw, inputs), pw).toBeNull();
  }, 60_000);
});
