import { LOCAL_TIME_ZONE, TIME_ZONE_CHOICES, TIME_ZONE_OFFSETS } from '@scaler/domain';
import { expect, test } from 'vitest';
import { westToEast } from './timeZones';

test('time zones are listed west to east, local time first', () => {
  const ordered = westToEast(TIME_ZONE_CHOICES);
  expect(ordered[0]).toBe(LOCAL_TIME_ZONE);
  expect(ordered[1]).toBe('-12:00');
  expect(ordered.slice(12, 15)).toEqual(['-01:00', '+00:00', '+01:00']);
  expect(ordered.at(-1)).toBe('+12:00');
  expect([...ordered].sort()).toEqual([...TIME_ZONE_CHOICES].sort());
  expect(westToEast(TIME_ZONE_OFFSETS)[0]).toBe('-12:00');
});
