import { describe, expect, test } from 'vitest';
import { accountZoneText } from '../../lib/timeZones';
import { zoneMatches, zoneOptions } from './zoneOptions';

describe('account time zone choices', () => {
  const options = zoneOptions(new Date('2026-01-15T12:00:00Z'));
  const find = (value: string) => options.find((o) => o.value === value);

  test('IANA zones with their offset now, fixed offsets, west to east', () => {
    expect(find('America/New_York')).toMatchObject({ offset: '-05:00', fixed: false, partHour: false });
    expect(find('Europe/Berlin')).toMatchObject({ offset: '+01:00', partHour: false });
    expect(find('Etc/GMT-8')).toMatchObject({ offset: '+08:00', fixed: true });
    expect(find('UTC')).toMatchObject({ offset: '+00:00', fixed: true });
    const minutes = options.map(
      (o) =>
        Number(o.offset.slice(0, 3)) * 60 +
        Math.sign(Number(o.offset.slice(0, 3)) || 1) * Number(o.offset.slice(4)),
    );
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  test('zones of part hours are marked, at some time of the year included', () => {
    const kolkata = options.find((o) => o.value === 'Asia/Kolkata' || o.value === 'Asia/Calcutta');
    expect(kolkata?.partHour).toBe(true);
    expect(find('Australia/Adelaide')?.partHour).toBe(true);
    expect(find('Asia/Kathmandu')?.partHour ?? find('Asia/Katmandu')?.partHour).toBe(true);
  });

  test('search by name with spaces or by offset', () => {
    const ny = find('America/New_York');
    if (!ny) throw new Error('no New York');
    expect(zoneMatches('new york', ny)).toBe(true);
    expect(zoneMatches('utc-5', ny)).toBe(true);
    expect(zoneMatches('-05:00', ny)).toBe(true);
    expect(zoneMatches('berlin', ny)).toBe(false);
    // A zone the browser lists by its old name is found by today's.
    const calcutta = find('Asia/Calcutta') ?? find('Asia/Kolkata');
    if (!calcutta) throw new Error('no Kolkata');
    expect(zoneMatches('kolkata', calcutta)).toBe(true);
  });

  test('a zone reads as its name and offset, a fixed one as its offset', () => {
    expect(accountZoneText('America/New_York', '-05:00')).toBe('America/New_York (UTC-05:00)');
    expect(accountZoneText('Etc/GMT-8', '+08:00')).toBe('UTC+08:00');
    expect(accountZoneText('UTC', '+00:00')).toBe('UTC+00:00');
  });
});
