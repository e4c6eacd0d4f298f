import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { ZCreateAppRequest } from './assets';
import { parsePublisherList } from './campaigns';
import { translate } from './messages';
import {
  ECHO_MAX_CHARS,
  echoAll,
  echoValue,
  fieldMessage,
  INT32_MAX,
  isValidEmail,
  isValidEmailList,
  parseIdList,
  ZCalendarDate,
  ZEmail,
  ZIdParam,
} from './validation';

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

test('publisher lists: lines or commas (also full-width), spaces trimmed, duplicates and invalid ids listed', () => {
  expect(parsePublisherList(' com.a.b ,id123\r\nx.com，com.a.b\n\n, bad id ')).toEqual({
    items: ['com.a.b', 'id123', 'x.com'],
    duplicates: ['com.a.b'],
    invalid: ['bad id'],
  });
  const start = performance.now();
  expect(parsePublisherList(`a${' '.repeat(1 << 20)}a`).invalid).toHaveLength(1);
  expect(parsePublisherList(','.repeat(1 << 20)).items).toEqual([]);
  expect(performance.now() - start).toBeLessThan(1_000);
});

describe('ids and dates', () => {
  test('an id parameter is a whole number from 1 to the integer column maximum', () => {
    expect(ZIdParam.parse('100001')).toBe(100001);
    expect(ZIdParam.parse(String(INT32_MAX))).toBe(INT32_MAX);
    for (const bad of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '']) {
      expect(ZIdParam.safeParse(bad).success, bad).toBe(false);
    }
  });

  test('a calendar date must exist: month lengths and leap years', () => {
    for (const good of ['2026-01-31', '2024-02-29', '2000-02-29', '9999-12-31']) {
      expect(ZCalendarDate.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      '2026-02-31',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-04-31',
      '0000-01-01',
      '2026-1-1',
    ]) {
      expect(ZCalendarDate.safeParse(bad).error?.issues[0].message, bad).toBe('validation.date');
    }
  });
});

describe('zod issue to message', () => {
  const first = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0];

  test('an enum value that is not allowed says so and lists the values, in both languages', () => {
    const body = { partner: 'nope' };
    const issue = ZCreateAppRequest.safeParse(body).error?.issues.find((i) => i.path[0] === 'partner');
    const m = fieldMessage(issue!, body.partner);
    expect(m.message).toBe('validation.not_allowed');
    expect(translate('en-US', m.message, m.params)).toMatch(
      /^This value is not one of the allowed values: appsflyer, adjust, branch/,
    );
    expect(translate('zh-CN', m.message, m.params)).toMatch(/^该值不在允许的取值范围内：appsflyer/);
  });

  test('a missing enum value is required', () => {
    const issue = ZCreateAppRequest.safeParse({}).error?.issues.find((i) => i.path[0] === 'partner');
    expect(fieldMessage(issue!, undefined)).toEqual({ message: 'validation.required' });
  });

  test('a union of literals lists its values too', () => {
    const schema = z.union([z.literal(1), z.literal(2)], { message: 'validation.required' });
    expect(fieldMessage(first(schema, 7)!, 7)).toEqual({
      message: 'validation.not_allowed',
      params: { values: '1, 2' },
    });
  });

  test("a schema's own key stays; zod's English defaults become keys", () => {
    expect(fieldMessage(first(ZEmail, 'x')!, 'x')).toEqual({ message: 'validation.email' });
    expect(fieldMessage(first(z.string().check(z.maxLength(2)), 'abc')!, 'abc')).toEqual({
      message: 'validation.too_long',
    });
    expect(fieldMessage(first(z.number(), 'abc')!, 'abc')).toEqual({ message: 'validation.invalid' });
    expect(fieldMessage(first(z.number(), undefined)!, undefined)).toEqual({
      message: 'validation.required',
    });
  });
});

describe('quoting what a caller sent', () => {
  test('a value is cut to 200 characters and an ellipsis, never inside a surrogate pair', () => {
    expect(echoValue('short')).toBe('short');
    expect(echoValue('x'.repeat(ECHO_MAX_CHARS))).toBe('x'.repeat(ECHO_MAX_CHARS));
    expect(echoValue('x'.repeat(1_000_000))).toBe(`${'x'.repeat(ECHO_MAX_CHARS)}…`);
    const emoji = `${'x'.repeat(ECHO_MAX_CHARS - 1)}😀😀`;
    expect(echoValue(emoji)).toBe(`${'x'.repeat(ECHO_MAX_CHARS - 1)}…`);
  });

  test('every string of an error’s data is cut, keys included; other values stay', () => {
    const long = 'y'.repeat(5000);
    expect(
      echoAll({
        fields: [{ path: `body.${long}`, message: 'validation.invalid', params: { list: long } }],
        n: 3,
      }),
    ).toEqual({
      fields: [
        {
          path: `body.${'y'.repeat(ECHO_MAX_CHARS - 5)}…`,
          message: 'validation.invalid',
          params: { list: `${'y'.repeat(ECHO_MAX_CHARS)}…` },
        },
      ],
      n: 3,
    });
    expect(echoAll({ [long]: null })).toEqual({ [`${'y'.repeat(ECHO_MAX_CHARS)}…`]: null });
    expect(echoAll(null)).toBeNull();
  });

  test('the allowed values of a long enum are listed within the same bound', () => {
    const schema = z.enum(Array.from({ length: 11 }, (_, i) => `value-${'v'.repeat(30)}-${i}`));
    const issue = schema.safeParse('nope').error?.issues[0];
    expect(issue).toBeDefined();
    const m = fieldMessage(issue!, 'nope');
    expect(m.params?.values.length).toBe(ECHO_MAX_CHARS + 1);
  });
});
