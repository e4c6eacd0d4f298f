import { fillClickMacros, PARTNERS, RTB_MACROS } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import type { IndexedCreative } from '../modules/delivery/catalog';
import { bannerMarkup, nativeMarkup, parseNativeRequest, vastMarkup } from '../modules/delivery/markup';
import { atOrigin, clickIdOf, clickTarget, clickUrlOf, markupKind } from './clicks';
import { clickIdParam } from './partners';
import { NATIVE_REQUEST } from './requests';

/** A click URL as the bidder signs it: query parameters joined by `&`, a quote and a `]]>` in a value. */
const CLICK =
  'https://console.test/t/click?a=100001&app=0123456789abcdef01234567&c=2000001&g=3000001&cr=4000001&n=ab12&bundle=com.pub%27s&sig=x]]>y';

const creative = (over: Partial<IndexedCreative>): IndexedCreative => ({
  id: 4000001,
  type: 'image',
  slot: 'banner',
  width: 320,
  height: 50,
  materials: [
    { role: 'image', file: 'banner.png', mime: 'image/png', size: 100, width: 1200, height: 627 },
    { role: 'icon', file: 'icon.png', mime: 'image/png', size: 100, width: 100, height: 100 },
    { role: 'video', file: 'v.mp4', mime: 'video/mp4', size: 100, width: 320, height: 480, duration: 15 },
    { role: 'endcard', file: 'end.png', mime: 'image/png', size: 100, width: 320, height: 480 },
  ],
  html: null,
  title: 'Play now',
  description: 'A game',
  callToAction: 'Install',
  impressionUrl: 'https://tracker.example/imp?a=1&b=2',
  attrs: [],
  language: 'en',
  ...over,
});

const ctx = (c: IndexedCreative) => ({
  creative: c,
  staticBase: 'https://console.test/static/',
  clickUrl: CLICK,
  width: 320,
  height: 480,
});

describe('where a tap on the ad goes', () => {
  test('an image banner: the href of its link, entities decoded', () => {
    const adm = bannerMarkup(ctx(creative({})));
    expect(adm).toContain('&amp;');
    expect(clickUrlOf(adm, 1)).toBe(CLICK);
  });

  test('an HTML banner: the window.open of its outer element, not a link inside the creative', () => {
    const c = creative({ type: 'html', html: '<a href="https://advertiser.example/own">Own link</a>' });
    const adm = bannerMarkup(ctx(c));
    expect(clickUrlOf(adm, 1)).toBe(CLICK);
    expect(markupKind(adm)).toBe('banner');
  });

  test('native 1.2: link.url of the JSON', () => {
    const asks = parseNativeRequest(JSON.stringify(NATIVE_REQUEST));
    expect(asks).not.toBeNull();
    const adm = nativeMarkup(ctx(creative({ type: 'nativeImg', slot: 'native' })), asks ?? []);
    expect(markupKind(adm)).toBe('native');
    expect(clickUrlOf(adm, 4)).toBe(CLICK);
  });

  test('VAST 4: the ClickThrough, its CDATA joined where a `]]>` split it', () => {
    const adm = vastMarkup(ctx(creative({ type: 'video', slot: 'video' })), '3000001-4000001');
    expect(markupKind(adm)).toBe('video');
    expect(clickUrlOf(adm, 2)).toBe(CLICK);
    expect(
      clickUrlOf('<VAST><Ad><ClickThrough>https://x.test/a?b=1&amp;c=2</ClickThrough></Ad></VAST>'),
    ).toBe('https://x.test/a?b=1&c=2');
  });

  test('markup without a click target has none', () => {
    expect(clickUrlOf('<img src="x.png">', 1)).toBeNull();
    expect(clickUrlOf('{"native":{"assets":[]}}', 4)).toBeNull();
    expect(clickUrlOf('not json', 4)).toBeNull();
  });

  test('the URL is called at the simulator’s origin, its path and query byte for byte', () => {
    expect(atOrigin(CLICK, 'http://127.0.0.1:3000/')).toBe(
      CLICK.replace('https://console.test', 'http://127.0.0.1:3000'),
    );
    expect(atOrigin(`/rtb/win?p=${RTB_MACROS.price}`, 'http://127.0.0.1:3000')).toBe(
      `http://127.0.0.1:3000/rtb/win?p=${RTB_MACROS.price}`,
    );
    expect(clickTarget(CLICK)).toEqual({ app: '0123456789abcdef01234567' });
    expect(clickTarget('https://x.test/t/click?px=abc&u=https%3A%2F%2Fshop.test')).toEqual({ pixel: 'abc' });
  });
});

describe('our click id where the click was sent', () => {
  const clickId = 'deadbeef0123456789abcdef';

  test('in every partner’s link, under the partner’s parameter', () => {
    for (const def of Object.values(PARTNERS)) {
      // The app's id at the partner is itself 24 hex characters: the parameter decides, not the look.
      const location = new URL(
        fillClickMacros(def.clickUrl('0123456789abcdef01234567'), {
          click_id: clickId,
          gaid: 'aaaaaaaa-1111-2222-3333-444444444444',
          bundle: 'com.pub',
        }),
      ).href;
      expect(clickIdOf(location, clickIdParam(def.id)), def.id).toBe(clickId);
    }
    expect(clickIdParam('appsflyer')).toBe('clickid');
    expect(clickIdParam('adjust')).toBe('click_id');
    expect(clickIdParam('branch')).toBe('~click_id');
    expect(clickIdParam('singular')).toBe('cl');
  });

  test('on a landing page, under sc_click_id; none where there is none', () => {
    expect(clickIdOf(`https://shop.test/p?x=1&sc_click_id=${clickId}#top`)).toBe(clickId);
    expect(clickIdOf(`custom://open/${clickId}`)).toBe(clickId);
    expect(clickIdOf('https://shop.test/p?x=1')).toBeNull();
  });
});
