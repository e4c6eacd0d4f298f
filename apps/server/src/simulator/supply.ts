/**
 * The simulated supply: publisher apps with their placements and floors, the countries their users are
 * in, and the users (devices). All of it is made up, with realistic shapes:
 *
 * - 20 titles on both stores: 40 publisher apps, Android bundles (`com.x.y`) and iOS App Store ids
 *   (numeric); traffic shares fall with rank (Zipf, s = 1.1), so a few apps bring most requests.
 * - Placements by kind of app: games sell 320x50 banners, 320x480 interstitials and rewarded video;
 *   utilities banners, 300x250, native and interstitials; readers mostly native and 300x250.
 * - Floors per publisher, country and format: the publisher's base (0.5–2.5 USD CPM) × the country's
 *   factor (US 1, India 0.12 …) × the format's (320x50 0.35 … video 2.5), within 0.2–3.0 USD, in the
 *   exchange's currency at a rough fixed rate, two decimals.
 * - Countries with traffic shares, an iOS share, device languages and a UTC offset (`traffic.ts`).
 * - Users: a pool (50,000 by default) spread over the countries by share, each a device: OS and version
 *   (weighted by what is in use), make and model, user agent, an advertising id (UUID; 3 % limit ad
 *   tracking and send zeros with `lmt` 1), an address in 100.64.0.0/10 (carrier-grade NAT, never a real
 *   subscriber's), a browser id for web pages and a device id at the attribution partner. Some users
 *   are much more active than others (a user is drawn as ⌊n·u²⌋).
 */
import type { Rng } from './random';
import { chance, cumulative, hex, pickWeighted, uuid } from './random';

export interface Country {
  code: string;
  /** ISO 3166-1 alpha-3, as OpenRTB `geo.country` carries it. */
  alpha3: string;
  weight: number;
  utcOffset: number;
  iosShare: number;
  languages: string[];
  floorFactor: number;
}

const country = (
  code: string,
  alpha3: string,
  weight: number,
  utcOffset: number,
  iosShare: number,
  languages: string[],
  floorFactor: number,
): Country => ({ code, alpha3, weight, utcOffset, iosShare, languages, floorFactor });

export const COUNTRIES: readonly Country[] = [
  country('US', 'USA', 20, -5, 0.55, ['en', 'en', 'en', 'es'], 1),
  country('IN', 'IND', 14, 5.5, 0.05, ['en', 'hi'], 0.12),
  country('BR', 'BRA', 9, -3, 0.12, ['pt'], 0.25),
  country('JP', 'JPN', 7, 9, 0.65, ['ja'], 0.9),
  country('ID', 'IDN', 7, 7, 0.1, ['id'], 0.12),
  country('GB', 'GBR', 5, 0, 0.5, ['en'], 0.8),
  country('DE', 'DEU', 5, 1, 0.35, ['de'], 0.75),
  country('MX', 'MEX', 5, -6, 0.2, ['es'], 0.3),
  country('FR', 'FRA', 4, 1, 0.3, ['fr'], 0.65),
  country('KR', 'KOR', 3, 9, 0.25, ['ko'], 0.7),
  country('CA', 'CAN', 3, -5, 0.55, ['en', 'en', 'fr'], 0.85),
  country('TR', 'TUR', 3, 3, 0.15, ['tr'], 0.2),
  country('ES', 'ESP', 3, 1, 0.25, ['es'], 0.5),
  country('IT', 'ITA', 3, 1, 0.3, ['it'], 0.5),
  country('AU', 'AUS', 2, 10, 0.55, ['en'], 0.85),
];

export type Format = 'banner' | 'mrec' | 'interstitial' | 'native' | 'video';

const FORMAT_FLOOR: Record<Format, number> = {
  banner: 0.35,
  mrec: 0.6,
  native: 0.8,
  interstitial: 1.6,
  video: 2.5,
};

type Kind = 'game' | 'utility' | 'reader';

const PLACEMENTS: Record<Kind, [Format, number][]> = {
  game: [
    ['banner', 0.3],
    ['interstitial', 0.35],
    ['video', 0.35],
  ],
  utility: [
    ['banner', 0.45],
    ['mrec', 0.2],
    ['native', 0.2],
    ['interstitial', 0.15],
  ],
  reader: [
    ['native', 0.5],
    ['mrec', 0.3],
    ['banner', 0.2],
  ],
};

export interface Publisher {
  id: string;
  name: string;
  /** Android package name or iOS App Store id. */
  bundle: string;
  /** 1 iOS, 2 Android. */
  os: number;
  storeurl: string;
  cat: string[];
  kind: Kind;
  /** Base floor, USD CPM. */
  baseFloor: number;
  share: number;
}

