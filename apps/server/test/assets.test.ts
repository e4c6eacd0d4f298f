import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  activityLog,
  apiSources,
  appEvents,
  apps,
  customEventIds,
  pixelEvents,
  pixels,
} from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { buildWorld, PNG, upload, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

/** Calls as one of the world's people on an advertiser account, as the console does. */
const on = (who: string, advId: number, orgId: number, language = 'en-US') => {
  const headers = { 'org-id': String(orgId), 'adv-id': String(advId), language };
  return {
    get: (url: string) => call(t.app, { url, token: w.tokens[who], headers }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      call(t.app, { method, url, body, token: w.tokens[who], headers }),
  };
};
const admin = () => on('admin', w.adv1, w.agency);
const other = () => on('oadmin', w.advOther, w.other);

const android = {
  name: 'Runner',
  bundle_id: 'com.example.runner',
  os: 2,
  download_type: 1,
  download_link: 'https://play.google.com/store/apps/details?id=com.example.runner',
  partner: 'appsflyer',
  partner_app_id: 'com.example.runner',
};
const ios = {
  name: 'Runner iOS',
  bundle_id: 'com.example.runner',
  os: 1,
  download_type: 1,
  download_link: 'https://apps.apple.com/us/app/runner/id1234567890',
  partner: 'adjust',
  partner_app_id: 'abc123token',
};
const fieldsOf = (body: { data: { fields: { path: string; message: string }[] } }) =>
  Object.fromEntries(body.data.fields.map((f) => [f.path, f.message]));

describe('apps', () => {
  let appId: string;

  test('an admin registers an app: detail with the install event and a postback secret, then lists it', async () => {
    const res = await admin().send('POST', '/scaler/v3/app', android);
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        adv_id: w.adv1,
        name: 'Runner',
        os: 2,
        download_type: 1,
        partner: 'appsflyer',
        status: 0,
        last_event_at: null,
        event_count: 1,
        postback_token: expect.stringMatching(/^[0-9a-f]{32}$/),
        partner_click_url: '',
        events: [
          {
            type: 1,
            event_type: 'install',
            event_id: 'install',
            event_name: 'Install',
            event_name_en: 'Install',
            status: 0,
            last_event_at: null,
          },
        ],
      },
    });
    appId = res.body.data._id;
    const detail = await admin().get(`/scaler/v3/app?_id=${appId}`);
    expect(detail.body.data).toEqual(res.body.data);
    const list = await admin().get('/scaler/v3/app');
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ _id: appId, event_count: 1 });
    expect(list.body.data.list[0].events).toBeUndefined();
    const log = await t.db.select().from(activityLog).where(eq(activityLog.objectId, appId));
    expect(log.map((l) => [l.action, l.orgId])).toEqual([['app.create', w.agency]]);
  });

  test('the same bundle on the other platform is another app; twice on one platform already exists', async () => {
    const iosApp = await admin().send('POST', '/scaler/v3/app', ios);
    expect(iosApp.body.code).toBe(0);
    const again = await admin().send('POST', '/scaler/v3/app', { ...android, name: 'Copy' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ code: 10401, msg: 'Item already exists.' });
    const zh = await on('admin', w.adv1, w.agency, 'zh-CN').send('POST', '/scaler/v3/app', android);
    expect(zh.body).toMatchObject({ code: 10401, msg: '该项已存在。' });
    // Another account may register the same bundle.
    expect((await other().send('POST', '/scaler/v3/app', android)).body.code).toBe(0);
    // Editing the iOS app into the Android one's platform collides too.
    const moved = await admin().send('PUT', '/scaler/v3/app', {
      ...android,
      _id: iosApp.body.data._id,
      name: 'Moved',
    });
    expect(moved.body.code).toBe(10401);
    expect((await admin().get(`/scaler/v3/app?_id=${iosApp.body.data._id}`)).body.data.name).toBe(
      'Runner iOS',
    );
  });

  test('a valid download link is required: store of the platform, its package, APK for Android only', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ download_link: 'https://example.com/runner' }, 'Please enter a valid download link.'],
      [
        { download_link: 'http://play.google.com/store/apps/details?id=com.example.runner' },
        'Please enter a valid download link.',
      ],
      [{ download_link: ios.download_link }, 'Please enter a valid download link.'],
      [
        { download_link: 'https://play.google.com/store/apps/details?id=com.other.app' },
        'The download link belongs to another package name.',
      ],
      [
        { os: 1, download_type: 3, download_link: 'https://cdn.example.com/a.apk' },
        'APK downloads are for Android apps only.',
      ],
    ];
    for (const [over, message] of cases) {
      const res = await admin().send('POST', '/scaler/v3/app', {
        ...android,
        bundle_id: 'com.example.links',
        ...over,
      });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)['body.download_link']).toBe(message);
    }
    const apk = await admin().send('POST', '/scaler/v3/app', {
      ...android,
      name: 'Sideload',
      bundle_id: 'com.example.sideload',
      download_type: 3,
      download_link: 'https://cdn.example.com/get?file=sideload',
    });
    expect(apk.body).toMatchObject({ code: 0, data: { download_type: 3 } });
  });

  test('the icon is an uploaded image', async () => {
    const iconApp = {
      ...android,
      name: 'Runner',
      bundle_id: 'com.example.icon',
      download_link: 'https://play.google.com/store/apps/details?id=com.example.icon',
    };
    const unknown = await admin().send('POST', '/scaler/v3/app', {
      ...iconApp,
      icon: `avatars/${'0'.repeat(32)}.png`,
    });
    expect(unknown.body.code).toBe(10303);
    const file = await upload(t.app, w.tokens.admin, 'avatar', PNG, 'icon.png');
    const res = await admin().send('POST', '/scaler/v3/app', { ...iconApp, icon: file.body.data.url });
    expect(res.body.data.icon).toBe(file.body.data.url);
  });

  test('PUT app edits the fields and keeps events and postback secret', async () => {
    const before = (await admin().get(`/scaler/v3/app?_id=${appId}`)).body.data;
    const res = await admin().send('PUT', '/scaler/v3/app', {
      ...android,
      _id: appId,
      name: 'Runner Pro',
      partner: 'branch',
      partner_app_id: 'key_live_abc',
      partner_click_url: 'https://runner.app.link/abc',
    });
    expect(res.body.data).toMatchObject({
      name: 'Runner Pro',
      partner: 'branch',
      partner_click_url: 'https://runner.app.link/abc',
      postback_token: before.postback_token,
      events: before.events,
    });
    const bad = await admin().send('PUT', '/scaler/v3/app', {
      ...android,
      _id: appId,
      partner_click_url: 'ftp://x',
    });
    expect(fieldsOf(bad.body)['body.partner_click_url']).toBe(
      'Please enter a valid URL starting with https://.',
    );
  });

  test('a new postback secret replaces the old one', async () => {
    const before = (await admin().get(`/scaler/v3/app?_id=${appId}`)).body.data.postback_token;
    const res = await admin().send('POST', '/scaler/v3/app/postback_token', { _id: appId });
    expect(res.body.data.postback_token).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.data.postback_token).not.toBe(before);
  });

  test('PUT app/event replaces the events; kept events keep their recording state', async () => {
    await t.db.update(appEvents).set({ lastEventAt: new Date() }).where(eq(appEvents.appId, appId));
    const res = await admin().send('PUT', '/scaler/v3/app/event', {
      app_id: appId,
      events: [
        { type: 2, event_id: 'Level_Ten', event_name: 'Level ten', event_type: 'achieve_level' },
        { type: 1, event_type: 'purchase' },
        { type: 1, event_type: 'install' },
      ],
    });
    expect(res.body.data.map((e: { event_id: string; status: number }) => [e.event_id, e.status])).toEqual([
      ['install', 2],
      ['purchase', 0],
      ['Level_Ten', 0],
    ]);
    expect(res.body.data[2]).toMatchObject({ type: 2, event_type: 'achieve_level', event_name: 'Level ten' });
    const zh = await on('admin', w.adv1, w.agency, 'zh-CN').get(
      `/scaler/v3/utils/app_events?app_id=${appId}`,
    );
    expect(zh.body.data.map((e: { event_name: string }) => e.event_name)).toEqual([
      '安装',
      '购买',
      'Level ten',
    ]);
  });

  test('custom event ids: Invalid event ID, and globally unique across accounts, apps and pixels', async () => {
    const bad = await admin().send('PUT', '/scaler/v3/app/event', {
      app_id: appId,
      events: [{ type: 2, event_id: '1st_open', event_name: 'x' }],
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)['body.events.0.event_id']).toBe('Invalid event ID');
    const zh = await on('admin', w.adv1, w.agency, 'zh-CN').send('PUT', '/scaler/v3/app/event', {
      app_id: appId,
      events: [{ type: 2, event_id: 'has-dash', event_name: 'x' }],
    });
    expect(fieldsOf(zh.body)['body.events.0.event_id']).toBe('事件 ID 无效');

    // Another account's pixel claims an id; this account cannot take it, in any case.
    const otherPixel = await other().send('POST', '/scaler/v3/pixel', {
      name: 'Other site',
      conversion_type: 1,
      mode: 1,
      events: [{ type: 2, event_id: 'vip_signup', event_name: 'VIP' }],
    });
    expect(otherPixel.body.code).toBe(0);
    const taken = await admin().send('PUT', '/scaler/v3/app/event', {
      app_id: appId,
      events: [
        { type: 1, event_type: 'registration' },
        { type: 2, event_id: 'VIP_Signup', event_name: 'VIP' },
      ],
    });
    expect(taken.body).toMatchObject({
      code: 10402,
      msg: 'Invalid event ID: VIP_Signup already exists.',
      data: { event_id: 'VIP_Signup' },
    });
    // Nothing of the refused change was kept.
    const events = (await admin().get(`/scaler/v3/utils/app_events?app_id=${appId}`)).body.data;
    expect(events.map((e: { event_id: string }) => e.event_id)).toEqual(['install', 'purchase', 'Level_Ten']);

    // Removing a custom event frees its id.
    await other().send('PUT', '/scaler/v3/pixel', {
      _id: otherPixel.body.data._id,
      name: 'Other site',
      conversion_type: 1,
      mode: 1,
      events: [{ type: 1, event_type: 'page_view' }],
    });
    const freed = await admin().send('PUT', '/scaler/v3/app/event', {
      app_id: appId,
      events: [{ type: 2, event_id: 'VIP_Signup', event_name: 'VIP' }],
    });
    expect(freed.body.code).toBe(0);
    const owners = await t.db.select().from(customEventIds).where(eq(customEventIds.eventKey, 'vip_signup'));
    expect(owners).toEqual([expect.objectContaining({ appId, pixelId: null, advId: w.adv1 })]);
    expect(
      (await t.db.select().from(customEventIds).where(eq(customEventIds.eventKey, 'level_ten'))).length,
    ).toBe(0);
  });

  test('concurrent claims of one event id: exactly one wins', async () => {
    const a = await admin().send('POST', '/scaler/v3/pixel', { name: 'Race A', conversion_type: 4, mode: 1 });
    const b = await other().send('POST', '/scaler/v3/pixel', { name: 'Race B', conversion_type: 4, mode: 1 });
    const claim = (as: ReturnType<typeof on>, id: string) =>
      as.send('PUT', '/scaler/v3/pixel', {
        _id: id,
        name: id === a.body.data._id ? 'Race A' : 'Race B',
        conversion_type: 4,
        mode: 1,
        events: [{ type: 2, event_id: 'race_event', event_name: 'Race' }],
      });
    const answers = await Promise.all([claim(admin(), a.body.data._id), claim(other(), b.body.data._id)]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 10402]);
    expect(await t.db.select().from(pixelEvents).where(eq(pixelEvents.eventId, 'race_event'))).toHaveLength(
      1,
    );
  });

  test('two concurrent registrations of one app: one created, the other already exists', async () => {
    const race = {
      ...android,
      bundle_id: 'com.example.race',
      download_link: 'https://play.google.com/store/apps/details?id=com.example.race',
    };
    const answers = await Promise.all([
      admin().send('POST', '/scaler/v3/app', race),
      admin().send('POST', '/scaler/v3/app', race),
    ]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 10401]);
    expect(await t.db.select().from(apps).where(eq(apps.bundleId, 'com.example.race'))).toHaveLength(1);
    await t.db.delete(apps).where(eq(apps.bundleId, 'com.example.race'));
  });

  test('another account’s app is not found, in every call', async () => {
    const foreign = (await other().get('/scaler/v3/app')).body.data.list[0]._id;
    expect((await admin().get(`/scaler/v3/app?_id=${foreign}`)).status).toBe(404);
    expect((await admin().send('PUT', '/scaler/v3/app', { ...android, _id: foreign })).status).toBe(404);
    expect((await admin().send('PUT', '/scaler/v3/app/event', { app_id: foreign, events: [] })).status).toBe(
      404,
    );
    expect((await admin().send('POST', '/scaler/v3/app/postback_token', { _id: foreign })).status).toBe(404);
    expect((await admin().get(`/scaler/v3/utils/app_events?app_id=${foreign}`)).status).toBe(404);
    expect((await admin().get(`/scaler/v3/utils/app_info?app_id=${foreign}`)).status).toBe(404);
    expect((await t.db.select().from(apps).where(eq(apps.id, foreign)))[0].name).toBe('Runner');
  });

  test('list search, platform and recording status filters', async () => {
    await t.db.update(apps).set({ lastEventAt: new Date() }).where(eq(apps.id, appId));
    const ids = async (query: string) =>
      (await admin().get(`/scaler/v3/app?${query}`)).body.data.list
        .map((a: { name: string }) => a.name)
        .sort();
    expect(await ids('q=runner')).toEqual(['Runner', 'Runner Pro', 'Runner iOS']);
    expect(await ids('q=com.example.icon')).toEqual(['Runner']);
    expect(await ids('os=1')).toEqual(['Runner iOS']);
    expect(await ids('status=2')).toEqual(['Runner Pro']);
    expect(await ids('status=0&q=side')).toEqual(['Sideload']);
    expect((await admin().get('/scaler/v3/app?page_size=1')).body.data).toMatchObject({ total: 4 });
    expect((await admin().get('/scaler/v3/app?status=7')).status).toBe(400);
  });

  test('utils: apps for pickers and the app info an ad group needs', async () => {
    const list = (await admin().get('/scaler/v3/utils/apps')).body.data;
    expect(list.map((a: { name: string }) => a.name).sort()).toEqual([
      'Runner',
      'Runner Pro',
      'Runner iOS',
      'Sideload',
    ]);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      icon: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      bundle_id: expect.any(String),
      os: expect.any(Number),
      partner: expect.any(String),
      status: expect.any(Number),
    });
    const info = (await admin().get(`/scaler/v3/utils/app_info?app_id=${appId}`)).body.data;
    expect(info).toMatchObject({ _id: appId, bundle_id: 'com.example.runner', os: 2, partner: 'branch' });
    expect(info.postback_token).toBeUndefined();
  });
});

