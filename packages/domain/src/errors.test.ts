import { describe, expect, test } from 'vitest';
import { ERROR_CODES, type ErrorCode, errorForStatus } from './errors';
import { MESSAGES, translate } from './messages';

describe('error catalogue', () => {
  test('spec 8 messages for 401, 402, 403 and other failures', () => {
    expect(translate('en-US', ERROR_CODES.UNAUTHENTICATED.message)).toBe(
      'You are not logged in, please log in.',
    );
    expect(translate('en-US', ERROR_CODES.SESSION_EXPIRED.message)).toBe(
      'Login timed out, please log in again.',
    );
    expect(translate('en-US', ERROR_CODES.FORBIDDEN.message)).toBe('No operation permission.');
    expect(translate('en-US', ERROR_CODES.INTERNAL.message)).toBe('Serve error, please try again!');
  });

  test('HTTP statuses of decisions 2', () => {
    const status = (c: ErrorCode) => ERROR_CODES[c].status;
    expect([status('UNAUTHENTICATED'), status('SESSION_EXPIRED'), status('FORBIDDEN')]).toEqual([
      401, 402, 403,
    ]);
    expect([status('NOT_FOUND'), status('VALIDATION'), status('CONFLICT')]).toEqual([404, 400, 409]);
    expect(status('INVALID_CREDENTIALS')).toBe(200);
  });

  test('codes are unique', () => {
    const codes = Object.values(ERROR_CODES).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('both languages have the same keys', () => {
    expect(Object.keys(MESSAGES['zh-CN']).sort()).toEqual(Object.keys(MESSAGES['en-US']).sort());
  });

  test('statuses map back to codes, unknown ones to the generic error', () => {
    expect(errorForStatus(401)).toBe('UNAUTHENTICATED');
    expect(errorForStatus(402)).toBe('SESSION_EXPIRED');
    expect(errorForStatus(403)).toBe('FORBIDDEN');
    expect(errorForStatus(502)).toBe('INTERNAL');
  });

  test('placeholders are filled and unknown keys pass through', () => {
    expect(translate('zh-CN', 'errors.rate_limited', { minutes: 15 })).toContain('15');
    expect(translate('en-US', 'plain text')).toBe('plain text');
  });
});