/** Title, Android package, App Store id, IAB categories, kind, base floor. */
const TITLES: [string, string, string, string[], Kind, number][] = [
  ['Block Blast Saga', 'com.tinyforge.blockblast', '1482155847', ['IAB9-30'], 'game', 1.6],
  ['Daily Weather Live', 'com.skybright.weather', '1193482765', ['IAB15-10'], 'utility', 0.9],
  ['Solitaire Journey', 'com.cardloft.solitaire', '1561203948', ['IAB9-30'], 'game', 1.4],
  ['Pocket News', 'com.pocketnews.reader', '1320587461', ['IAB12'], 'reader', 1.2],
  ['Word Garden', 'com.leafword.garden', '1604418832', ['IAB9-30'], 'game', 1.1],
  ['Idle Mining Empire', 'com.idlecraft.mining', '1459320071', ['IAB9-30'], 'game', 2.2],
  ['Photo Magic Editor', 'com.lumenapps.photomagic', '1247781590', ['IAB9-13'], 'utility', 0.8],
  ['Run Run Rush', 'com.dashgames.runrush', '1518874402', ['IAB9-30'], 'game', 1.3],
  ['Sudoku Master Pro', 'com.numberworks.sudoku', '1398810256', ['IAB9-30'], 'game', 1.0],
  ['FitStep Tracker', 'com.fitstep.tracker', '1287764319', ['IAB7'], 'utility', 1.5],
  ['Merge Mansion Stories', 'com.mergehouse.stories', '1621902774', ['IAB9-30'], 'game', 2.5],
  ['Recipe Box', 'com.kitchenly.recipes', '1174409885', ['IAB8'], 'reader', 0.9],
  ['Bubble Pop Island', 'com.popisland.bubble', '1537262190', ['IAB9-30'], 'game', 1.2],
  ['Radio FM World', 'com.wavetune.radio', '1099832645', ['IAB1-6'], 'utility', 0.6],
  ['Chess Clash', 'com.boardwise.chess', '1442907318', ['IAB9-30'], 'game', 1.3],
  ['Tile Match 3D', 'com.matchtiles.threed', '1589034467', ['IAB9-30'], 'game', 1.8],
  ['Language Buddy', 'com.lingobuddy.learn', '1365518820', ['IAB5'], 'utility', 1.7],
  ['Car Parking Jam', 'com.jamstudio.parking', '1502278936', ['IAB9-30'], 'game', 1.0],
  ['Flashlight Plus', 'com.brightutils.flashlight', '1058846201', ['IAB19'], 'utility', 0.5],
  ['Music Quiz Star', 'com.quizstar.music', '1476630598', ['IAB1-6'], 'game', 0.9],
];

export const PUBLISHERS: readonly Publisher[] = TITLES.flatMap(([name, pkg, storeId, cat, kind, base], i) => {
  const share = 1 / (i + 1) ** 1.1;
  const common = { name, cat, kind, baseFloor: base };
  return [
    {
      ...common,
      id: `pa${String(i + 1).padStart(3, '0')}`,
      bundle: pkg,
      os: 2,
      storeurl: `https://play.google.com/store/apps/details?id=${pkg}`,
      share,
    },
    {
      ...common,
      id: `pi${String(i + 1).padStart(3, '0')}`,
      bundle: storeId,
      os: 1,
      storeurl: `https://apps.apple.com/app/id${storeId}`,
      // iOS versions of the titles bring a little less.
      share: share * 0.8,
    },
  ];
});

/** Rough fixed rates from USD, for floors and prices in the exchange's currency. */
export const USD_RATES: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CNY: 7.2,
  JPY: 150,
  HKD: 7.8,
  SGD: 1.35,
};

/** An amount in USD in `currency`, two decimals, as micro-units (an unknown currency is taken as USD). */
export const inCurrency = (usd: number, currency: string): number =>
  Math.round(usd * (USD_RATES[currency] ?? 1) * 100) * 10_000;

/** The floor of a placement: publisher × country × format, 0.2–3.0 USD CPM, in micro-units of `currency`. */
export function floorOf(p: Publisher, c: Country, format: Format, currency: string): number {
  const usd = Math.min(3, Math.max(0.2, p.baseFloor * c.floorFactor * FORMAT_FLOOR[format]));
  return inCurrency(usd, currency);
}

/* ------------------------------------------------------------------------------------------------ */
/* Users                                                                                              */

export interface User {
  country: Country;
  /** 1 iOS, 2 Android. */
  os: number;
  osv: string;
  make: string;
  model: string;
  ua: string;
  /** Advertising id (zeros when `lmt`). */
  ifa: string;
  lmt: boolean;
  ip: string;
  language: string;
  /** The pixel script's browser id (`uid`). */
  browserId: string;
  /** The device's id at the attribution partner (Adjust `adid`). */
  partnerDeviceId: string;
  /** The exchange's user id. */
  id: string;
}

