import { ATTRIBUTION_PARTNERS, type AttributionPartner, postbackUrl } from '@scaler/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pixels, trackingEvents, trackingHourly, trackingTouches } from '../src/db/schema';
import { dailyEventCounts } from '../src/modules/assets/reports/daily-event-counts';
import { reportRange } from '../src/modules/assets/reports/range';
import { trackingKey, trackingUrl } from '../src/modules/tracking/signing';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, type World } from './world';

let t: TestApp;
let w: World;
let pixelId: string;

const headers = (advId: number, orgId: number) => ({ 'org-id': String(orgId), 'adv-id': String(advId) });
const admin = {
  get: (url: string, extra: Record<string, string> = {}) =>
    call(t.app, { url, token: w.tokens.admin, headers: { ...headers(w.adv1, w.agency), ...extra } }),
  send: (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown) =>
    call(t.app, { method, url, body, token: w.tokens.admin, headers: headers(w.adv1, w.agency) }),
};

const collect = (body: unknown, contentType = 'text/plain') =>
  t.app.inject({
    method: 'POST',
    url: '/px/collect',
    headers: { 'content-type': contentType, 'user-agent': 'test-browser' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const today = () => new Date().toISOString().slice(0, 10);
const live = async (kind: 'app' | 'pixel', id: string) =>
  (await admin.get(`/scaler/v3/tracking/live?kind=${kind}&asset_id=${id}`)).body.data.list as {
    accepted: boolean;
    reason: string | null;
    event: string;
    event_id: string | null;
    source: string;
  }[];
const report = async (kind: 'app' | 'pixel', id: string, extra: Record<string, string> = {}) => {
  const res = await admin.get(
    `/scaler/v3/${kind}/event/report1?${kind}_id=${id}&start_date=${today()}&end_date=${today()}`,
    extra,
  );
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.list as { event_id: string; pv: number; uv: number; value: string }[];
};
const storedFor = async (pixel: string) =>
  Number(
    (
      await t.db
        .select({ n: sql<string>`count(*)` })
        .from(trackingEvents)
        .where(eq(trackingEvents.pixelId, pixel))
    )[0].n,
  );

async function newPixel(name: string, mode = 1) {
  const res = await admin.send('POST', '/scaler/v3/pixel', {
    name,
    conversion_type: 1,
    mode,
    events: [
      { type: 1, event_type: 'page_view' },
      { type: 1, event_type: 'purchase' },
      { type: 2, event_id: `${name.replace(/\W/g, '')}_signup`, event_name: 'Signup' },
    ],
  });
  expect(res.body.code).toBe(0);
  return res.body.data as { _id: string; token: string | null };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  pixelId = (await newPixel('Shop'))._id;
});
afterAll(() => t.close());

describe('pixel script and collection endpoint', () => {
  test('the script is served as JavaScript to any site', async () => {
    for (const url of ['/px/sdk.js', '/px/special/sdk.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/javascript');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).toContain('/px/collect');
      expect(res.body.length).toBeLessThan(6000);
    }
  });

  test('a preflight is answered for cross-site fetches', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/px/collect' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  test('a page view is stored once, verifies the installation and shows in the panel and report', async () => {
    const before = (await admin.get(`/scaler/v3/pixel/event/status?pixel_id=${pixelId}`)).body.data;
    expect(before).toMatchObject({ installed: false, status: 0 });
    const event = {
      pixel_id: pixelId,
      event: 'PageView',
      event_id: 'ev-1',
      uid: 'browser-1',
      url: 'https://shop.test/',
    };
    const first = await collect(event);
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json().data).toEqual({ accepted: 1, duplicate: 0 });
    const again = await collect(event);
    expect(again.json().data).toEqual({ accepted: 0, duplicate: 1 });

    const status = (await admin.get(`/scaler/v3/pixel/event/status?pixel_id=${pixelId}`)).body.data;
    expect(status).toMatchObject({ installed: true, status: 2 });
    expect(status.events.find((e: { event_id: string }) => e.event_id === 'page_view').status).toBe(2);
    const panel = await live('pixel', pixelId);
    expect(panel.slice(0, 2).map((e) => [e.accepted, e.reason])).toEqual([
      [false, 'duplicate'],
      [true, null],
    ]);
    const rows = await report('pixel', pixelId);
    expect(rows.find((r) => r.event_id === 'page_view')).toMatchObject({ pv: 1, uv: 1 });
  });

  test('standard events by either name, custom events by id, values summed exactly', async () => {
    const res = await collect(
      {
        events: [
          { pixel_id: pixelId, event: 'purchase', event_id: 'p1', uid: 'b2', value: 0.1, currency: 'usd' },
          { pixel_id: pixelId, event: 'Purchase', event_id: 'p2', uid: 'b2', value: '0.2', currency: 'USD' },
          { pixel_id: pixelId, event: 'shop_signup', event_id: 's1', uid: 'b3' },
        ],
      },
      'application/json',
    );
    expect(res.json().data).toEqual({ accepted: 3, duplicate: 0 });
    const rows = await report('pixel', pixelId);
    expect(rows.find((r) => r.event_id === 'purchase')).toMatchObject({ pv: 2, uv: 1, value: '0.3000' });
    expect(rows.find((r) => r.event_id === 'Shop_signup')).toMatchObject({ pv: 1 });
  });

  test('bad input answers 4xx, stores nothing, and the pixel panel says why', async () => {
    const stored = await storedFor(pixelId);
    const unknownPixel = await collect({ pixel_id: 'f'.repeat(24), event: 'PageView' });
    expect(unknownPixel.statusCode).toBe(404);
    expect(unknownPixel.json().data.reason).toBe('unknown_asset');

    const unknownEvent = await collect({
      events: [
        { pixel_id: pixelId, event: 'PageView', event_id: 'ok-1' },
        { pixel_id: pixelId, event: 'AddToCart', event_id: 'bad-1' },
      ],
    });
    expect(unknownEvent.statusCode).toBe(400);
    expect(unknownEvent.json().data).toMatchObject({ reason: 'unknown_event', index: 1 });

    const badValue = await collect({ pixel_id: pixelId, event: 'Purchase', value: 'ten dollars' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().data.reason).toBe('invalid_event');

    const future = await collect({ pixel_id: pixelId, event: 'Purchase', ts: Date.now() + 86_400_000 });
    expect(future.json().data.reason).toBe('invalid_event');

    const notJson = await collect('{"pixel_id":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().data.reason).toBe('malformed');
    const noEvent = await collect({ pixel_id: pixelId });
    expect(noEvent.json().data.reason).toBe('malformed');

    expect(await storedFor(pixelId)).toBe(stored);
    await new Promise((r) => setTimeout(r, 50));
    const reasons = (await live('pixel', pixelId)).filter((e) => !e.accepted).map((e) => e.reason);
    expect(reasons).toEqual(expect.arrayContaining(['unknown_event', 'invalid_event', 'malformed']));
  });

  test('concurrent identical events are counted once; concurrent distinct events all count', async () => {
    const pixel = (await newPixel('Race'))._id;
    const same = await Promise.all(
      Array.from({ length: 25 }, () =>
        collect({ pixel_id: pixel, event: 'PageView', event_id: 'same', uid: 'u' }),
      ),
    );
    const data = same.map((r) => r.json().data);
    expect(data.filter((d) => d.accepted === 1)).toHaveLength(1);
    expect(data.filter((d) => d.duplicate === 1)).toHaveLength(24);
    const distinct = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        collect({ pixel_id: pixel, event: 'Purchase', event_id: `d${i}`, uid: `u${i % 7}`, value: '1.05' }),
      ),
    );
    expect(distinct.every((r) => r.json().data.accepted === 1)).toBe(true);
    expect(await storedFor(pixel)).toBe(61);
    const rows = await report('pixel', pixel);
    expect(rows.find((r) => r.event_id === 'page_view')?.pv).toBe(1);
    expect(rows.find((r) => r.event_id === 'purchase')).toMatchObject({ pv: 60, uv: 7, value: '63.0000' });
  });

  test('a deleted pixel is unknown; its statistics are kept', async () => {
    const pixel = (await newPixel('Gone'))._id;
    expect((await collect({ pixel_id: pixel, event: 'PageView', event_id: 'g1' })).statusCode).toBe(200);
    await admin.send('DELETE', '/scaler/v3/pixel', { _id: pixel });
    const res = await collect({ pixel_id: pixel, event: 'PageView', event_id: 'g2' });
    expect(res.statusCode).toBe(404);
    expect(await storedFor(pixel)).toBe(1);
  });

  test('reset clears the installation; the next event verifies it again', async () => {
    const pixel = (await newPixel('Again'))._id;
    await collect({ pixel_id: pixel, event: 'PageView', event_id: 'a1' });
    await admin.send('POST', '/scaler/ex/reset_pixel', { pixel_id: pixel });
    const reset = (await admin.get(`/scaler/v3/pixel/event/status?pixel_id=${pixel}`)).body.data;
    expect(reset).toMatchObject({ installed: false, status: 0 });
    await collect({ pixel_id: pixel, event: 'PageView', event_id: 'a2' });
    const [row] = await t.db.select().from(pixels).where(eq(pixels.id, pixel));
    expect(row.installedAt).not.toBeNull();
    expect(row.installedAt?.getTime()).toBeGreaterThan(row.resetAt?.getTime() ?? 0);
    expect((await report('pixel', pixel)).find((r) => r.event_id === 'page_view')?.pv).toBe(2);
  });
});

