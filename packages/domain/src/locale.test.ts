import { expect, test } from 'vitest';
import { docsLink, normalizeLocale } from './locale';
import {
  accountZoneName,
  accountZoneProblem,
  firstPartHour,
  nearestWholeHour,
  parseReportOffset,
  parseUtcOffset,
  resolveTimeZone,
  TIME_ZONE_CHOICES,
  zoneOffsetAt,
} from './time-zones';

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
  const expected = nearestWholeHour(0 - date.getTimezoneOffset());
  expect(parseUtcOffset(resolveTimeZone('+99:00', date))).toBe(expected);
  expect(resolveTimeZone('+03:00')).toBe('+03:00');
});

test('report offsets are whole hours from -12:00 to +14:00, anything else is refused', () => {
  expect(parseReportOffset('+08:00')).toBe(480);
  expect(parseReportOffset('-12:00')).toBe(-720);
  expect(parseReportOffset('+14:00')).toBe(840);
  expect(parseReportOffset('+00:00')).toBe(0);
  for (const bad of [
    '+05:30',
    '+09:30',
    '+05:45',
    '-03:30',
    '+05:00:30',
    '+15:00',
    '-13:00',
    '+99:00',
    '8',
    '',
  ]) {
    expect(parseReportOffset(bad), bad).toBeNull();
  }
});

test("the browser's part-hour offset becomes the nearest whole hour, a half hour going west", () => {
  expect(nearestWholeHour(330)).toBe(300);
  expect(nearestWholeHour(345)).toBe(360);
  expect(nearestWholeHour(570)).toBe(540);
  expect(nearestWholeHour(-210)).toBe(-240);
  expect(nearestWholeHour(480)).toBe(480);
  expect(nearestWholeHour(-30)).toBe(-60);
  expect(nearestWholeHour(0)).toBe(0);
  expect(nearestWholeHour(825)).toBe(840);
});

test('account zones: IANA names with daylight saving, fixed offsets readable, part hours refused', () => {
  expect(zoneOffsetAt('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe(-300);
  expect(zoneOffsetAt('America/New_York', Date.parse('2026-07-15T12:00:00Z'))).toBe(-240);
  expect(zoneOffsetAt('Asia/Kolkata', Date.now())).toBe(330);
  expect(zoneOffsetAt('UTC', Date.now())).toBe(0);
  expect(zoneOffsetAt('+08:00', Date.now())).toBe(480);
  expect(zoneOffsetAt('Mars/Olympus', Date.now())).toBeNull();
  expect(accountZoneName('+08:00')).toBe('Etc/GMT-8');
  expect(accountZoneName('-05:00')).toBe('Etc/GMT+5');
  expect(accountZoneName('+00:00')).toBe('UTC');
  expect(accountZoneName('Europe/Berlin')).toBe('Europe/Berlin');
  expect(zoneOffsetAt(accountZoneName('-05:00'), Date.now())).toBe(-300);
  for (const ok of ['America/New_York', 'Europe/Berlin', 'Asia/Shanghai', 'UTC', 'Etc/GMT-8', '+08:00']) {
    expect(accountZoneProblem(ok), ok).toBeNull();
  }
  for (const partHour of [
    'Asia/Kolkata',
    'Australia/Adelaide',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    '+05:30',
  ]) {
    expect(accountZoneProblem(partHour), partHour).toBe('validation.timezone_part_hour');
  }
  for (const unknown of ['Mars/Olympus', '', '+99:00', 'America/New_York; drop']) {
    expect(accountZoneProblem(unknown), unknown).toBe('validation.timezone_unknown');
  }
  // Adelaide is +10:30 in its summer, +09:30 in winter: refused either way.
  expect(firstPartHour('Australia/Adelaide', new Date('2026-06-01T00:00:00Z'))).not.toBeNull();
});
