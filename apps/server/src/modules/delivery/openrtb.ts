import countries from 'i18n-iso-countries';
import { z } from 'zod';

/**
 * The OpenRTB 2.6 subset the bidder reads (docs/dev/bidder.md lists it). Unknown fields are ignored, as
 * OpenRTB asks; a field of the subset with the wrong type makes the request malformed (400). Sizes are
 * bounded so a hostile request costs little: at most 20 impressions, lists of at most 500 entries.
 */

const text = (max: number) => z.string().max(max);
const list = <T extends z.ZodTypeAny>(item: T) => z.array(item).max(500);
const int = z.number().int();

const ZFormat = z.looseObject({ w: int.min(0).max(100_000), h: int.min(0).max(100_000) });

const ZImp = z.looseObject({
  id: text(64),
  banner: z.optional(
    z.looseObject({
      w: z.optional(int.min(0).max(100_000)),
      h: z.optional(int.min(0).max(100_000)),
      format: z.optional(z.array(ZFormat).max(50)),
      battr: z.optional(list(int)),
    }),
  ),
  native: z.optional(
    z.looseObject({
      /** The Native 1.2 request, as a JSON string (or, leniently, an object). */
      request: z.union([text(20_000), z.record(z.string(), z.unknown())]),
      ver: z.optional(text(10)),
      battr: z.optional(list(int)),
    }),
  ),
  video: z.optional(
    z.looseObject({
      mimes: z.optional(list(text(100))),
      w: z.optional(int.min(0).max(100_000)),
      h: z.optional(int.min(0).max(100_000)),
      minduration: z.optional(int.min(0)),
      maxduration: z.optional(int.min(0)),
      battr: z.optional(list(int)),
    }),
  ),
  bidfloor: z.optional(z.number().min(0).max(1_000_000)),
  bidfloorcur: z.optional(text(3)),
  instl: z.optional(int),
});

export const ZBidRequest = z.looseObject({
  id: text(128).min(1),
  imp: z.array(ZImp).min(1).max(20),
  app: z.optional(
    z.looseObject({
      id: z.optional(text(200)),
      bundle: z.optional(text(200)),
      name: z.optional(text(500)),
      publisher: z.optional(z.looseObject({ id: z.optional(text(200)), name: z.optional(text(500)) })),
    }),
  ),
  site: z.optional(
    z.looseObject({
      domain: z.optional(text(200)),
      page: z.optional(text(2000)),
    }),
  ),
  device: z.optional(
    z.looseObject({
      os: z.optional(text(50)),
      osv: z.optional(text(50)),
      ifa: z.optional(text(100)),
      ua: z.optional(text(1000)),
      ip: z.optional(text(100)),
      language: z.optional(text(20)),
      lmt: z.optional(int),
      geo: z.optional(z.looseObject({ country: z.optional(text(3)) })),
    }),
  ),
  user: z.optional(z.looseObject({ id: z.optional(text(200)) })),
  at: z.optional(int.min(1).max(500)),
  tmax: z.optional(int.min(0).max(60_000)),
  cur: z.optional(list(text(3))),
  bcat: z.optional(list(text(50))),
  badv: z.optional(list(text(200))),
  bapp: z.optional(list(text(200))),
  wlang: z.optional(list(text(10))),
  test: z.optional(int),
});
export type BidRequest = z.infer<typeof ZBidRequest>;
export type Imp = BidRequest['imp'][number];

/** OpenRTB 2.6 no-bid reasons (`nbr`) the bidder answers with. */
export const NBR = {
  unknown: 0,
  technical: 1,
  invalidRequest: 2,
  unsupportedDevice: 6,
  blockedPublisher: 7,
  unmatchedUser: 8,
  /** 10: insufficient auction time. */
  insufficientTime: 10,
} as const;

/** `device.os` → the product's OS code (1 iOS, 2 Android, 0 other). */
export function osOf(raw: string | undefined): number {
  const os = (raw ?? '').trim().toLowerCase();
  if (os === 'ios' || os === 'ipados') return 1;
  if (os === 'android') return 2;
  return 0;
}

/** `geo.country` is ISO 3166-1 alpha-3 in OpenRTB; alpha-2 is accepted too. '' when unknown. */
export function countryOf(raw: string | undefined): string {
  if (!raw) return '';
  const code = raw.trim().toUpperCase();
  if (code.length === 2) return countries.isValid(code) ? code : '';
  return countries.alpha3ToAlpha2(code) ?? '';
}

/**
 * Compares dotted OS versions numerically ("10.2" < "10.10"); missing parts are 0. Unparseable parts
 * count as 0, so "" is the lowest version.
 */
export function compareVersions(a: string, b: string): number {
  return compareParsed(parseVersion(a), parseVersion(b));
}

/** A dotted version as numbers ("10.2.1" → [10, 2, 1]); unparseable parts are 0. */
export function parseVersion(v: string): number[] {
  return v.split('.').map((p) => Number.parseInt(p, 10) || 0);
}

export function compareParsed(pa: number[], pb: number[]): number {
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
