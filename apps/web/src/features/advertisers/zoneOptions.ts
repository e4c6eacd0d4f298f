import { accountZoneName, formatUtcOffset, zoneOffsetAt } from '@scaler/domain';

export interface ZoneOption {
  /** The IANA name the account keeps. */
  value: string;
  /** `America/New_York` or, for a fixed zone, `Etc/GMT-8`. */
  name: string;
  /** The offset now, `-05:00`. */
  offset: string;
  /** A fixed offset (`Etc/GMT…`, `UTC`): no daylight saving. */
  fixed: boolean;
  /** Not a whole number of hours from UTC now or at some time of this year or the next. */
  partHour: boolean;
}

const FIXED = [...Array.from({ length: 27 }, (_, i) => i - 12)].map((h) =>
  accountZoneName(formatUtcOffset(h * 60)),
);

/**
 * The zones an account may choose, from the browser's tz database (`Intl.supportedValuesOf`), each with
 * its offset now, plus the fixed whole-hour offsets; west to east, then by name. A zone of part hours is
 * listed but marked (the server refuses it: it checks ten years ahead, this looks at this year and the
 * next, January and July, enough for every daylight-saving rule).
 */
export function zoneOptions(now = new Date()): ZoneOption[] {
  const names: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/New_York'];
  const year = now.getUTCFullYear();
  const samples = [
    now.getTime(),
    ...[year, year + 1].flatMap((y) => [Date.UTC(y, 0, 15), Date.UTC(y, 6, 15)]),
  ];
  const options = [...FIXED, ...names.filter((n) => n.includes('/') && !n.startsWith('Etc/'))].map(
    (value) => {
      const offsets = samples.map((at) => zoneOffsetAt(value, at));
      const minutes = offsets[0] ?? 0;
      return {
        value,
        name: value,
        offset: formatUtcOffset(minutes),
        minutes,
        fixed: FIXED.includes(value),
        partHour: offsets.some((o) => o === null || o % 60 !== 0),
      };
    },
  );
  options.sort(
    (a, b) => a.minutes - b.minutes || Number(b.fixed) - Number(a.fixed) || a.name.localeCompare(b.name),
  );
  return options.map(({ minutes: _minutes, ...o }) => o);
}

/** Today's names of zones some browsers still list by their old one (Chromium: `Asia/Calcutta`). */
const NEW_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
};

/**
 * What a typed search is matched against (lower case, as the select compares): the name with and
 * without underscores (`new york`, `new_york`) and the offset (`utc-05:00`, `utc-5`).
 */
export function zoneSearchText(option: ZoneOption): string {
  const short = option.offset.replace(/^([+-])0?(\d+):00$/, '$1$2');
  const names = [option.name, NEW_NAMES[option.name] ?? ''].join(' ');
  return `${names} ${names.replace(/_/g, ' ')} utc${option.offset} utc${short}`.toLowerCase();
}

/** Whether a typed search matches a zone, as the select filters. */
export const zoneMatches = (search: string, option: ZoneOption) =>
  zoneSearchText(option).includes(search.trim().toLowerCase());
