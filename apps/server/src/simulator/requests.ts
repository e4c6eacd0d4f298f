/**
 * The OpenRTB 2.6 bid request of one impression, as the simulated exchange sends it: the placement's
 * format (320x50 banner, 300x250, 320x480 interstitial, Native 1.2, VAST video), the publisher app, the
 * user's device and country (alpha-3), the floor in the exchange's currency, `at` and `tmax`; a quarter of
 * the requests block adult and illegal content (`bcat` IAB25, IAB26), some block games (IAB9-30), a few
 * name advertisers (`badv`) or apps (`bapp`) they do not want.
 */

import { chance, hex, type Rng, uuid } from './random';
import { bundlesOf, type Format, floorOf, type Publisher, type User } from './supply';

export interface ExchangeTerms {
  currency: string;
  /** OpenRTB `at`: 1 first price, 2 second price. */
  at: number;
  tmax: number;
}

export interface SimRequest {
  id: string;
  body: Record<string, unknown>;
  format: Format;
  /** Micro-units of the exchange's currency. */
  floor: number;
}

/** The Native 1.2 request of a native placement: title, main image 1200x627, icon, description, CTA. */
export const NATIVE_REQUEST = {
  ver: '1.2',
  context: 2,
  plcmttype: 1,
  plcmtcnt: 1,
  assets: [
    { id: 1, required: 1, title: { len: 90 } },
    { id: 2, required: 1, img: { type: 3, w: 1200, h: 627 } },
    { id: 3, required: 0, img: { type: 1, wmin: 50, hmin: 50 } },
    { id: 4, required: 0, data: { type: 2, len: 140 } },
    { id: 5, required: 0, data: { type: 12, len: 15 } },
  ],
  eventtrackers: [{ event: 1, methods: [1, 2] }],
};

function impOf(rng: Rng, format: Format): Record<string, unknown> {
  switch (format) {
    case 'banner':
      return { banner: { w: 320, h: 50, format: [{ w: 320, h: 50 }], pos: 3, api: [3, 5] } };
    case 'mrec':
      return { banner: { w: 300, h: 250, format: [{ w: 300, h: 250 }], pos: 0, api: [3, 5] } };
    case 'interstitial':
      return {
        instl: 1,
        banner: {
          w: 320,
          h: 480,
          format: [
            { w: 320, h: 480 },
            { w: 480, h: 320 },
          ],
          pos: 7,
          api: [3, 5],
        },
      };
    case 'native':
      return { native: { ver: '1.2', request: JSON.stringify(NATIVE_REQUEST) } };
    case 'video': {
      const portrait = chance(rng, 0.7);
      return {
        instl: 1,
        rwdd: 1,
        video: {
          mimes: ['video/mp4'],
          minduration: 5,
          maxduration: chance(rng, 0.5) ? 30 : 60,
          protocols: [2, 3, 5, 6, 7, 8],
          w: portrait ? 320 : 480,
          h: portrait ? 480 : 320,
          linearity: 1,
          plcmt: 3,
          skip: 0,
          playbackmethod: [1],
        },
      };
    }
  }
}

export function bidRequest(
  rng: Rng,
  user: User,
  publisher: Publisher,
  format: Format,
  terms: ExchangeTerms,
): SimRequest {
  const id = hex(rng, 16);
  const floor = floorOf(publisher, user.country, format, terms.currency);
  const body: Record<string, unknown> = {
    id,
    imp: [
      {
        id: '1',
        tagid: `${publisher.id}-${format}`,
        ...impOf(rng, format),
        bidfloor: floor / 1_000_000,
        bidfloorcur: terms.currency,
        secure: 1,
      },
    ],
    app: {
      id: publisher.id,
      name: publisher.name,
      bundle: publisher.bundle,
      storeurl: publisher.storeurl,
      cat: publisher.cat,
      publisher: { id: `pub-${publisher.id.slice(2)}`, name: `${publisher.name} Studio` },
    },
    device: {
      ua: user.ua,
      ip: user.ip,
      geo: { country: user.country.alpha3, type: 2 },
      devicetype: 4,
      make: user.make,
      model: user.model,
      os: user.os === 1 ? 'iOS' : 'Android',
      osv: user.osv,
      ifa: user.ifa,
      lmt: user.lmt ? 1 : 0,
      language: user.language,
      connectiontype: chance(rng, 0.6) ? 2 : 6,
      ...(user.os === 1 ? { w: 390, h: 844 } : { w: 412, h: 915 }),
    },
    user: { id: user.id },
    at: terms.at,
    tmax: terms.tmax,
    cur: [terms.currency],
    source: { tid: uuid(rng) },
  };
  const bcat: string[] = [];
  if (chance(rng, 0.25)) bcat.push('IAB25', 'IAB26');
  if (chance(rng, 0.02)) bcat.push('IAB9-30');
  if (bcat.length > 0) body.bcat = bcat;
  if (chance(rng, 0.04)) body.badv = ['rivalgames.example', 'cheapdeals.example'];
  if (chance(rng, 0.02)) {
    const bundles = bundlesOf(user.os);
    body.bapp = [0, 1].map(() => bundles[Math.floor(rng() * bundles.length)]);
  }
  return { id, body, format, floor };
}