describe('pixels and API sources', () => {
  let pixelId: string;

  test('an admin creates a pixel with PageView by default; search arbitrage needs standard events', async () => {
    const res = await admin().send('POST', '/scaler/v3/pixel', { name: 'Shop', conversion_type: 1, mode: 1 });
    expect(res.body).toMatchObject({
      code: 0,
      data: {
        name: 'Shop',
        mode: 1,
        status: 0,
        installed: false,
        api_source: null,
        token: null,
        events: [{ type: 1, event_type: 'page_view', event_name: 'Page view', event_name_en: 'PageView' }],
      },
    });
    pixelId = res.body.data._id;
    const missing = await admin().send('POST', '/scaler/v3/pixel', {
      name: 'Search',
      conversion_type: 3,
      mode: 1,
      events: [{ type: 2, event_id: 'serp_click', event_name: 'SERP click' }],
    });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)['body.events']).toBe(
      'Missing standard events: search arbitrage needs at least one.',
    );
    const ok = await admin().send('POST', '/scaler/v3/pixel', {
      name: 'Search',
      conversion_type: 3,
      mode: 1,
      events: [
        { type: 1, event_type: 'search' },
        { type: 2, event_id: 'serp_click', event_name: 'SERP click' },
      ],
    });
    expect(ok.body.data.events.map((e: { event_id: string }) => e.event_id)).toEqual([
      'search',
      'serp_click',
    ]);
    const noStandard = await admin().send('PUT', '/scaler/v3/pixel', {
      _id: ok.body.data._id,
      name: 'Search',
      conversion_type: 3,
      mode: 1,
      events: [],
    });
    expect(noStandard.status).toBe(400);
  });

  test('pixel names are unique per account, whatever the case', async () => {
    const dup = await admin().send('POST', '/scaler/v3/pixel', { name: 'SHOP', conversion_type: 2, mode: 1 });
    expect(dup.body).toMatchObject({ code: 10401, msg: 'Item already exists.' });
    expect(
      (await other().send('POST', '/scaler/v3/pixel', { name: 'Shop', conversion_type: 2, mode: 1 })).body
        .code,
    ).toBe(0);
  });

  test('PUT pixel changes fields and events', async () => {
    const res = await admin().send('PUT', '/scaler/v3/pixel', {
      _id: pixelId,
      name: 'Shop EU',
      conversion_type: 1,
      mode: 1,
      events: [
        { type: 1, event_type: 'purchase' },
        { type: 1, event_type: 'page_view' },
        { type: 2, event_id: 'newsletter', event_name: 'Newsletter' },
      ],
    });
    expect(res.body.data).toMatchObject({ name: 'Shop EU', event_count: 3 });
    expect(res.body.data.events.map((e: { event_id: string }) => e.event_id)).toEqual([
      'page_view',
      'purchase',
      'newsletter',
    ]);
    const statusEvents = (await admin().get(`/scaler/v3/utils/pixel_events?pixel_id=${pixelId}`)).body.data;
    expect(statusEvents).toEqual(res.body.data.events);
  });

  test('an API pixel answers its token once; only the hash is stored; rotate and revoke', async () => {
    const res = await admin().send('POST', '/scaler/v3/pixel', {
      name: 'Server events',
      conversion_type: 2,
      mode: 2,
    });
    const { token, api_source: source } = res.body.data;
    expect(token).toMatch(/^sct_[A-Za-z0-9_-]{43}$/);
    expect(source).toMatchObject({
      name: 'Server events',
      token_hint: token.slice(-4),
      pixel_id: res.body.data._id,
    });
    const [row] = await t.db.select().from(apiSources).where(eq(apiSources.id, source._id));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const detail = (await admin().get(`/scaler/v3/pixel?_id=${res.body.data._id}`)).body.data;
    expect(JSON.stringify(detail)).not.toContain(token);
    expect(detail.api_source).toEqual(source);

    const cards = (await admin().get('/scaler/v3/pixel?mode=2')).body.data.list;
    expect(cards.map((p: { name: string }) => p.name)).toEqual(['Server events']);

    const rotated = await admin().send('POST', '/scaler/v3/api_source/rotate', { _id: source._id });
    expect(rotated.body.data.token).not.toBe(token);
    const [after] = await t.db.select().from(apiSources).where(eq(apiSources.id, source._id));
    expect(after.tokenHash).toBe(createHash('sha256').update(rotated.body.data.token).digest('hex'));

    const again = await admin().send('POST', '/scaler/v3/api_source', {
      pixel_id: res.body.data._id,
      name: 'Second',
    });
    expect(again.body.code).toBe(10401);
    const renamed = await admin().send('PUT', '/scaler/v3/api_source', { _id: source._id, name: 'Backend' });
    expect(renamed.body.data.name).toBe('Backend');
    expect(
      (await admin().get('/scaler/v3/api_source')).body.data.map((s: { name: string }) => s.name),
    ).toEqual(['Backend']);

    expect((await admin().send('DELETE', '/scaler/v3/api_source', { _id: source._id })).body.code).toBe(0);
    const [revoked] = await t.db.select().from(apiSources).where(eq(apiSources.id, source._id));
    expect(revoked).toMatchObject({ tokenHash: null, revokedAt: expect.any(Date) });
    expect((await admin().get(`/scaler/v3/api_source?pixel_id=${res.body.data._id}`)).body.data).toEqual([]);
    expect((await admin().send('POST', '/scaler/v3/api_source/rotate', { _id: source._id })).status).toBe(
      404,
    );

    // A pixel in mode 1 can get API access too.
    const created = await admin().send('POST', '/scaler/v3/api_source', { pixel_id: pixelId, name: 'CAPI' });
    expect(created.body.data).toMatchObject({
      pixel_id: pixelId,
      pixel_name: 'Shop EU',
      token: expect.any(String),
    });
  });

  test('status and reset: the next event verifies the installation again, statistics stay', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .update(pixels)
      .set({ installedAt: hourAgo, lastEventAt: hourAgo })
      .where(eq(pixels.id, pixelId));
    await t.db.update(pixelEvents).set({ lastEventAt: hourAgo }).where(eq(pixelEvents.pixelId, pixelId));
    const status = (await admin().get(`/scaler/v3/pixel/event/status?pixel_id=${pixelId}`)).body.data;
    expect(status).toMatchObject({
      pixel_id: pixelId,
      status: 2,
      installed: true,
      installed_at: hourAgo.toISOString(),
    });
    expect(status.events.every((e: { status: number }) => e.status === 2)).toBe(true);
    expect(
      (await admin().get('/scaler/v3/pixel?status=2')).body.data.list.map((p: { _id: string }) => p._id),
    ).toEqual([pixelId]);

    const reset = await admin().send('POST', '/scaler/ex/reset_pixel', { pixel_id: pixelId });
    expect(reset.body.data).toMatchObject({
      installed: false,
      installed_at: null,
      status: 0,
      reset_at: expect.any(String),
    });
    const after = (await admin().get(`/scaler/v3/pixel/event/status?pixel_id=${pixelId}`)).body.data;
    expect(after.events.map((e: { status: number }) => e.status)).toEqual([0, 0, 0]);
    expect(after.events).toHaveLength(3);
  });

  test('delete: gone from lists and calls, API access revoked, the name free again', async () => {
    const [source] = await t.db.select().from(apiSources).where(eq(apiSources.pixelId, pixelId));
    expect((await admin().send('DELETE', '/scaler/v3/pixel', { _id: pixelId })).body).toEqual({
      code: 0,
      msg: 'success',
      data: null,
    });
    expect((await admin().get(`/scaler/v3/pixel?_id=${pixelId}`)).status).toBe(404);
    expect((await admin().send('DELETE', '/scaler/v3/pixel', { _id: pixelId })).status).toBe(404);
    expect((await admin().send('POST', '/scaler/ex/reset_pixel', { pixel_id: pixelId })).status).toBe(404);
    const names = (await admin().get('/scaler/v3/utils/pixels')).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(names).not.toContain('Shop EU');
    const [row] = await t.db.select().from(apiSources).where(eq(apiSources.id, source.id));
    expect(row.tokenHash).toBeNull();
    // The row and its events stay for the statistics.
    expect((await t.db.select().from(pixelEvents).where(eq(pixelEvents.pixelId, pixelId))).length).toBe(3);
    const again = await admin().send('POST', '/scaler/v3/pixel', {
      name: 'Shop EU',
      conversion_type: 1,
      mode: 1,
    });
    expect(again.body.code).toBe(0);
  });

  test('another account’s pixel is not found, in every call', async () => {
    const foreign = (await other().get('/scaler/v3/pixel')).body.data.list[0]._id;
    const body = { _id: foreign, name: 'x', conversion_type: 1, mode: 1 };
    expect((await admin().get(`/scaler/v3/pixel?_id=${foreign}`)).status).toBe(404);
    expect((await admin().send('PUT', '/scaler/v3/pixel', body)).status).toBe(404);
    expect((await admin().send('DELETE', '/scaler/v3/pixel', { _id: foreign })).status).toBe(404);
    expect((await admin().send('POST', '/scaler/ex/reset_pixel', { pixel_id: foreign })).status).toBe(404);
    expect((await admin().get(`/scaler/v3/pixel/event/status?pixel_id=${foreign}`)).status).toBe(404);
    expect((await admin().get(`/scaler/v3/utils/pixel_events?pixel_id=${foreign}`)).status).toBe(404);
    expect(
      (await admin().send('POST', '/scaler/v3/api_source', { pixel_id: foreign, name: 'x' })).status,
    ).toBe(404);
    expect((await t.db.select().from(pixels).where(eq(pixels.id, foreign)))[0].deletedAt).toBeNull();
  });
});

