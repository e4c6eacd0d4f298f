import { describe, expect, test } from 'vitest';
import {
  downloadLinkProblem,
  isReservedEventId,
  isValidEventId,
  PIXEL_TYPE_EVENTS,
  parseStoreLink,
  recordingStatus,
  STANDARD_APP_EVENTS,
  STANDARD_WEB_EVENTS,
  standardEvents,
  ZAppEventsRequest,
  ZAppReportQuery,
  ZCreateAppRequest,
  ZCreatePixelRequest,
  ZUpdatePixelRequest,
} from './assets';
import { MESSAGES } from './messages';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

const app = {
  name: 'Runner',
  bundle_id: 'com.example.runner',
  os: 2,
  download_type: 1,
  download_link: 'https://play.google.com/store/apps/details?id=com.example.runner',
  partner: 'appsflyer',
  partner_app_id: 'com.example.runner',
};

describe('standard events', () => {
  test('web: PageView and the nineteen usual events, app: install to ad_revenue', () => {
    expect(STANDARD_WEB_EVENTS.map((e) => e.event_name_en)).toEqual([
      'PageView',
      'AddPaymentInfo',
      'AddToCart',
      'AddToWishlist',
      'ApplicationApproval',
      'CompleteRegistration',
      'Contact',
      'CustomizeProduct',
      'Download',
      'FindLocation',
      'InitiateCheckout',
      'Lead',
      'Purchase',
      'Schedule',
      'Search',
      'StartTrial',
      'SubmitApplication',
      'SubmitForm',
      'Subscribe',
      'ViewContent',
    ]);
    const app = STANDARD_APP_EVENTS.map((e) => e.event_type);
    expect(app[0]).toBe('install');
    expect(app.at(-1)).toBe('ad_revenue');
    expect(app).toContain('tutorial_completion');
  });

  test('answered with the display name in the request language and the English name', () => {
    expect(standardEvents('web', 'zh-CN')[12]).toEqual({
      event_type: 'purchase',
      event_name: '购买',
      event_name_en: 'Purchase',
    });
    expect(standardEvents('app', 'en-US')[0]).toEqual({
      event_type: 'install',
      event_name: 'Install',
      event_name_en: 'Install',
    });
  });

  test('every conversion type suggests standard web events only', () => {
    const web = new Set<string>(STANDARD_WEB_EVENTS.map((e) => e.event_type));
    for (const list of Object.values(PIXEL_TYPE_EVENTS)) {
      expect(list.length).toBeGreaterThan(0);
      for (const t of list) expect(web.has(t)).toBe(true);
    }
  });
});

describe('custom event id', () => {
  test('letters, digits and underscores, starting with a letter', () => {
    for (const ok of ['a', 'Signup2', 'level_up_10', 'A_']) expect(isValidEventId(ok)).toBe(true);
    for (const bad of ['', '1st', '_x', 'has-dash', 'has space', 'ü', 'a'.repeat(65)])
      expect(isValidEventId(bad)).toBe(false);
  });

  test('a standard event’s type or name is reserved, whatever the case', () => {
    expect(isReservedEventId('Purchase')).toBe(true);
    expect(isReservedEventId('page_view')).toBe(true);
    expect(isReservedEventId('PAGEVIEW')).toBe(true);
    expect(isReservedEventId('custom')).toBe(true);
    expect(isReservedEventId('purchase_vip')).toBe(false);
  });

  test('the event list rejects a bad id, duplicates (case-insensitive) and a standard name', () => {
    const parse = (events: unknown[]) =>
      messages(ZAppEventsRequest.safeParse({ app_id: 'a'.repeat(24), events }));
    expect(parse([{ type: 2, event_id: '9lives', event_name: 'x' }])).toEqual(['validation.event_id']);
    expect(
      parse([
        { type: 2, event_id: 'Level_Up', event_name: 'x' },
        { type: 2, event_id: 'level_up', event_name: 'y' },
      ]),
    ).toEqual(['validation.duplicates']);
    expect(
      parse([
        { type: 1, event_type: 'install' },
        { type: 1, event_type: 'install' },
      ]),
    ).toEqual(['validation.duplicates']);
    expect(parse([{ type: 2, event_id: 'Install', event_name: 'x' }])).toEqual([
      'validation.event_id_standard',
    ]);
    expect(parse([{ type: 1, event_type: 'page_view' }])).toEqual(['validation.invalid']);
    expect(parse([{ type: 2, event_id: 'vip', event_name: 'VIP', event_type: 'purchase' }])).toEqual([]);
  });

  test('"Invalid event ID" in both languages', () => {
    expect(MESSAGES['en-US']['validation.event_id']).toBe('Invalid event ID');
    expect(MESSAGES['zh-CN']['validation.event_id']).toBeTruthy();
  });
});

