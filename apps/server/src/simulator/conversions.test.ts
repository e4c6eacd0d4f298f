import { ZCollectEvent } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { ALL_APP_EVENTS, appJourney, installRate, pixelBody, webJourney } from './conversions';
import { rngOf } from './random';

describe('what users do after a tap', () => {
  test('each app’s install rate is 3–12 % of clicks, the same for the same seed', () => {
    const rates = Array.from({ length: 200 }, (_, i) => installRate(`app${i}`, 7));
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(0.03);
    expect(Math.max(...rates)).toBeLessThan(0.12);
    expect(installRate('app1', 7)).toBe(rates[1]);
    expect(installRate('app1', 8)).not.toBe(rates[1]);
  });

  test('in-app events only of those the app reports; purchases carry revenue in the currency', () => {
    const rng = rngOf(3);
    const journeys = Array.from({ length: 3000 }, () => appJourney(rng, ALL_APP_EVENTS, 'EUR'));
    const events = journeys.flat();
    expect(new Set(events.map((e) => e.event))).toEqual(
      new Set(['registration', 'achieve_level', 'purchase']),
    );
    const purchases = events.filter((e) => e.event === 'purchase');
    expect(purchases.every((p) => /^\d+\.\d{2}$/.test(p.value ?? ''))).toBe(true);
    expect(journeys.every((j) => j.every((e, i) => i === 0 || e.after >= j[i - 1].after))).toBe(true);
    const only = Array.from({ length: 500 }, () => appJourney(rng, new Set(['purchase']), 'USD')).flat();
    expect(only.every((e) => e.event === 'purchase')).toBe(true);
  });

  test('a visit: the page view first, carts and purchases after; the body is what the pixel script sends', () => {
    const rng = rngOf(4);
    const visits = Array.from({ length: 2000 }, () => webJourney(rng, 'USD'));
    expect(visits.filter((v) => v.length > 0).every((v) => v[0].event === 'PageView')).toBe(true);
    expect(visits.flat().some((e) => e.event === 'Purchase' && e.value)).toBe(true);
    const body = pixelBody({
      pixelId: 'px1',
      event: 'Purchase',
      eventId: 'e1',
      url: 'https://shop.test/?sc_click_id=0123456789abcdef01234567',
      uid: 'u1',
      clickId: '0123456789abcdef01234567',
      value: '19.99',
      currency: 'USD',
    });
    const parsed = ZCollectEvent.safeParse(JSON.parse(body));
    expect(parsed.success).toBe(true);
    expect(JSON.parse(body)).toEqual({
      pixel_id: 'px1',
      event: 'Purchase',
      event_id: 'e1',
      url: 'https://shop.test/?sc_click_id=0123456789abcdef01234567',
      uid: 'u1',
      click_id: '0123456789abcdef01234567',
      value: 19.99,
      currency: 'USD',
    });
    const view = JSON.parse(
      pixelBody({ pixelId: 'px1', event: 'PageView', eventId: 'e2', url: 'u', uid: 'u1', clickId: 'c' }),
    );
    expect(view).not.toHaveProperty('value');
    expect(view).not.toHaveProperty('currency');
  });
});