describe('events API', () => {
  const post = (token: string | null, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/open/v1/events',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(body),
    });

  test('batches are idempotent by event_id; bad tokens and payloads store nothing', async () => {
    const { _id: pixel, token } = await newPixel('Server', 2);
    expect(token).toMatch(/^sct_/);
    const batch = {
      data: [
        {
          event: 'Purchase',
          event_id: 'o-1',
          properties: { value: '19.99', currency: 'EUR' },
          user: { external_id: 'c1' },
        },
        { event: 'Purchase', event_id: 'o-2', properties: { value: 5 }, user: { external_id: 'c2' } },
        { event: 'Server_signup', event_id: 'o-3', event_time: Math.floor(Date.now() / 1000) - 60 },
      ],
    };
    const first = await post(token, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ accepted: 3, duplicate: 0 });
    const again = await post(token, batch);
    expect(again.json().data.events.map((e: { status: string }) => e.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await storedFor(pixel)).toBe(3);

    const noToken = await post(null, batch);
    expect(noToken.statusCode).toBe(401);
    const wrong = await post(`sct_${'x'.repeat(43)}`, { pixel_id: pixel, ...batch });
    expect(wrong.json().data.reason).toBe('bad_token');
    const missingId = await post(token, { data: [{ event: 'Purchase' }] });
    expect(missingId.statusCode).toBe(400);
    expect(missingId.json().data.reason).toBe('malformed');
    const oneBad = await post(token, {
      data: [
        { event: 'Purchase', event_id: 'o-4' },
        { event: 'Lead', event_id: 'o-5' },
      ],
    });
    expect(oneBad.json().data).toMatchObject({ reason: 'unknown_event', index: 1 });
    expect(await storedFor(pixel)).toBe(3);

    const [source] = (await admin.get(`/scaler/v3/api_source?pixel_id=${pixel}`)).body.data;
    expect(source.last_used_at).not.toBeNull();
    const rotated = (await admin.send('POST', '/scaler/v3/api_source/rotate', { _id: source._id })).body.data;
    expect((await post(token, { data: [{ event: 'Purchase', event_id: 'o-6' }] })).statusCode).toBe(401);
    expect((await post(rotated.token, { data: [{ event: 'Purchase', event_id: 'o-6' }] })).statusCode).toBe(
      200,
    );
    const panel = await live('pixel', pixel);
    expect(panel.some((e) => e.reason === 'bad_token')).toBe(true);
    expect(panel[0]).toMatchObject({ accepted: true, source: 'api' });
  });
});

