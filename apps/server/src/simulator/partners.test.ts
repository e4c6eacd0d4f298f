import { ATTRIBUTION_PARTNERS, PARTNERS } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { appEventCandidates, parsePostback } from '../modules/tracking/partners';
import { PARTNER_EVENT_NAMES, type PartnerEvent, partnerPostbackUrl, SIMULATED_APP_EVENTS } from './partners';

const purchase: PartnerEvent = {
  type: 'purchase',
  clickId: '0123456789abcdef01234567',
  eventUid: 'e5d1c6a2-0f0b-4c39-9d7e-3f1f3b4b2a10',
  ts: 1_760_000_000,
  idfa: '',
  gaid: 'aaaaaaaa-1111-2222-3333-444444444444',
  deviceId: 'ffeeddccbbaa99887766554433221100',
  revenue: '9.99',
  currency: 'USD',
};

/** What our postback endpoint reads of the URL the partner calls. */
function received(url: string) {
  const parsed = new URL(url);
  const [, , , partner, token] = parsed.pathname.split('/');
  const query = Object.fromEntries(parsed.searchParams);
  return { partner, token, query, pb: parsePostback(partner as 'appsflyer', query, {}) };
}

describe('partner postbacks', () => {
  test('AppsFlyer: its own macros filled, percent-encoded, read back as the event', () => {
    const url = partnerPostbackUrl('http://127.0.0.1:3000/', 'appsflyer', 'a1b2c3d4e5f60718', purchase);
    expect(url).toBe(
      'http://127.0.0.1:3000/t/postback/appsflyer/a1b2c3d4e5f60718?click_id=0123456789abcdef01234567' +
        '&event=af_purchase&revenue=9.99&currency=USD&event_uid=e5d1c6a2-0f0b-4c39-9d7e-3f1f3b4b2a10' +
        '&ts=1760000000&idfa=&gaid=aaaaaaaa-1111-2222-3333-444444444444',
    );
    expect(received(url).pb).toMatchObject({
      clickId: purchase.clickId,
      event: 'af_purchase',
      revenue: '9.99',
      currency: 'USD',
      eventUid: purchase.eventUid,
      ts: '1760000000',
      idfa: null,
      gaid: purchase.gaid,
    });
  });

  test('Adjust: the install says so by activity_kind; the event id is built of kind, device and time', () => {
    const install = partnerPostbackUrl('http://h.test', 'adjust', 'a1b2c3d4e5f60718', {
      ...purchase,
      type: 'install',
      revenue: undefined,
      currency: undefined,
    });
    const { query, pb } = received(install);
    expect(query).toMatchObject({
      click_id: purchase.clickId,
      event: '',
      activity_kind: 'install',
      event_uid: `install_${purchase.deviceId}_1760000000`,
      revenue: '',
      currency: '',
    });
    expect(pb).toMatchObject({ clickId: purchase.clickId, event: 'install', revenue: null, currency: null });
    const event = received(partnerPostbackUrl('http://h.test', 'adjust', 'a1b2c3d4e5f60718', purchase));
    expect(event.query).toMatchObject({ activity_kind: 'event', event: 'purchase' });
    expect(event.pb).toMatchObject({
      event: 'purchase',
      revenue: '9.99',
      eventUid: `event_${purchase.deviceId}_1760000000`,
    });
  });

  test('every partner’s postback reads back with our click id, the device and the event', () => {
    for (const partner of ATTRIBUTION_PARTNERS) {
      const url = partnerPostbackUrl('http://h.test', partner, 'a1b2c3d4e5f60718', purchase);
      // Every macro of the configured URL is filled in.
      expect(url, partner).not.toMatch(/[{}()]|%7B|\$%7B/);
      const { pb } = received(url);
      expect(pb.clickId, partner).toBe(purchase.clickId);
      expect(pb.gaid, partner).toBe(purchase.gaid);
      expect(appEventCandidates(pb.event)[0], partner).toBe('purchase');
      // Tenjin reports USD gross revenue: this one is in USD, so it is sent.
      expect(pb.revenue, partner).toBe('9.99');
      expect(PARTNERS[partner].postback).toBeDefined();
    }
  });

  test('each partner’s event names map to the standard app event they stand for', () => {
    for (const partner of ATTRIBUTION_PARTNERS)
      for (const type of SIMULATED_APP_EVENTS)
        expect(appEventCandidates(PARTNER_EVENT_NAMES[partner][type])[0], `${partner} ${type}`).toBe(type);
  });
});