describe('standard events and utils', () => {
  test('standard web events: PageView and nineteen more, named in the request language', async () => {
    const en = await call(t.app, { url: '/scaler/ex/utils/standard_web_event', token: w.tokens.user2 });
    expect(en.body.data.version).toBe(1);
    expect(en.body.data.list).toHaveLength(20);
    expect(en.body.data.list[0]).toEqual({
      event_type: 'page_view',
      event_name: 'Page view',
      event_name_en: 'PageView',
    });
    const zh = await call(t.app, {
      url: '/scaler/ex/utils/standard_web_event',
      token: w.tokens.user2,
      headers: { language: 'zh-CN' },
    });
    expect(zh.body.data.list[0]).toEqual({
      event_type: 'page_view',
      event_name: '浏览页面',
      event_name_en: 'PageView',
    });
    expect((await call(t.app, { url: '/scaler/ex/utils/standard_web_event' })).status).toBe(401);
  });

  test('standard app events: install to ad_revenue', async () => {
    const res = await call(t.app, { url: '/scaler/ex/utils/standard_event', token: w.tokens.user2 });
    const types = res.body.data.list.map((e: { event_type: string }) => e.event_type);
    expect(types[0]).toBe('install');
    expect(types).toContain('ad_revenue');
    expect(types).toHaveLength(14);
  });

  test('pixel type events: suggested standard events per conversion type', async () => {
    const res = await call(t.app, { url: '/scaler/v3/utils/pixel_type_events', token: w.tokens.user2 });
    expect(res.body.data.map((g: { conversion_type: number }) => g.conversion_type)).toEqual([1, 2, 3, 4]);
    expect(res.body.data[2].events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'page_view',
      'search',
      'view_content',
    ]);
    expect(res.body.data[3].events).toHaveLength(20);
  });

  test('every asset call is in the OpenAPI document', async () => {
    const doc = (await call(t.app, { url: '/scaler/openapi.json' })).body;
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/scaler/v3/app',
      '/scaler/v3/app/event',
      '/scaler/v3/app/event/report1',
      '/scaler/v3/pixel',
      '/scaler/v3/pixel/event/report1',
      '/scaler/v3/pixel/event/status',
      '/scaler/v3/pixel/event/statis',
      '/scaler/ex/reset_pixel',
      '/scaler/ex/utils/standard_web_event',
      '/scaler/ex/utils/standard_event',
      '/scaler/v3/api_source',
      '/scaler/v3/api_source/rotate',
      '/scaler/v3/utils/app_info',
    ])
      expect(paths).toContain(path);
    expect(Object.keys(doc.paths['/scaler/v3/pixel'])).toEqual(['get', 'post', 'put', 'delete']);
  });

  test('asset calls without an adv-id header are a validation error', async () => {
    const res = await call(t.app, {
      url: '/scaler/v3/app',
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency) },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([{ path: 'adv-id', message: 'This field is required.' }]);
  });

  test('every asset write is recorded in the activity log', async () => {
    const actions = (await t.db.select({ a: activityLog.action }).from(activityLog)).map((r) => r.a);
    for (const a of [
      'app.create',
      'app.update',
      'app.events',
      'app.postback_token',
      'pixel.create',
      'pixel.update',
      'pixel.delete',
      'pixel.reset',
      'api_source.create',
      'api_source.rotate',
      'api_source.revoke',
    ])
      expect(actions).toContain(a);
  });
});
