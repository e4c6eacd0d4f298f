import { expect, test } from 'vitest';
import { docsLink, normalizeLocale } from './locale';
import { parseUtcOffset, resolveTimeZone, TIME_ZONE_CHOICES } from './time-zones';

test('docs link uses the first two letters of the locale', () => {
  expect(docsLink('en-US')).toBe('/docs/en/');
  expect(docsLink('zh-CN')).toBe('/docs/zh/');
  expect(docsLink('fr-FR')).toBe('/docs/en/');
});

test('locales normalise to en-US unless Chinese', () => {
  expect(normalizeLocale(undefined)).toBe('en-US');
  expect(normalizeLocale('zh')).toBe('zh-CN');
  expect(normalizeLocale('zh-TW')).toBe('zh-CN');
  expect(normalizeLocale('de')).toBe('en-US');
});

test('time zone choices run +00..+12, -01..-12 and local time', () => {
  expect(TIME_ZONE_CHOICES).toHaveLength(26);
  expect(TIME_ZONE_CHOICES[0]).toBe('+00:00');
  expect(TIME_ZONE_CHOICES[12]).toBe('+12:00');
  expect(TIME_ZONE_CHOICES[13]).toBe('-01:00');
  expect(TIME_ZONE_CHOICES.at(-1)).toBe('+99:00');
});

test('offsets parse and local time resolves to the browser offset', () => {
  expect(parseUtcOffset('+08:00')).toBe(480);
  expect(parseUtcOffset('-05:30')).toBe(-330);
  expect(parseUtcOffset('+99:00')).toBeNull();
  expect(parseUtcOffset('08:00')).toBeNull();
  const date = new Date();
  const expected = 0 - date.getTimezoneOffset();
  expect(parseUtcOffset(resolveTimeZone('+99:00', date))).toBe(expected);
  expect(resolveTimeZone('+03:00')).toBe('+03:00');
});