describe('clicks, impressions and partner postbacks', () => {
  let key: Buffer;
  beforeAll(async () => {
    key = await trackingKey(t.db);
  });

  let appCount = 0;
  const appWith = async (partner: AttributionPartner) => {
    const bundle = `com.example.${partner}${++appCount}`;
    const res = await admin.send('POST', '/scaler/v3/app', {
      name: `App ${partner}`,
      bundle_id: bundle,
      os: 2,
      download_type: 1,
      download_link: `https://play.google.com/store/apps/details?id=${bundle}`,
      partner,
      partner_app_id: `id${partner}`,
      events: [
        { type: 1, event_type: 'install' },
        { type: 1, event_type: 'open' },
        { type: 1, event_type: 'purchase' },
      ],
    });
    expect(res.body.code).toBe(0);
    return res.body.data as { _id: string; postback_token: string; partner: AttributionPartner };
  };

  const click = async (appId: string, extra = '') => {
    const url = trackingUrl(key, 'http://console.test', 'click', {
      a: String(w.adv1),
      app: appId,
      c: 'cmp1',
      g: 'ag1',
      cr: 'cr1',
    })
      .replace('http://console.test', '')
      .replace('{bundle}', 'com.publisher.game')
      .replace('{country}', 'de')
      .replace('{os}', 'android')
      .replace('{idfa}', '')
      .replace('{gaid}', 'gaid-1')
      .replace('{lang}', 'de');
    return t.app.inject({ url: url + extra, headers: { 'user-agent': 'phone' } });
  };

  test('a click records the placement and redirects to the partner link with our macros filled', async () => {
    const app = await appWith('appsflyer');
    const res = await click(app._id);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.host).toBe('app.appsflyer.com');
    const clickId = location.searchParams.get('clickid') as string;
    expect(clickId).toMatch(/^[0-9a-f]{24}$/);
    expect(location.searchParams.get('advertising_id')).toBe('gaid-1');
    expect(location.searchParams.get('af_siteid')).toBe('com.publisher.game');
    const [touch] = await t.db.select().from(trackingTouches).where(eq(trackingTouches.clickId, clickId));
    expect(touch).toMatchObject({
      campaignId: 'cmp1',
      adgroupId: 'ag1',
      creativeId: 'cr1',
      country: 'DE',
      os: 2,
    });
  });

  test('a tampered click URL is refused; an impression answers a GIF', async () => {
    const app = await appWith('adjust');
    const tampered = await click(app._id, '').then(() =>
      t.app.inject({
        url: trackingUrl(key, '', 'click', { a: String(w.adv1), app: app._id, c: 'cmp1' }).replace(
          'c=cmp1',
          'c=cmp2',
        ),
      }),
    );
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().data.reason).toBe('bad_signature');
    const imp = await t.app.inject({
      url: trackingUrl(key, '', 'impression', { a: String(w.adv1), app: app._id, c: 'cmp1' }),
    });
    expect(imp.statusCode).toBe(200);
    expect(imp.headers['content-type']).toBe('image/gif');
    const counts = await t.db
      .select({ kind: trackingHourly.kind, n: sql<string>`sum(${trackingHourly.count})` })
      .from(trackingHourly)
      .where(eq(trackingHourly.appId, app._id))
      .groupBy(trackingHourly.kind);
    // One click and one impression (the tampered click is not recorded), each on both time bases.
    expect(Object.fromEntries(counts.map((c) => [c.kind, Number(c.n)]))).toEqual({ 1: 2, 2: 2 });
  });

  test('a signature is for one kind of touch: an impression URL is no click URL, nor the reverse', async () => {
    const app = await appWith('adjust');
    const params = { a: String(w.adv1), app: app._id, c: 'swap', g: 'swap-ag', cr: 'swap-cr' };
    const impression = new URL(trackingUrl(key, 'http://console.test', 'impression', params));
    const click = new URL(trackingUrl(key, 'http://console.test', 'click', params));
    expect(impression.searchParams.get('sig')).not.toBe(click.searchParams.get('sig'));
    // The impression URL's query sent to the click endpoint, and the click URL's to the impression one.
    const asClick = await t.app.inject({ url: `/t/click${impression.search}` });
    expect(asClick.statusCode).toBe(403);
    expect(asClick.json().data.reason).toBe('bad_signature');
    const asImpression = await t.app.inject({ url: `/t/imp${click.search}` });
    expect(asImpression.statusCode).toBe(403);
    expect(asImpression.json().data.reason).toBe('bad_signature');
    // Each still works for its own kind.
    expect((await t.app.inject({ url: `/t/click${click.search}` })).statusCode).toBe(302);
    expect((await t.app.inject({ url: `/t/imp${impression.search}` })).statusCode).toBe(200);
    const touches = await t.db
      .select({ kind: trackingTouches.kind })
      .from(trackingTouches)
      .where(eq(trackingTouches.campaignId, 'swap'));
    expect(touches.map((r) => r.kind).sort()).toEqual([1, 2]);
  });

  const clickIdOf = async (appId: string) => {
    const [touch] = await t.db
      .select()
      .from(trackingTouches)
      .where(eq(trackingTouches.appId, appId))
      .orderBy(sql`${trackingTouches.createdAt} desc`)
      .limit(1);
    return touch.clickId;
  };

  /** Each partner's postback as it arrives: our URL with the partner's macros filled, or its own JSON body. */
  const samples: Record<
    AttributionPartner,
    (clickId: string) => { query?: Record<string, string>; json?: unknown }
  > = {
    appsflyer: (c) => ({
      query: {
        click_id: c,
        event: 'af_purchase',
        revenue: '9.99',
        currency: 'USD',
        event_uid: 'af-1',
        ts: `${Math.floor(Date.now() / 1000)}`,
        idfa: '',
        gaid: 'g-af',
      },
    }),
    adjust: (c) => ({
      query: {
        click_id: c,
        activity_kind: 'event',
        event: 'purchase',
        revenue: '9.99',
        currency: 'USD',
        event_uid: 'event_adid1_1',
        ts: `${Math.floor(Date.now() / 1000)}`,
        gaid: 'g-adj',
      },
    }),
    branch: (c) => ({
      json: {
        name: 'PURCHASE',
        id: '9876543210',
        timestamp: Date.now(),
        last_attributed_touch_data: { '~click_id': c },
        event_data: { revenue: 9.99, currency: 'USD' },
        user_data: { aaid: 'g-branch' },
      },
    }),
    kochava: (c) => ({
      query: { click_id: c, event: 'Purchase', revenue: '9.99', currency: 'USD', event_uid: 'ko-1' },
    }),
    singular: (c) => ({
      query: { click_id: c, event: 'purchase', revenue: '9.99', currency: 'USD', event_uid: 'sng-1' },
    }),
    tenjin: (c) => ({
      query: { click_id: c, event: 'purchase', revenue: '9.99', currency: 'USD', event_uid: 'tj-1' },
    }),
    airbridge: (c) => ({
      json: {
        click_id: c,
        event_category: 'airbridge.ecommerce.order.completed',
        event_value: 9.99,
        currency: 'USD',
        event_uuid: 'ab-1',
      },
    }),
    appmetrica: (c) => ({
      query: { click_id: c, event: 'purchase', revenue: '9.99', currency: 'USD', event_uid: 'am-1' },
    }),
  };

  const postback = (
    app: { partner: string; postback_token: string },
    sample: { query?: Record<string, string>; json?: unknown },
  ) => {
    const url = `/t/postback/${app.partner}/${app.postback_token}${sample.query ? `?${new URLSearchParams(sample.query)}` : ''}`;
    return sample.json
      ? t.app.inject({ method: 'POST', url, payload: sample.json as object })
      : t.app.inject({ url });
  };

  test.each(ATTRIBUTION_PARTNERS)(
    '%s: install and purchase attributed to the click, a resent postback once',
    async (partner) => {
      const app = await appWith(partner);
      expect(postbackUrl('http://console.test', partner, app.postback_token)).toContain(
        `/t/postback/${partner}/`,
      );
      expect((await click(app._id)).statusCode).toBe(302);
      const clickId = await clickIdOf(app._id);
      // The install postback: partners that send no event name mean the install.
      const install = await postback(app, {
        query: { click_id: clickId, event: '', event_uid: `${partner}-install` },
      });
      expect(install.json().data).toMatchObject({
        status: 'accepted',
        attributed: true,
        event_id: 'install',
      });
      const sample = samples[partner](clickId);
      const purchase = await postback(app, sample);
      expect(purchase.statusCode).toBe(200);
      expect(purchase.json().data).toMatchObject({
        status: 'accepted',
        attributed: true,
        event_id: 'purchase',
      });
      expect((await postback(app, sample)).json().data.status).toBe('duplicate');

      const rows = await report('app', app._id);
      expect(rows.find((r) => r.event_id === 'purchase')).toMatchObject({ pv: 1, value: '9.9900' });
      expect(rows.find((r) => r.event_id === 'install')).toMatchObject({ pv: 1 });
      const [stored] = await t.db
        .select()
        .from(trackingEvents)
        .where(sql`${trackingEvents.appId} = ${app._id} and ${trackingEvents.eventId} = 'purchase'`);
      expect(stored).toMatchObject({
        attributed: true,
        campaignId: 'cmp1',
        bundle: 'com.publisher.game',
        partner,
      });
    },
  );

  test('postbacks without a known click are stored as unattributed, not refused', async () => {
    const app = await appWith('tenjin');
    const res = await postback(app, { query: { click_id: 'nope123', event: 'open', event_uid: 'x1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted', attributed: false });
    const panel = await live('app', app._id);
    expect(panel[0]).toMatchObject({ accepted: true, reason: 'unattributed', source: 'postback' });
    const apps = (await admin.get(`/scaler/v3/app?_id=${app._id}`)).body.data;
    expect(apps.status).toBe(2);
  });

  test('resent postbacks without an event id count once, also when they race', async () => {
    const app = await appWith('kochava');
    const q = {
      click_id: 'race-1',
      event: 'purchase',
      revenue: '1.50',
      ts: String(Math.floor(Date.now() / 1000)),
    };
    const answers = await Promise.all(Array.from({ length: 12 }, () => postback(app, { query: q })));
    expect(answers.filter((a) => a.json().data.status === 'accepted')).toHaveLength(1);
    expect((await report('app', app._id)).find((r) => r.event_id === 'purchase')).toMatchObject({
      pv: 1,
      value: '1.5000',
    });
  });

  test('bad postbacks: unknown token 404, unknown partner 404, unknown event and bad revenue 400', async () => {
    const app = await appWith('singular');
    expect(
      (await t.app.inject({ url: `/t/postback/singular/${'0'.repeat(32)}?event=install` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/t/postback/acme/${app.postback_token}` })).statusCode).toBe(404);
    const unknown = await postback(app, { query: { event: 'level_up_99' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.reason).toBe('unknown_event');
    const badRevenue = await postback(app, { query: { event: 'purchase', revenue: '1,50' } });
    expect(badRevenue.json().data.reason).toBe('invalid_event');
    const stored = await t.db.select().from(trackingEvents).where(eq(trackingEvents.appId, app._id));
    expect(stored).toHaveLength(0);
    const rotated = (await admin.send('POST', '/scaler/v3/app/postback_token', { _id: app._id })).body.data;
    expect(rotated.postback_token).not.toBe(app.postback_token);
    expect((await postback(app, { query: { event: 'install' } })).statusCode).toBe(404);
  });

  test('reports count by event time or by request (click) time', async () => {
    const app = await appWith('appmetrica');
    await click(app._id);
    const clickId = await clickIdOf(app._id);
    // The click happened two days ago; the install today.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.db
      .update(trackingTouches)
      .set({ createdAt: twoDaysAgo })
      .where(eq(trackingTouches.clickId, clickId));
    await postback(app, { query: { click_id: clickId, event: '', event_uid: 'am-i' } });
    const byEvent = await report('app', app._id, { 'report-type': 'event' });
    const byRequest = await report('app', app._id, { 'report-type': 'request' });
    expect(byEvent.find((r) => r.event_id === 'install')?.pv).toBe(1);
    expect(byRequest.find((r) => r.event_id === 'install')).toBeUndefined();
    const clickDay = twoDaysAgo.toISOString().slice(0, 10);
    const onClickDay = await admin.get(
      `/scaler/v3/app/event/report1?app_id=${app._id}&start_date=${clickDay}&end_date=${clickDay}`,
      { 'report-type': 'request' },
    );
    expect(onClickDay.body.data.list).toMatchObject([{ date: clickDay, event_id: 'install', pv: 1 }]);
  });
});

describe('the live panel call', () => {
  test('needs a session and the account; another account’s pixel is not found', async () => {
    const anonymous = await call(t.app, { url: `/scaler/v3/tracking/live?kind=pixel&asset_id=${pixelId}` });
    expect(anonymous.status).toBe(401);
    const other = await call(t.app, {
      url: `/scaler/v3/tracking/live?kind=pixel&asset_id=${pixelId}`,
      token: w.tokens.oadmin,
      headers: headers(w.advOther, w.other),
    });
    expect(other.status).toBe(404);
    const operator = await call(t.app, {
      url: `/scaler/v3/tracking/live?kind=pixel&asset_id=${pixelId}`,
      token: w.tokens.user1,
      headers: headers(w.adv1, w.agency),
    });
    expect(operator.status).toBe(200);
    const newest = operator.body.data.list[0].id;
    const after = await admin.get(`/scaler/v3/tracking/live?kind=pixel&asset_id=${pixelId}&after=${newest}`);
    expect(after.body.data.list).toEqual([]);
  });
});

describe('what the review of the tracking side asked for', () => {
  let key: Buffer;
  beforeAll(async () => {
    key = await trackingKey(t.db);
  });

  test('a signature covers each value whole: text moved from one parameter to another is refused', async () => {
    const pixel = (await newPixel('Landing'))._id;
    const params = {
      a: String(w.adv1),
      px: pixel,
      c: 'c1',
      cr: 'cr1',
      u: 'https://shop.example/go?from=ad&u=https://partner.example/',
    };
    const url = new URL(trackingUrl(key, 'http://console.test', 'click', params));
    const ok = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toMatch(
      /^https:\/\/shop\.example\/go\?from=ad&u=https:\/\/partner\.example\/&sc_click_id=[0-9a-f]{24}$/,
    );
    const forged = new URLSearchParams(url.search);
    forged.set('cr', 'cr1&u=https://shop.example/go?from=ad');
    forged.set('u', 'https://partner.example/');
    const res = await t.app.inject({ url: `/t/click?${forged}` });
    expect(res.statusCode).toBe(403);
  });

  test('a landing click carries the click id to the pixel, which attributes its events to the placement', async () => {
    const pixel = (await newPixel('Attributed'))._id;
    const url = new URL(
      trackingUrl(key, 'http://console.test', 'click', {
        a: String(w.adv1),
        px: pixel,
        c: 'cmpW',
        g: 'agW',
        u: 'https://shop.example/#top',
      }),
    );
    const res = await t.app.inject({ url: `${url.pathname}${url.search.replace('{country}', 'fr')}` });
    const location = res.headers.location as string;
    expect(location).toMatch(/^https:\/\/shop\.example\/\?sc_click_id=[0-9a-f]{24}#top$/);
    const clickId = new URL(location).searchParams.get('sc_click_id');
    await collect({ pixel_id: pixel, event: 'Purchase', event_id: 'w1', click_id: clickId, value: 3 });
    const [stored] = await t.db.select().from(trackingEvents).where(eq(trackingEvents.pixelId, pixel));
    expect(stored).toMatchObject({ attributed: true, campaignId: 'cmpW', adgroupId: 'agW', country: 'FR' });
    // The click of another pixel's ad does not attribute this pixel's event.
    const other = (await newPixel('Other'))._id;
    await collect({ pixel_id: other, event: 'Purchase', event_id: 'w2', click_id: clickId });
    const [unrelated] = await t.db.select().from(trackingEvents).where(eq(trackingEvents.pixelId, other));
    expect(unrelated).toMatchObject({ attributed: false, campaignId: '' });
  });

  test('one order id names a checkout and a purchase: both count; the browser cannot pre-empt the API', async () => {
    const { _id: pixel, token } = await newPixel('Orders', 2);
    await collect({ pixel_id: pixel, event: 'PageView', event_id: 'order-9' });
    await collect({ pixel_id: pixel, event: 'Purchase', event_id: 'order-9' });
    const api = await t.app.inject({
      method: 'POST',
      url: '/open/v1/events',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { data: [{ event: 'Purchase', event_id: 'order-9' }] },
    });
    expect(api.json().data.accepted).toBe(1);
    expect(await storedFor(pixel)).toBe(3);
  });

  test('text PostgreSQL cannot store answers 400 and stores nothing', async () => {
    const stored = await storedFor(pixelId);
    const nul = await collect(`{"pixel_id":"${pixelId}","event":"PageView","url":"https://a.test/\\u0000"}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().data.reason).toBe('malformed');
    const surrogate = await collect(`{"pixel_id":"${pixelId}","event":"PageView","uid":"\\ud800"}`);
    expect(surrogate.statusCode).toBe(400);
    expect(await storedFor(pixelId)).toBe(stored);
    const app = (
      await admin.send('POST', '/scaler/v3/app', {
        name: 'Nul',
        bundle_id: 'com.example.nul',
        os: 2,
        download_type: 1,
        download_link: 'https://play.google.com/store/apps/details?id=com.example.nul',
        partner: 'kochava',
        partner_app_id: 'nul',
      })
    ).body.data;
    const pb = await t.app.inject({ url: `/t/postback/kochava/${app.postback_token}?event=install&foo=%00` });
    expect(pb.statusCode).toBe(400);
  });

  test('long page addresses are kept cut, not refused', async () => {
    const long = `https://shop.example/?q=${'x'.repeat(5000)}`;
    const res = await collect({ pixel_id: pixelId, event: 'PageView', event_id: 'long-1', url: long });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.dedupKey, `px:${pixelId}:page_view:long-1`));
    expect(row.url?.length).toBe(2048);
  });

  test('days are cut in the offset asked for, whatever the database session time zone', async () => {
    const pixel = (await newPixel('Zones'))._id;
    // 20:30 UTC yesterday: in +00:00 it is yesterday, in +08:00 today.
    const at = new Date(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T20:30:00Z`);
    if (at.getTime() > Date.now() - 60_000) return;
    await collect({ pixel_id: pixel, event: 'PageView', event_id: 'z1', ts: at.getTime() });
    const day = at.toISOString().slice(0, 10);
    const next = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
    const [utc, east] = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'Asia/Tokyo'`);
      const range = (tz: number) => reportRange(day, next, tz);
      return [
        await dailyEventCounts(tx, {
          kind: 'pixel',
          advId: w.adv1,
          assetId: pixel,
          range: range(0),
          basis: 'event',
        }),
        await dailyEventCounts(tx, {
          kind: 'pixel',
          advId: w.adv1,
          assetId: pixel,
          range: range(480),
          basis: 'event',
        }),
      ];
    });
    expect(utc.map((r) => r.date)).toEqual([day]);
    expect(east.map((r) => r.date)).toEqual([next]);
  });

  test('a partner link with characters a header cannot carry, and odd placement values, still redirect', async () => {
    const app = (
      await admin.send('POST', '/scaler/v3/app', {
        name: 'Unicode',
        bundle_id: 'com.example.unicode',
        os: 2,
        download_type: 1,
        download_link: 'https://play.google.com/store/apps/details?id=com.example.unicode',
        partner: 'appsflyer',
        partner_app_id: 'uni',
        partner_click_url: 'https://app.appsflyer.com/uni?c=日本&clickid={click_id}',
      })
    ).body.data;
    const url = new URL(
      trackingUrl(key, 'http://console.test', 'click', { a: String(w.adv1), app: app._id, c: 'c' }),
    );
    const search = url.search
      .replace('{lang}', 'zh-Hans-CN,zh;q=0.9,en;q=0.8')
      .replace('{bundle}', 'b'.repeat(500));
    const res = await t.app.inject({ url: `${url.pathname}${search}&bundle=second` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('c=%E6%97%A5%E6%9C%AC');
  });
});
