import { describe, expect, test } from 'vitest';
import { ATTRIBUTION_PARTNERS } from './codes';
import {
  basicPixelSnippet,
  fillClickMacros,
  pixelScriptSrc,
  pixelSnippet,
  trimOrigin,
  ZApiEventsBody,
  ZCollectBody,
} from './tracking';
import { PARTNERS, partnerLinks, postbackUrl } from './tracking-partners';

describe('pixel snippets (spec 9)', () => {
  const events = [
    { type: 1, event_id: 'page_view', event_name_en: 'PageView' },
    { type: 1, event_id: 'add_to_cart', event_name_en: 'AddToCart' },
    { type: 2, event_id: 'quiz_done' },
  ];

  test('the special org ids load the special script source', () => {
    expect(pixelScriptSrc('https://ads.test/', 100001)).toBe('https://ads.test/px/sdk.js');
    for (const org of [100098, 100099, 100164, 100172])
      expect(pixelScriptSrc('https://ads.test', org)).toBe('https://ads.test/px/special/sdk.js');
  });

  test('the pixel with trigger calls: base code and one call per event but page view', () => {
    const { base, triggers } = pixelSnippet({
      origin: 'https://ads.test',
      orgId: 100002,
      pixelId: 'abc',
      events,
    });
    expect(base).toContain("scq('load', 'abc');");
    expect(base).toContain("scq('page');");
    expect(base).toContain('"https://ads.test/px/sdk.js"');
    expect(triggers.map((t) => t.code)).toEqual([
      "scq('track', 'AddToCart', { value: 0, currency: 'USD' });",
      "scq('track', 'quiz_done');",
    ]);
  });

  test('the basic pixel tracks a standard event for type 1 and a custom event otherwise', () => {
    const std = basicPixelSnippet({
      origin: 'https://ads.test',
      orgId: 100099,
      pixelId: 'p1',
      event: events[1],
    });
    expect(std).toContain("scq('init', 'p1');");
    expect(std).toContain("scq('track', 'AddToCart');");
    expect(std).toContain('/px/special/sdk.js');
    const custom = basicPixelSnippet({
      origin: 'https://ads.test',
      orgId: 1,
      pixelId: 'p1',
      event: events[2],
    });
    expect(custom).toContain("scq('trackCustom', 'quiz_done');");
  });
});

describe('partner links', () => {
  test('each partner has a click, impression and postback URL in its own macro syntax', () => {
    for (const partner of ATTRIBUTION_PARTNERS) {
      const links = partnerLinks('https://ads.test', {
        partner,
        partner_app_id: 'app1',
        partner_click_url: '',
        partner_impression_url: '',
        postback_token: 'tok',
      });
      expect(links.click_url).toMatch(/^https:\/\//);
      expect(links.click_url).toContain('{click_id}');
      expect(links.impression_url).toMatch(/^https:\/\//);
      expect(links.postback_url?.startsWith(`https://ads.test/t/postback/${partner}/tok?`)).toBe(true);
      expect(links.postback_url).toContain(`click_id=${PARTNERS[partner].postback.click_id}`);
    }
    expect(postbackUrl('https://ads.test', 'appsflyer', 't')).toContain('click_id=(clickid)');
    expect(postbackUrl('https://ads.test', 'tenjin', 't')).toContain('click_id={{click_id}}');
    expect(postbackUrl('https://ads.test', 'branch', 't')).toContain(
      `click_id=$${'{'}(last_attributed_touch_data.~click_id)!}`,
    );
    expect(postbackUrl('https://ads.test', 'adjust', 't')).toContain('activity_kind={activity_kind}');
  });

  test('without the secret (a read-only role) there is no postback URL, the other links stay', () => {
    const links = partnerLinks('https://ads.test', {
      partner: 'kochava',
      partner_app_id: 'k1',
      partner_click_url: '',
      partner_impression_url: '',
      postback_token: null,
    });
    expect(links.postback_url).toBeNull();
    expect(links.click_url).toContain('campaign_id=k1');
  });

  test('a pasted link wins over the composed one', () => {
    const links = partnerLinks('https://ads.test', {
      partner: 'adjust',
      partner_app_id: 'x',
      partner_click_url: 'https://app.adjust.com/abc?click_id={click_id}',
      partner_impression_url: '',
      postback_token: 't',
    });
    expect(links.click_url).toBe('https://app.adjust.com/abc?click_id={click_id}');
  });

  test('click macros are filled encoded, also inside an encoded callback, unknown ones kept', () => {
    const url = fillClickMacros(
      'https://p.test/?c={click_id}&ua={ua}&cb=https%3A%2F%2Fus%3Fc%3D%7Bclick_id%7D&x={other}',
      { click_id: 'abc', ua: 'Mozilla/5.0 (X)' },
    );
    expect(url).toBe('https://p.test/?c=abc&ua=Mozilla%2F5.0%20(X)&cb=https%3A%2F%2Fus%3Fc%3Dabc&x={other}');
  });
});

test('an origin loses its trailing slashes, in one pass however many there are', () => {
  expect(trimOrigin('https://ads.example.com//')).toBe('https://ads.example.com');
  expect(trimOrigin('https://ads.example.com')).toBe('https://ads.example.com');
  const start = performance.now();
  expect(trimOrigin(`x${'/'.repeat(1 << 20)}x`)).toHaveLength((1 << 20) + 2);
  expect(performance.now() - start).toBeLessThan(1_000);
});

describe('request bodies', () => {
  test('collection takes one event or a batch; the events API needs event ids', () => {
    expect(ZCollectBody.safeParse({ pixel_id: 'p', event: 'PageView' }).success).toBe(true);
    expect(ZCollectBody.safeParse({ events: [{ pixel_id: 'p', event: 'x' }] }).success).toBe(true);
    expect(ZCollectBody.safeParse({ events: [] }).success).toBe(false);
    expect(ZApiEventsBody.safeParse({ data: [{ event: 'Purchase' }] }).success).toBe(false);
    expect(ZApiEventsBody.safeParse({ data: [{ event: 'Purchase', event_id: '1' }] }).success).toBe(true);
  });
});