describe('download link', () => {
  test('store links are parsed for platform and package', () => {
    expect(parseStoreLink('https://apps.apple.com/us/app/runner/id1234567890')).toEqual({
      os: 1,
      bundle_id: null,
    });
    expect(parseStoreLink('https://play.google.com/store/apps/details?id=com.a.b&hl=en')).toEqual({
      os: 2,
      bundle_id: 'com.a.b',
    });
    expect(parseStoreLink('https://example.com/app')).toBeNull();
    expect(parseStoreLink('http://apps.apple.com/us/app/runner/id1')).toBeNull();
  });

  test('app store type needs the store of the app’s platform, with its package', () => {
    const check = (over: Partial<Parameters<typeof downloadLinkProblem>[0]>) =>
      downloadLinkProblem({
        os: 2,
        download_type: 1,
        bundle_id: 'com.example.runner',
        download_link: app.download_link,
        ...over,
      });
    expect(check({})).toBeNull();
    expect(check({ os: 1 })).toBe('validation.download_link');
    expect(check({ download_link: 'https://play.google.com/store/apps/details?id=com.other' })).toBe(
      'validation.download_link_bundle',
    );
    expect(check({ os: 1, download_link: 'https://apps.apple.com/app/id42' })).toBeNull();
    expect(check({ download_link: 'https://example.com/runner.apk' })).toBe('validation.download_link');
    expect(check({ download_link: 'not a link' })).toBe('validation.download_link');
  });

  test('APK type: Android, any https link that is not a store page', () => {
    const apk = { os: 2 as const, download_type: 3 as const, bundle_id: 'com.a.b' };
    expect(downloadLinkProblem({ ...apk, download_link: 'https://cdn.example.com/a.apk' })).toBeNull();
    expect(downloadLinkProblem({ ...apk, download_link: 'https://cdn.example.com/get?id=1' })).toBeNull();
    expect(downloadLinkProblem({ ...apk, download_link: 'http://cdn.example.com/a.apk' })).toBe(
      'validation.download_link',
    );
    expect(downloadLinkProblem({ ...apk, download_link: app.download_link })).toBe(
      'validation.download_link',
    );
    expect(downloadLinkProblem({ ...apk, os: 1, download_link: 'https://cdn.example.com/a.apk' })).toBe(
      'validation.apk_android',
    );
  });

  test('the app schema applies the link rule and defaults the install event', () => {
    expect(ZCreateAppRequest.parse(app).events).toEqual([{ type: 1, event_type: 'install' }]);
    expect(messages(ZCreateAppRequest.safeParse({ ...app, download_link: 'https://x.example' }))).toEqual([
      'validation.download_link',
    ]);
    expect(messages(ZCreateAppRequest.safeParse({ ...app, bundle_id: 'runner' }))).toContain(
      'validation.bundle_id',
    );
    // An unknown partner is invalid; only a missing one is "required".
    expect(messages(ZCreateAppRequest.safeParse({ ...app, partner: 'nobody' }))).toEqual([
      'validation.invalid',
    ]);
    const { partner: _partner, ...noPartner } = app;
    expect(messages(ZCreateAppRequest.safeParse(noPartner))).toEqual(['validation.required']);
  });
});

describe('pixel', () => {
  test('search arbitrage requires standard events', () => {
    const pixel = { name: 'Site', conversion_type: 3, mode: 1 };
    expect(ZCreatePixelRequest.safeParse(pixel).success).toBe(true);
    expect(
      messages(
        ZCreatePixelRequest.safeParse({
          ...pixel,
          events: [{ type: 2, event_id: 'serp_click', event_name: 'SERP click' }],
        }),
      ),
    ).toEqual(['validation.missing_standard_events']);
    expect(messages(ZUpdatePixelRequest.safeParse({ ...pixel, _id: 'f'.repeat(24), events: [] }))).toEqual([
      'validation.missing_standard_events',
    ]);
    expect(ZCreatePixelRequest.safeParse({ ...pixel, conversion_type: 1, events: [] }).success).toBe(true);
  });
});

describe('reports', () => {
  test('dates in order, at most a year', () => {
    const q = { app_id: 'a'.repeat(24), start_date: '2026-01-01' };
    expect(ZAppReportQuery.safeParse({ ...q, end_date: '2026-01-31' }).success).toBe(true);
    expect(ZAppReportQuery.safeParse({ ...q, end_date: '2027-01-01' }).success).toBe(true);
    expect(messages(ZAppReportQuery.safeParse({ ...q, end_date: '2025-12-31' }))).toEqual([
      'validation.date_order',
    ]);
    expect(messages(ZAppReportQuery.safeParse({ ...q, end_date: '2027-01-02' }))).toEqual([
      'validation.date_range',
    ]);
  });

  test('recording status: none, recording within a day, inactive after', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(recordingStatus(null, now)).toBe(0);
    expect(recordingStatus('2026-03-01T00:00:00Z', now)).toBe(2);
    expect(recordingStatus(new Date('2026-02-27T00:00:00Z'), now)).toBe(1);
  });
});
