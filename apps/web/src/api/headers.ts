import { resolveTimeZone } from '@scaler/domain';
import { currentLocale } from '../i18n';
import { readContext } from '../lib/context';
import { getReportType, getTimeZoneChoice, markHeaderValue } from '../lib/preferences';

/**
 * The headers every call carries (spec 7, decisions 2): language, report time zone and dimension,
 * the markup view flag, and the org and advertiser of the page's URL.
 */
export function contextHeaders(location: Pick<Location, 'pathname' | 'search'> = window.location) {
  const headers: Record<string, string> = {
    language: currentLocale(),
    timezone: resolveTimeZone(getTimeZoneChoice()),
    'report-type': getReportType(),
    mark: markHeaderValue(),
  };
  const { org, adv } = readContext(location.search);
  if (org !== null) headers['org-id'] = String(org);
  if (adv !== null) headers['adv-id'] = String(adv);
  // No session from the URL: the browser's session is its HttpOnly cookie (a login redirect's one-time
  // code is exchanged for it at start, features/accounts/loginCode.ts).
  return headers;
}