const IOS_VERSIONS: [string, number][] = [
  ['18.3', 10],
  ['18.2', 14],
  ['18.1', 10],
  ['17.7', 12],
  ['17.6', 14],
  ['17.5', 8],
  ['16.7', 10],
  ['15.8', 5],
];
const ANDROID_VERSIONS: [string, number][] = [
  ['15', 10],
  ['14', 30],
  ['13', 25],
  ['12', 15],
  ['11', 10],
  ['10', 6],
  ['9', 4],
];
const IPHONES = [
  'iPhone14,5',
  'iPhone14,7',
  'iPhone15,2',
  'iPhone15,4',
  'iPhone16,1',
  'iPhone16,2',
  'iPhone17,3',
];
const ANDROIDS: [string, string][] = [
  ['Samsung', 'SM-S918B'],
  ['Samsung', 'SM-A546B'],
  ['Samsung', 'SM-A145F'],
  ['Google', 'Pixel 8'],
  ['Xiaomi', '2201117TG'],
  ['Xiaomi', '23090RA98G'],
  ['OPPO', 'CPH2581'],
  ['vivo', 'V2250'],
  ['Motorola', 'moto g54 5G'],
];
const ZERO_IFA = '00000000-0000-0000-0000-000000000000';
const LMT_SHARE = 0.03;

const iosVersions = cumulative(IOS_VERSIONS, ([, w]) => w);
const androidVersions = cumulative(ANDROID_VERSIONS, ([, w]) => w);
const countryWeights = cumulative(COUNTRIES, (c) => c.weight);

function userAgent(os: number, osv: string, model: string): string {
  return os === 1
    ? `Mozilla/5.0 (iPhone; CPU iPhone OS ${osv.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`
    : `Mozilla/5.0 (Linux; Android ${osv}; ${model} Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36`;
}

export function makeUser(rng: Rng, c: Country): User {
  const os = chance(rng, c.iosShare) ? 1 : 2;
  const osv = pickWeighted(
    rng,
    os === 1 ? IOS_VERSIONS : ANDROID_VERSIONS,
    os === 1 ? iosVersions : androidVersions,
  )[0];
  const [make, model] =
    os === 1
      ? ['Apple', IPHONES[Math.floor(rng() * IPHONES.length)]]
      : ANDROIDS[Math.floor(rng() * ANDROIDS.length)];
  const lmt = chance(rng, LMT_SHARE);
  const ifa = uuid(rng);
  return {
    country: c,
    os,
    osv,
    make,
    model,
    ua: userAgent(os, osv, model),
    ifa: lmt ? ZERO_IFA : ifa,
    lmt,
    ip: `100.${64 + Math.floor(rng() * 64)}.${Math.floor(rng() * 256)}.${1 + Math.floor(rng() * 254)}`,
    language: c.languages[Math.floor(rng() * c.languages.length)],
    browserId: uuid(rng),
    partnerDeviceId: hex(rng, 16),
    id: hex(rng, 12),
  };
}

/** The pool of users, by country (indexes of `COUNTRIES`). */
export function makeUsers(rng: Rng, count: number): User[][] {
  const byCountry: User[][] = COUNTRIES.map(() => []);
  for (let i = 0; i < count; i++) {
    const c = pickWeighted(rng, COUNTRIES, countryWeights);
    byCountry[COUNTRIES.indexOf(c)].push(makeUser(rng, c));
  }
  // Every country has at least one user, so any country the curve picks can be served.
  for (const [i, list] of byCountry.entries()) if (list.length === 0) list.push(makeUser(rng, COUNTRIES[i]));
  return byCountry;
}

/** A user of the country's pool: heavy users come back often (⌊n·u²⌋). */
export const pickUser = (rng: Rng, pool: readonly User[]): User => pool[Math.floor(pool.length * rng() ** 2)];

/* ------------------------------------------------------------------------------------------------ */
/* Publishers and placements                                                                          */

const byOs = [1, 2].map((os) => PUBLISHERS.filter((p) => p.os === os));
const byOsWeights = byOs.map((list) => cumulative(list, (p) => p.share));
const placementWeights = Object.fromEntries(
  Object.entries(PLACEMENTS).map(([kind, list]) => [kind, cumulative(list, ([, w]) => w)]),
) as Record<Kind, number[]>;

export const pickPublisher = (rng: Rng, os: number): Publisher =>
  pickWeighted(rng, byOs[os - 1], byOsWeights[os - 1]);

export const pickFormat = (rng: Rng, p: Publisher): Format =>
  pickWeighted(rng, PLACEMENTS[p.kind], placementWeights[p.kind])[0];

/** Every publisher bundle of an OS (for `bapp`). */
export const bundlesOf = (os: number): string[] => byOs[os - 1].map((p) => p.bundle);
