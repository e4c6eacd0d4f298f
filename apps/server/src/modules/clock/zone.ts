import { accountZoneName, formatUtcOffset } from '@scaler/domain';
import { offsetMinutes } from './clock';

/**
 * How the API shows a stored account zone: `timezone` the UTC offset now (`-05:00`, what spec 3's calls
 * answer) and `timezone_name` the IANA name (`America/New_York`; `Etc/GMT-8` for a fixed `+08:00`).
 */
export function zoneAnswer(stored: string, now: Date = new Date()) {
  return { timezone: formatUtcOffset(offsetMinutes(stored, now)), timezone_name: accountZoneName(stored) };
}
