import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { ZCreateAppRequest } from './assets';
import { parsePublisherList } from './campaigns';
import { translate } from './messages';
import { ZReportRequest } from './reports';
import {
  ECHO_MAX_CHARS,
  echoAll,
  echoValue,
  fieldMessage,
  fieldMessageText,
  INT32_MAX,
  isValidEmail,
  isValidEmailList,
  parseIdList,
  ZCalendarDate,
  ZEmail,
  ZIdParam,
  ZPassword,
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
    expect(fieldMessage(first(z.number(), 'abc')!, 'abc')).toEqual({ message: 'validation.invalid' });
    expect(fieldMessage(first(z.number(), undefined)!, undefined)).toEqual({
      message: 'validation.required',
    });
  });
});

describe('limits named (issue 18)', () => {
  const text = (locale: 'en-US' | 'zh-CN', schema: z.ZodMiniType, value: unknown) => {
    const issue = schema.safeParse(value).error?.issues[0];
    return fieldMessageText(fieldMessage(issue!, value), (key, params) => translate(locale, key, params));
  };

  test('the report: 5,001 rows per page and six dimensions say their limits, in both languages', () => {
    const body = {
      start_date: '2026-01-01',
      end_date: '2026-01-02',
      dimensions: ['date', 'country', 'campaign', 'adgroup', 'creative', 'os'],
      page_size: 5001,
    };
    const issues = ZReportRequest.safeParse(body).error!.issues;
    const at = (field: string) => issues.find((i) => i.path[0] === field)!;
    const size = fieldMessage(at('page_size'), 5001);
    expect(size).toEqual({
      message: 'validation.at_most',
      params: { max: '5,000' },
      what: 'validation.what_rows_per_page',
    });
    const en = (key: string, params?: Record<string, string>) => translate('en-US', key, params);
    const zh = (key: string, params?: Record<string, string>) => translate('zh-CN', key, params);
    expect(fieldMessageText(size, en)).toBe('At most 5,000 rows per page.');
    expect(fieldMessageText(size, zh)).toBe('最多 5,000 行（每页）。');
    const dims = fieldMessage(at('dimensions'), body.dimensions);
    expect(fieldMessageText(dims, en)).toBe('At most 5 dimensions.');
    expect(fieldMessageText(dims, zh)).toBe('最多 5 个维度。');
    const none = ZReportRequest.safeParse({ ...body, page_size: 0 }).error!.issues.find(
      (i) => i.path[0] === 'page_size',
    )!;
    expect(fieldMessageText(fieldMessage(none, 0), en)).toBe('Must be at least 1.');
  });

  test('numbers: too big and too small, inclusive or not, with thousands separators', () => {
    expect(text('en-US', z.int().check(z.lte(100_000)), 100_001)).toBe('Must be at most 100,000.');
    expect(text('en-US', z.int().check(z.gte(1)), 0)).toBe('Must be at least 1.');
    expect(text('en-US', z.number().check(z.lt(2.5)), 3)).toBe('Must be less than 2.5.');
    expect(text('en-US', z.number().check(z.gt(-1_000)), -2_000)).toBe('Must be greater than -1,000.');
    expect(text('zh-CN', z.int().check(z.lte(1_000_000)), 2_000_000)).toBe('不能大于 1,000,000。');
    expect(text('zh-CN', z.int().check(z.gte(10)), 1)).toBe('不能小于 10。');
  });

  test('lists, sets and strings: too many, too few, too long, too short, exact', () => {
    expect(text('en-US', z.array(z.int()).check(z.maxLength(2000)), Array(2001).fill(1))).toBe(
      'At most 2,000 items.',
    );
    expect(text('en-US', z.array(z.int()).check(z.minLength(2)), [1])).toBe('At least 2 items.');
    expect(text('en-US', z.array(z.int()).check(z.maxLength(1)), [1, 2])).toBe('At most 1 item.');
    expect(text('zh-CN', z.array(z.int()).check(z.maxLength(3)), [1, 2, 3, 4])).toBe('最多 3 项。');
    expect(text('en-US', z.set(z.int()).check(z.maxSize(2)), new Set([1, 2, 3]))).toBe('At most 2 items.');
    expect(text('en-US', z.string().check(z.maxLength(1200)), 'x'.repeat(1201))).toBe(
      'At most 1,200 characters.',
    );
    expect(text('en-US', z.string().check(z.minLength(3)), 'ab')).toBe('At least 3 characters.');
    expect(text('zh-CN', z.string().check(z.maxLength(90)), 'x'.repeat(91))).toBe('最多 90 个字符。');
    expect(text('en-US', z.string().check(z.length(4)), 'abcde')).toBe('Exactly 4 characters.');
    // A schema's vague "too long" names the limit too; its specific messages stay.
    expect(
      text('en-US', z.string().check(z.maxLength(100, { message: 'validation.too_long' })), 'x'.repeat(101)),
    ).toBe('At most 100 characters.');
    expect(text('en-US', ZPassword, 'x'.repeat(200))).toBe('The password must be 8 to 128 characters.');
    // An empty value is still "required", a limit of another kind still "invalid".
    expect(text('en-US', z.string().check(z.minLength(1)), '')).toBe('This field is required.');
  });

  test('a counted field names its noun, an item inside a list counts characters', () => {
    const schema = z.object({
      campaign_ids: z.array(z.int()).check(z.maxLength(2)),
      bundles: z.array(z.string().check(z.maxLength(3))),
    });
    expect(text('en-US', schema, { campaign_ids: [1, 2, 3], bundles: [] })).toBe('At most 2 campaigns.');
    expect(text('zh-CN', schema, { campaign_ids: [1, 2, 3], bundles: [] })).toBe('最多 2 个广告系列。');
    const issue = schema.safeParse({ campaign_ids: [], bundles: ['abcd'] }).error!.issues[0];
    expect(fieldMessageText(fieldMessage(issue, 'abcd'), (k, p) => translate('en-US', k, p))).toBe(
      'At most 3 characters.',
    );
  });

  test("the server's issue shape (a path of strings, indices as digits) names the same noun", () => {
    const issue = {
      code: 'too_big',
      origin: 'array',
      maximum: 10,
      inclusive: true,
      message: 'x',
      path: ['body', 'license_files'],
    };
    expect(fieldMessageText(fieldMessage(issue, []), (k, p) => translate('en-US', k, p))).toBe(
      'At most 10 files.',
    );
    const inner = { ...issue, origin: 'string', maximum: 5, path: ['bundles', '3'] };
    expect(fieldMessageText(fieldMessage(inner, 'abcdef'), (k, p) => translate('en-US', k, p))).toBe(
      'At most 5 characters.',
    );
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
