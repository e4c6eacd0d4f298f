import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Win, billing and loss notices (`nurl`, `burl`, `lurl`): URLs the bidder puts in its bids and the
 * exchange calls. Each carries the bid it is about (`d`: the ids, the placement, the bid's price and
 * when it was made, base64url JSON) and a signature of the notice's kind and `d` with the instance's
 * tracking key (`s`), so a notice cannot be made up, turned into another kind, or moved to another
 * bid. The price is the exchange's (`p`, filled from `${AUCTION_PRICE}`): it is refused above the bid's
 * own price, which no auction can clear above. A repeated notice is stored once (its id is the
 * bid's `n`), so it bills once.
 */

export type NoticeKind = 'win' | 'bill' | 'loss';

export interface NoticeData {
  /** Notice id: one per bid (also in the ad's click URL). */
  n: string;
  /** Exchange id. */
  x: number;
  a: number;
  c: number;
  g: number;
  cr: number;
  /** The campaign's app id (app campaigns) or pixel id (web campaigns). */
  as: string;
  /** 1: `as` is an app, 2: a pixel. */
  l: number;
  bundle: string;
  country: string;
  os: number;
  /** The bid's price (CPM). */
  bp: number;
  /** The ad group's value of the impression (CPM), for first-price shading. */
  v: number;
  /** When the bid was made (epoch seconds). */
  t: number;
}

/** How long after the bid a notice is accepted (a billing notice may come when the ad is shown later). */
export const NOTICE_TTL_SECONDS = { win: 3600, bill: 24 * 3600, loss: 3600 } as const;

/**
 * One HMAC-SHA512 of `d` gives the three kinds' signatures as disjoint 16-byte parts of it: knowing one
 * part says nothing of the others (HMAC's output is pseudo-random), so a win notice's signature does not
 * make a billing notice, and one HMAC per bid costs a third of three.
 */
const PART = { win: 0, bill: 16, loss: 32 } as const;
const sign = (key: Buffer, d: string) => createHmac('sha512', key).update(d).digest();
const part = (mac: Buffer, kind: NoticeKind) => mac.toString('base64url', PART[kind], PART[kind] + 16);

/** The fields of `NoticeData` in the order `d` carries them (a JSON array: half the bytes of an object). */
const FIELDS = ['n', 'x', 'a', 'c', 'g', 'cr', 'as', 'l', 'bundle', 'country', 'os', 'bp', 'v', 't'] as const;

export function encodeNotice(key: Buffer, data: NoticeData): { d: string; sig: Record<NoticeKind, string> } {
  const d = Buffer.from(JSON.stringify(FIELDS.map((f) => data[f]))).toString('base64url');
  const mac = sign(key, d);
  return { d, sig: { win: part(mac, 'win'), bill: part(mac, 'bill'), loss: part(mac, 'loss') } };
}

export type NoticeCheck =
  | { ok: true; data: NoticeData }
  | { ok: false; reason: 'bad_signature' | 'malformed' | 'expired' };

export function decodeNotice(
  key: Buffer,
  kind: NoticeKind,
  d: unknown,
  s: unknown,
  nowSeconds = Math.floor(Date.now() / 1000),
): NoticeCheck {
  if (typeof d !== 'string' || typeof s !== 'string' || d.length > 2000 || s.length > 64)
    return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(part(sign(key, d), kind));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'bad_signature' };
  let data: NoticeData;
  try {
    const values = JSON.parse(Buffer.from(d, 'base64url').toString('utf8')) as unknown[];
    if (!Array.isArray(values) || values.length !== FIELDS.length) return { ok: false, reason: 'malformed' };
    data = Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])) as unknown as NoticeData;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (nowSeconds - data.t > NOTICE_TTL_SECONDS[kind] || data.t - nowSeconds > 300)
    return { ok: false, reason: 'expired' };
  return { ok: true, data };
}

/**
 * The exchange's price (`p`, CPM): a non-negative decimal of at most six decimals, not above the bid's
 * price; null when it is not one (the notice bills nothing). Returned as the decimal text, exact.
 */
export function noticePrice(raw: unknown, bidPrice: number): string | null {
  if (typeof raw !== 'string' || !/^\d{1,7}(\.\d{1,6})?$/.test(raw)) return null;
  return Number(raw) <= bidPrice + 1e-9 ? raw : null;
}
