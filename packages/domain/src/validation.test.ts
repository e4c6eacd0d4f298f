import { describe, expect, test } from 'vitest';
import { isValidEmail, isValidEmailList, parseIdList, ZEmail } from './validation';

describe('e-mail check (spec 5)', () => {
  test.each(['a@b.co', 'first.last+tag@example.com', 'x_y-z%1@mail.server.info', 'UPPER@EXAMPLE.ORG'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  test.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@example',
    'a@example.c',
    'a@example.museum',
    'a@-example.com',
    'a b@example.com',
    'a@exa mple.com',
    'a@@example.com',
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false));

  test('a list is valid only when non-empty and every item is valid', () => {
    expect(isValidEmailList([])).toBe(false);
    expect(isValidEmailList(['a@b.co', 'c@d.org'])).toBe(true);
    expect(isValidEmailList(['a@b.co', 'nope'])).toBe(false);
  });

  test('the zod rule trims and lower-cases', () => {
    expect(ZEmail.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(ZEmail.safeParse('ann@example').error?.issues[0].message).toBe('validation.email');
  });
});

test('id lists split on lines and commas and flag duplicates', () => {
  expect(parseIdList('a, b\nc,,a\n b ')).toEqual({ items: ['a', 'b', 'c'], duplicates: ['a', 'b'] });
  expect(parseIdList('')).toEqual({ items: [], duplicates: [] });
});
