import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advMembers, audienceMembers, audiences, orgMembers, trackingEvents } from '../src/db/schema';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { as, buildWorld, partnerWith, type World } from './world';

/**
 * Audiences: built from real tracking events (the pixel's public collection endpoint and stored app
 * events), uploaded device ids kept only as hashes, statuses of spec 4, the reach of include/exclude
 * choices, an ad group's audience status, deleting, and who may do what.
 */

let t: TestApp;
let w: World;
let appId: string;
let pixelId: string;

type Audience = {
  audience_id: number;
  name: string;
  status: number;
  size: number;
  source_type: number;
  built_time: string | null;
  upload: { valid: number; duplicates: number; invalid: number } | null;
};

const headers = (advId = w.adv1, orgId = w.agency) => ({ 'org-id': String(orgId), 'adv-id': String(advId) });
const orgOf = (who: string) => (who === 'padmin' ? w.partner : who === 'oadmin' ? w.other : w.agency);
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  who = 'admin',
  advId?: number,
) => call(t.app, { method, url, body, token: w.tokens[who], headers: headers(advId, orgOf(who)) });

/** A device id (IDFA/GAID shape), lower-cased as the tracking side stores it. */
const device = (i: number) => `a1b2c3d4-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const devices = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => device(from + k));
const hashOf = (id: string) => createHash('sha256').update(id.toUpperCase()).digest('hex');

let seq = 0;
/** Conversions as the tracking writer stores them, `daysAgo` days back. */
async function track(
  asset: { appId?: string; pixelId?: string },
  eventId: string,
  userKeys: string[],
  daysAgo = 1,
  advId = w.adv1,
) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await t.db.insert(trackingEvents).values(
    userKeys.map((userKey) => ({
      dedupKey: `test:${++seq}`,
      source: 'postback',
      advId,
      appId: asset.appId ?? '',
      pixelId: asset.pixelId ?? '',
      eventId,
      eventName: eventId,
      eventTime: at,
      requestTime: at,
      receivedAt: at,
      attributed: false,
      userKey,
    })),
  );
}

async function create(body: Record<string, unknown>): Promise<Audience> {
  const res = await send('PUT', '/scaler/v3/audience', body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

async function list(query = 'page_size=500'): Promise<Audience[]> {
  const res = await send('GET', `/scaler/v3/audiences?${query}`);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.list;
}

/** The audience once its build has finished (status no longer 1). */
async function built(id: number): Promise<Audience> {
  for (let i = 0; i < 100; i++) {
    const a = (await list()).find((x) => x.audience_id === id);
    if (!a) throw new Error(`audience ${id} is gone`);
    if (a.status !== 1) return a;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`audience ${id} is still building`);
}

/** An upload: answered with status 1 at once, then the audience once its members are written. */
async function uploaded(body: Record<string, unknown>): Promise<Audience> {
  const saved = await create(body);
  expect(saved.status).toBe(1);
  return { ...(await built(saved.audience_id)), upload: saved.upload };
}

const appAudience = (extra: Record<string, unknown> = {}) => ({
  name: 'Buyers 30d',
  source_type: 1,
  app_id: appId,
  event_ids: ['purchase'],
  lookback_days: 30,
  ...extra,
});

const upload = (ids: string[], extra: Record<string, unknown> = {}) => ({
  name: 'CRM list',
  source_type: 2,
  device_ids: ids.join('\n'),
  ...extra,
});

async function newAdGroup(include: number[], exclude: number[] = []) {
  const c = await send('PUT', '/scaler/v3/campaign', {
    name: 'Retarget',
    campaign_type: 'retargeting',
    promote_goal: 'app_event',
    os: 2,
    link_type: 1,
    app_id: appId,
  });
  expect(c.body.code, JSON.stringify(c.body)).toBe(0);
  const g = await send('PUT', '/scaler/v3/adgroup', {
    campaign_id: c.body.data.campaign_id,
    name: 'Past buyers',
    bidding_type: 1,
    billing_type: 1,
    bid_price: 2,
    audience_include: include,
    audience_exclude: exclude,
  });
  expect(g.body.code, JSON.stringify(g.body)).toBe(0);
  return g.body.data.adgroup_id as number;
}

/** An events audience of 120 devices (0–119) and an upload of 150 (100–249): 20 in both. */
let buyers: Audience;
let crm: Audience;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  await partnerWith(t, w, w.partner, 'padmin');
  await as(t, w, 'admin', w.agency).send('PUT', `/scaler/v3/bc/partners/${w.partner}/shares`, {
    advs: [{ adv_id: w.adv1, adv_role: 'role_operator' }],
  });
  w.ids.analyst = await createUser(t.db, 'analyst@world.test');
  await t.db.insert(orgMembers).values({ orgId: w.agency, userId: w.ids.analyst, orgRole: 'org_user' });
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.analyst, advRole: 'role_analyst', orgId: w.agency });
  w.tokens.analyst = await loginAs(t.app, 'analyst@world.test');
  const app = await send('POST', '/scaler/v3/app', {
    name: 'Game',
    bundle_id: 'com.example.game',
    os: 2,
    download_type: 1,
    download_link: 'https://play.google.com/store/apps/details?id=com.example.game',
    partner: 'appsflyer',
    partner_app_id: 'com.example.game',
  });
  appId = app.body.data._id;
  await send('PUT', '/scaler/v3/app/event', {
    app_id: appId,
    events: [
      { type: 1, event_type: 'install' },
      { type: 1, event_type: 'purchase' },
    ],
  });
  const pixel = await send('POST', '/scaler/v3/pixel', {
    name: 'Shop',
    conversion_type: 1,
    mode: 1,
    events: [
      { type: 1, event_type: 'page_view' },
      { type: 1, event_type: 'purchase' },
    ],
  });
  pixelId = pixel.body.data._id;

  // Purchases of devices 0–119 in the last 30 days (device 0 twice), and what must not count: older
  // purchases, installs, events without a person, another account's purchases.
  await track(
    { appId },
    'purchase',
    [...devices(0, 120), device(0)].map((d) => `d:${d}`),
    2,
  );
  await track(
    { appId },
    'purchase',
    devices(300, 310).map((d) => `d:${d}`),
    40,
  );
  await track(
    { appId },
    'install',
    devices(400, 410).map((d) => `d:${d}`),
    1,
  );
  await track({ appId }, 'purchase', ['e:h:abc', 'e:h:def'], 1);
  await track(
    { appId },
    'purchase',
    devices(500, 510).map((d) => `d:${d}`),
    1,
    w.advOther,
  );
  buyers = await built((await create(appAudience())).audience_id);
  crm = await uploaded(upload(devices(100, 250), { name: 'CRM 150' }));
});
afterAll(() => t.close());

describe('building from tracking events', () => {
  test('an app audience: distinct devices of its events within the lookback window, status 2', async () => {
    expect(buyers).toMatchObject({ status: 2, size: 120, source_type: 1 });
    expect(buyers.built_time).not.toBeNull();
    const members = await t.db
      .select({ hash: audienceMembers.memberHash })
      .from(audienceMembers)
      .where(eq(audienceMembers.audienceId, buyers.audience_id));
    expect(members).toHaveLength(120);
    // The hash of the upper-cased device id, the same as an upload of that id would store.
    expect(members.map((m) => m.hash)).toContain(hashOf(device(7)));
    expect(members.map((m) => m.hash)).not.toContain(hashOf(device(300)));
  });

  test('a pixel audience from the public collection endpoint answers 1, then 3 when too small', async () => {
    const events = Array.from({ length: 30 }, (_, i) => ({
      pixel_id: pixelId,
      event: 'PageView',
      event_id: `pv-${i}`,
      uid: `browser-${i}`,
    }));
    const collected = await t.app.inject({
      method: 'POST',
      url: '/px/collect',
      headers: { 'content-type': 'text/plain', 'user-agent': 'test-browser' },
      payload: JSON.stringify({ events }),
    });
    expect(collected.json().data).toEqual({ accepted: 30, duplicate: 0 });
    const created = await create({
      name: 'Visitors',
      source_type: 1,
      pixel_id: pixelId,
      event_ids: ['page_view'],
      lookback_days: 7,
    });
    expect(created).toMatchObject({ status: 1, size: 0, upload: null });
    expect(await built(created.audience_id)).toMatchObject({ status: 3, size: 30 });
  });

  test('no matching events: status 0 (no valid audience)', async () => {
    const created = await create({
      name: 'Pixel buyers',
      source_type: 1,
      pixel_id: pixelId,
      event_ids: ['purchase'],
      lookback_days: 1,
    });
    expect(await built(created.audience_id)).toMatchObject({ status: 0, size: 0 });
  });

  test('refresh builds again; a day-old audience is built again when read', async () => {
    const a = await built(
      (await create(appAudience({ name: 'Installers', event_ids: ['install'] }))).audience_id,
    );
    expect(a).toMatchObject({ status: 3, size: 10 });
    await track(
      { appId },
      'install',
      devices(410, 420).map((d) => `d:${d}`),
      1,
    );
    const refreshed = await send('POST', '/scaler/v3/audience/refresh', { audience_id: a.audience_id });
    expect(refreshed.body.data.status).toBe(1);
    expect(await built(a.audience_id)).toMatchObject({ status: 3, size: 20 });

    await track(
      { appId },
      'install',
      devices(420, 520).map((d) => `d:${d}`),
      1,
    );
    await t.db
      .update(audiences)
      .set({ builtAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(audiences.id, a.audience_id));
    const read = (await list()).find((x) => x.audience_id === a.audience_id);
    expect(read?.status).toBe(1);
    expect(await built(a.audience_id)).toMatchObject({ status: 2, size: 120 });
  });

  test('the app or pixel and the events must be the account’s', async () => {
    const unknownEvent = await send('PUT', '/scaler/v3/audience', appAudience({ event_ids: ['page_view'] }));
    expect(unknownEvent.status).toBe(400);
    expect(unknownEvent.body.data.fields[0]).toMatchObject({
      path: 'event_ids.0',
      message: 'This event is not an event of the chosen app or pixel.',
    });
    const both = await send('PUT', '/scaler/v3/audience', appAudience({ pixel_id: pixelId }));
    expect(both.status).toBe(400);
    expect(both.body.data.fields[0].path).toBe('body.app_id');
    const otherApp = await send('PUT', '/scaler/v3/audience', appAudience({ app_id: 'f'.repeat(24) }));
    expect(otherApp.status).toBe(400);
    expect(otherApp.body.data.fields[0].path).toBe('app_id');
    const lookback = await send('PUT', '/scaler/v3/audience', appAudience({ lookback_days: 365 }));
    expect(lookback.body.data.fields[0].message).toBe('The lookback window is 1 to 180 days.');
  });
});

describe('uploads', () => {
  test('duplicates and invalid entries are counted and skipped; only hashes are stored', async () => {
    const raw = [
      device(900),
      device(901).toUpperCase(),
      device(900).toUpperCase(),
      'idfa',
      'nope',
      device(902),
    ];
    const saved = await uploaded(upload(raw, { name: 'Small list', os: 2 }));
    expect(saved).toMatchObject({
      source_type: 2,
      size: 3,
      status: 3,
      upload: { valid: 3, duplicates: 1, invalid: 2 },
    });
    const members = await t.db
      .select({ hash: audienceMembers.memberHash })
      .from(audienceMembers)
      .where(eq(audienceMembers.audienceId, saved.audience_id));
    expect(members.map((m) => m.hash).sort()).toEqual([900, 901, 902].map((i) => hashOf(device(i))).sort());
    // Nothing but 64 hex digits in the members, and no raw id anywhere in the audience rows.
    const leaked = await t.db.execute(
      sql`select (select count(*) from audience_members where member_hash !~ '^[0-9a-f]{64}$')::int as members,
        (select count(*) from audiences a where a::text ilike ${'%a1b2c3d4%'})::int as rows`,
    );
    expect((leaked as unknown as { rows: { members: number; rows: number }[] }).rows[0]).toEqual({
      members: 0,
      rows: 0,
    });
    expect(crm).toMatchObject({ status: 2, size: 150, upload: { valid: 150, duplicates: 0, invalid: 0 } });
  });

  test('a list without a valid id is refused; an edit renames, a new list replaces the members', async () => {
    const empty = await send('PUT', '/scaler/v3/audience', upload(['idfa', 'nope']));
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields[0].path).toBe('body.device_ids');
    const a = await uploaded(upload(devices(600, 605), { name: 'Replace me' }));
    const renamed = await create(upload([], { audience_id: a.audience_id, name: 'Renamed' }));
    expect(renamed).toMatchObject({ name: 'Renamed', size: 5, status: 3, upload: null });
    const replaced = await uploaded(
      upload(devices(700, 702), { audience_id: a.audience_id, name: 'Renamed' }),
    );
    expect(replaced).toMatchObject({ size: 2, upload: { valid: 2, duplicates: 0, invalid: 0 } });
    const asEvents = await send('PUT', '/scaler/v3/audience', appAudience({ audience_id: a.audience_id }));
    expect(asEvents.status).toBe(400);
    expect(asEvents.body.data.fields[0].path).toBe('source_type');
  });

  test('renaming an events audience keeps it; a new definition builds it again', async () => {
    const a = await built((await create(appAudience({ name: 'Editable' }))).audience_id);
    const renamed = await create(appAudience({ audience_id: a.audience_id, name: 'Edited' }));
    expect(renamed).toMatchObject({ name: 'Edited', status: 2, size: 120 });
    const longer = await create(
      appAudience({ audience_id: a.audience_id, name: 'Edited', lookback_days: 60 }),
    );
    expect(longer.status).toBe(1);
    expect(await built(a.audience_id)).toMatchObject({ status: 2, size: 130 });
  });
});

describe('reach and ad group statuses', () => {
  const check = (audience_include: number[], audience_exclude: number[] = [], who = 'admin') =>
    send(
      'POST',
      '/scaler/v3/adgroup/check/audience',
      { audience_include, audience_exclude, countries: ['US'] },
      who,
    );

  test('included members counted once, minus every excluded one', async () => {
    expect((await check([buyers.audience_id])).body.data).toEqual({ reach: 120, include: 120, exclude: 0 });
    expect((await check([buyers.audience_id, crm.audience_id])).body.data).toEqual({
      reach: 250,
      include: 250,
      exclude: 0,
    });
    expect((await check([buyers.audience_id], [crm.audience_id])).body.data).toEqual({
      reach: 100,
      include: 120,
      exclude: 150,
    });
    expect((await check([], [crm.audience_id])).body.data).toEqual({ reach: null, include: 0, exclude: 150 });
    expect((await check([], [])).body.data).toEqual({ reach: null, include: 0, exclude: 0 });
  });

  test('an audience of another account is not found; one both included and excluded is refused', async () => {
    const other = await call(t.app, {
      method: 'PUT',
      url: '/scaler/v3/audience',
      body: upload(devices(0, 3)),
      token: w.tokens.oadmin,
      headers: headers(w.advOther, w.other),
    });
    expect(other.body.code).toBe(0);
    expect((await check([buyers.audience_id, other.body.data.audience_id])).status).toBe(404);
    expect((await check([], [other.body.data.audience_id])).status).toBe(404);
    expect((await check([buyers.audience_id], [buyers.audience_id])).status).toBe(400);
  });

  test('audience/status: each audience of the ad group and the status of the whole', async () => {
    const small = await uploaded(upload(devices(800, 810), { name: 'Too small' }));
    const status = async (adgroupId: number) =>
      (await send('GET', `/scaler/v3/adgroup/audience/status?adgroup_id=${adgroupId}`)).body.data;

    const none = await newAdGroup([]);
    expect(await status(none)).toEqual({ adgroup_id: none, status: 0, audiences: [] });

    const good = await newAdGroup([buyers.audience_id], [crm.audience_id]);
    expect(await status(good)).toEqual({
      adgroup_id: good,
      status: 2,
      audiences: [
        { audience_id: buyers.audience_id, name: 'Buyers 30d', mode: 'include', status: 2, size: 120 },
        { audience_id: crm.audience_id, name: 'CRM 150', mode: 'exclude', status: 2, size: 150 },
      ],
    });

    const bad = await newAdGroup([buyers.audience_id], [small.audience_id]);
    expect((await status(bad)).status).toBe(3);

    // An audience being built (recently marked) makes the ad group's targeting "processing".
    const building = await uploaded(upload(devices(0, 200), { name: 'Building' }));
    await t.db.update(audiences).set({ status: 1 }).where(eq(audiences.id, building.audience_id));
    const pending = await newAdGroup([building.audience_id]);
    expect((await status(pending)).status).toBe(1);

    const otherAccount = await send(
      'GET',
      `/scaler/v3/adgroup/audience/status?adgroup_id=${good}`,
      undefined,
      'oadmin',
    );
    expect(otherAccount.status).toBe(404);
  });
});

describe('deleting', () => {
  test('refused (409) while a live ad group uses it, allowed once the ad group is deleted', async () => {
    const a = await create(upload(devices(1000, 1110), { name: 'Deletable' }));
    const g = await newAdGroup([], [a.audience_id]);
    const refused = await send('DELETE', '/scaler/v3/audience', { audience_id: a.audience_id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(10502);
    expect(refused.body.msg).toBe(
      'This audience is used by 1 ad group(s) (Past buyers). Remove it from them before deleting it.',
    );
    expect(refused.body.data.adgroups).toEqual([{ adgroup_id: g, name: 'Past buyers' }]);

    await send('PATCH', '/scaler/v3/adgroup', { ids: [g], delete: true });
    const deleted = await send('DELETE', '/scaler/v3/audience', { audience_id: a.audience_id });
    expect(deleted.body).toMatchObject({ code: 0, data: null });
    expect((await list()).some((x) => x.audience_id === a.audience_id)).toBe(false);
    const left = await t.db
      .select()
      .from(audienceMembers)
      .where(eq(audienceMembers.audienceId, a.audience_id));
    expect(left).toHaveLength(0);
    const again = await send('DELETE', '/scaler/v3/audience', { audience_id: a.audience_id });
    expect(again.status).toBe(404);
  });
});

describe('list', () => {
  test('paged in SQL, filtered by name or id and by source, newest first', async () => {
    const page = await send('GET', '/scaler/v3/audiences?page=1&page_size=2');
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.total).toBeGreaterThan(5);
    const [first, second] = page.body.data.list as Audience[];
    expect(first.audience_id).toBeGreaterThan(second.audience_id);
    const byName = await send('GET', '/scaler/v3/audiences?q=buyers%2030');
    expect(byName.body.data.list.map((a: Audience) => a.audience_id)).toEqual([buyers.audience_id]);
    expect(byName.body.data.list[0]).toMatchObject({ asset_name: 'Game', event_ids: ['purchase'] });
    const byId = await send('GET', `/scaler/v3/audiences?q=${crm.audience_id}`);
    expect(byId.body.data.total).toBe(1);
    const uploads = await send('GET', '/scaler/v3/audiences?source_type=2&page_size=500');
    expect(uploads.body.data.list.every((a: Audience) => a.source_type === 2)).toBe(true);
    const past = await send('GET', '/scaler/v3/audiences?page=1000&page_size=50');
    expect(past.body.data.list).toEqual([]);
    expect(past.body.data.total).toBe(page.body.data.total);
  });
});

describe('permissions', () => {
  test('admin, operator and a partner at operator role create; analyst reads only; others do not find it', async () => {
    const who = async (name: string) => {
      const read = await send('GET', '/scaler/v3/audiences', undefined, name);
      const write = await send(
        'PUT',
        '/scaler/v3/audience',
        upload([], { audience_id: crm.audience_id, name: 'CRM 150' }),
        name,
      );
      const reach = await send(
        'POST',
        '/scaler/v3/adgroup/check/audience',
        { audience_include: [crm.audience_id] },
        name,
      );
      const refresh = await send(
        'POST',
        '/scaler/v3/audience/refresh',
        { audience_id: buyers.audience_id },
        name,
      );
      return [read.status, write.status, reach.status, refresh.status];
    };
    expect(await who('admin')).toEqual([200, 200, 200, 200]);
    expect(await who('user1')).toEqual([200, 200, 200, 200]);
    expect(await who('padmin')).toEqual([200, 200, 200, 200]);
    expect(await who('analyst')).toEqual([200, 403, 200, 403]);
    expect(await who('user2')).toEqual([404, 404, 404, 404]);
    expect(await who('oadmin')).toEqual([404, 404, 404, 404]);
    expect(await who('operator')).toEqual([404, 404, 404, 404]);
    const analystDelete = await send(
      'DELETE',
      '/scaler/v3/audience',
      { audience_id: crm.audience_id },
      'analyst',
    );
    expect(analystDelete.status).toBe(403);
    await built(buyers.audience_id);
  });

  test('anonymous calls are 401 before their body is looked at; another account of the center is 404', async () => {
    for (const [method, url, body] of [
      ['GET', '/scaler/v3/audiences', undefined],
      ['PUT', '/scaler/v3/audience', { nonsense: true }],
      ['DELETE', '/scaler/v3/audience', {}],
      ['POST', '/scaler/v3/audience/refresh', {}],
      ['POST', '/scaler/v3/adgroup/check/audience', { audience_include: 'x' }],
      ['GET', '/scaler/v3/adgroup/audience/status?adgroup_id=x', undefined],
    ] as const) {
      const res = await call(t.app, { method, url, body, headers: headers() });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    // An audience id through another account of the center (readable, status 0): not found.
    const otherAdv = await send(
      'POST',
      '/scaler/v3/adgroup/check/audience',
      { audience_include: [buyers.audience_id] },
      'admin',
      w.adv2,
    );
    expect(otherAdv.status).toBe(404);
  });
});
