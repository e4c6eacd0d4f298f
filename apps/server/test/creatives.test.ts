import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroups, advMembers, campaigns, notices, orgMembers } from '../src/db/schema';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { mp4 } from './mp4';
import { buildWorld, type World } from './world';

/**
 * Creatives: materials measured from their bytes against the creative limits, the types' required
 * materials, submit for review, copies into other ad groups, the operator's review with the notice,
 * and who may do what.
 */

let t: TestApp;
let w: World;
let adgroupId: number;
let otherGroupId: number;

const headers = (orgId = w.agency, advId = w.adv1) => ({ 'org-id': String(orgId), 'adv-id': String(advId) });

async function uploadMaterial(
  role: string,
  bytes: Buffer,
  who = 'admin',
  native = false,
  filename = 'file.bin',
) {
  const boundary = '----scalertest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/scaler/v3/creative/material?role=${role}${native ? '&native=1' : ''}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      token: w.tokens[who],
      ...headers(who === 'oadmin' ? w.other : w.agency),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, who = 'admin') =>
  call(t.app, { method, url, body, token: w.tokens[who], headers: headers() });

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  w.ids.analyst = await createUser(t.db, 'analyst@world.test');
  await t.db.insert(orgMembers).values({ orgId: w.agency, userId: w.ids.analyst, orgRole: 'org_user' });
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.analyst, advRole: 'role_analyst', orgId: w.agency });
  w.tokens.analyst = await loginAs(t.app, 'analyst@world.test');
  const [c] = await t.db
    .insert(campaigns)
    .values({
      advId: w.adv1,
      name: 'C',
      campaignType: 'install',
      promoteGoal: 'web_traffic',
      os: 2,
      linkType: 2,
      landingUrl: 'https://shop.test',
    })
    .returning();
  const mkGroup = async (name: string) =>
    (
      await t.db
        .insert(adGroups)
        .values({ advId: w.adv1, campaignId: c.id, name, biddingType: 1, billingType: 1, bidPrice: '1' })
        .returning()
    )[0].id;
  adgroupId = await mkGroup('G1');
  otherGroupId = await mkGroup('G2');
});
afterAll(() => t.close());

describe('materials from their bytes', () => {
  test('a banner of an allowed size is measured; other sizes and types are refused with the limit', async () => {
    const ok = await uploadMaterial('image', await png(320, 50));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ role: 'image', width: 320, height: 50, mime: 'image/png' });
    expect(ok.body.data.file).toMatch(/^creatives\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ url: ok.body.data.url });
    expect(served.statusCode).toBe(200);

    const wrong = await uploadMaterial('image', await png(333, 50));
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].message).toBe(
      'The image is 333x50; allowed sizes are 320x480, 480x320, 320x50, 300x250.',
    );
    const native = await uploadMaterial('image', await png(1200, 627), 'admin', true);
    expect(native.status).toBe(200);
    const icon = await uploadMaterial('icon', await png(200, 200));
    expect(icon.body.data.fields[0].message).toMatch(/at least 256x256/);
  });

  test('videos: duration, aspect and bitrate read from the MP4; a PNG named .mp4 is an image', async () => {
    const good = await uploadMaterial(
      'video',
      mp4({ width: 1280, height: 720, seconds: 10, payloadBytes: 900_000 }),
    );
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ mime: 'video/mp4', width: 1280, height: 720, duration: 10 });
    expect(good.body.data.bitrate).toBeLessThanOrEqual(1600);
    const long = await uploadMaterial(
      'video',
      mp4({ width: 720, height: 1280, seconds: 120, payloadBytes: 100_000 }),
    );
    expect(long.body.data.fields[0].message).toBe('The video is 120 s; videos must be 6 to 100 s.');
    const square = await uploadMaterial(
      'video',
      mp4({ width: 800, height: 800, seconds: 10, payloadBytes: 100_000 }),
    );
    expect(square.body.data.fields[0].message).toMatch(/16:9 or 9:16/);
    const heavy = await uploadMaterial(
      'video',
      mp4({ width: 1280, height: 720, seconds: 10, payloadBytes: 3_000_000 }),
    );
    expect(heavy.body.data.fields[0].message).toMatch(/bitrate is 2\d{3} kbps/);
    const renamed = await uploadMaterial('video', await png(320, 50), 'admin', false, 'clip.mp4');
    expect(renamed.body.data.fields[0].message).toMatch(/cannot be used as the video/);
  });

  test('an analyst may not upload; another center does not find the account', async () => {
    expect((await uploadMaterial('image', await png(320, 50), 'analyst')).status).toBe(403);
    expect((await uploadMaterial('image', await png(320, 50), 'oadmin')).status).toBe(404);
  });
});

describe('creatives', () => {
  test('a type needs its materials; a native creative is image + icon; HTML needs markup', async () => {
    const image = (await uploadMaterial('image', await png(300, 250))).body.data;
    const noIcon = await send('PUT', '/scaler/v3/creative', {
      adgroup_id: adgroupId,
      name: 'Native',
      creative_type: 'nativeImg',
      materials: [{ role: 'image', file: image.file }],
    });
    expect(noIcon.status).toBe(400);
    expect(noIcon.body.data.fields[0].message).toBe('This creative type needs: image + icon.');
    // A banner-sized image is no native main image, even though it was uploaded to the account.
    const icon = (await uploadMaterial('icon', await png(480, 480))).body.data;
    const bannerAsNative = await send('PUT', '/scaler/v3/creative', {
      adgroup_id: adgroupId,
      name: 'Native',
      creative_type: 'nativeImg',
      materials: [
        { role: 'image', file: image.file },
        { role: 'icon', file: icon.file },
      ],
    });
    expect(bannerAsNative.status).toBe(400);
    const html = await send('PUT', '/scaler/v3/creative', {
      adgroup_id: adgroupId,
      name: 'H',
      creative_type: 'html',
    });
    expect(html.body.data.fields[0].message).toBe('Please enter the HTML of the creative.');
  });

  test('create a draft, submit, review: rejected with a reason, edited back to review, approved; the members are told', async () => {
    const image = (await uploadMaterial('image', await png(320, 480))).body.data;
    const created = await send('PUT', '/scaler/v3/creative', {
      adgroup_id: adgroupId,
      name: 'Sale',
      creative_type: 'image',
      materials: [{ role: 'image', file: image.file }],
      title: 'Big sale',
    });
    expect(created.body.data).toMatchObject({ review_status: 0, status: 10 });
    // The product's own signed tracking URLs carry the campaign, ad group and creative.
    expect(created.body.data.click_url).toContain(`cr=${created.body.data.creative_id}`);
    const id = created.body.data.creative_id;
    const commit = await send('POST', '/scaler/v3/creative/commit', { creative_ids: [id] });
    expect(commit.body.data.updated).toBe(1);
    expect((await send('GET', `/scaler/v3/creative/info?creative_id=${id}`)).body.data.status).toBe(1);

    const queue = await call(t.app, { url: '/scaler/sa/creatives', token: w.tokens.operator });
    expect(queue.body.data.map((c: { creative_id: number }) => c.creative_id)).toContain(id);
    const notOperator = await call(t.app, { url: '/scaler/sa/creatives', token: w.tokens.admin });
    expect(notOperator.status).toBe(403);
    const noText = await call(t.app, {
      method: 'POST',
      url: `/scaler/sa/creatives/${id}/review`,
      token: w.tokens.operator,
      body: { approve: false, reason_code: 1000 },
    });
    expect(noText.status).toBe(400);
    const reject = await call(t.app, {
      method: 'POST',
      url: `/scaler/sa/creatives/${id}/review`,
      token: w.tokens.operator,
      body: { approve: false, reason_code: 1008 },
    });
    expect(reject.body.code).toBe(0);
    const rejected = (await send('GET', `/scaler/v3/creative/info?creative_id=${id}`)).body.data;
    expect(rejected).toMatchObject({ review_status: 2, reject_code: 1008, status: 2 });
    const told = await t.db.select().from(notices).where(eq(notices.userId, w.ids.user1));
    const notice = told.find((n) => n.message === 'notices.creative_rejected');
    // Like every other notice, it names who acted (`creat_id`): the operator who reviewed.
    expect(notice?.creatId).toBe(w.ids.operator);
    // The member reads the reason in words, in their language; the queue says where the ad leads.
    for (const [language, reason] of [
      ['en-US', 'Text overlay issues'],
      ['zh-CN', '文字覆盖问题'],
    ] as const) {
      const list = await call(t.app, {
        url: '/scaler/v3/info/msg',
        token: w.tokens.user1,
        headers: { ...headers(), language },
      });
      const notice = (list.body.data.list as { type: string; reason: string; msg: string }[]).find(
        (n) => n.type === 'creative' && n.msg.includes(`${id}`),
      );
      expect(notice?.reason).toBe(reason);
      expect(notice?.msg).not.toContain('1008');
    }
    const rejectedQueue = await call(t.app, {
      url: '/scaler/sa/creatives?status=rejected',
      token: w.tokens.operator,
    });
    const item = rejectedQueue.body.data.find((c: { creative_id: number }) => c.creative_id === id);
    expect(item.landing_url).toMatch(/^https:\/\//);

    const edited = await send('PUT', '/scaler/v3/creative', {
      creative_id: id,
      adgroup_id: adgroupId,
      name: 'Sale',
      creative_type: 'image',
      materials: [{ role: 'image', file: image.file }],
      title: 'Bigger sale',
    });
    expect(edited.body.data).toMatchObject({ review_status: 1, reject_code: null });
    await call(t.app, {
      method: 'POST',
      url: `/scaler/sa/creatives/${id}/review`,
      token: w.tokens.operator,
      body: { approve: true },
    });
    const approved = (await send('GET', `/scaler/v3/creative/info?creative_id=${id}`)).body.data;
    expect(approved).toMatchObject({ review_status: 3, status: 0 });
    const history = await send('GET', `/scaler/v3/log/list?object_type=3&object_id=${id}`);
    expect(history.body.data.list.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['create', 'commit', 'reject', 'update', 'approve']),
    );

    // Copied into another ad group, an approved creative stays approved.
    const assign = await send('POST', '/scaler/v3/creatives/assign', {
      creative_ids: [id],
      adgroup_ids: [otherGroupId],
    });
    expect(assign.body.data.created).toBe(1);
    const copies = await send('GET', `/scaler/v3/creative?adgroup_id=${otherGroupId}`);
    expect(copies.body.data[0]).toMatchObject({ name: 'Sale', review_status: 3, status: 0 });
  });

  test('another account’s file cannot be used; an analyst cannot write', async () => {
    const res = await send('PUT', '/scaler/v3/creative', {
      adgroup_id: adgroupId,
      name: 'X',
      creative_type: 'image',
      materials: [{ role: 'image', file: `creatives/${'a'.repeat(32)}.png` }],
    });
    expect(res.body.data.fields[0].message).toBe('This file was not uploaded to this account.');
    const analyst = await send('POST', '/scaler/v3/creative/commit', { creative_ids: [1] }, 'analyst');
    expect(analyst.status).toBe(403);
  });
});

describe('the creative gallery (creative viewer)', () => {
  test('pages, filters and searches the account’s creatives in SQL; scoped like every call', async () => {
    const image = (await uploadMaterial('image', await png(480, 320))).body.data;
    const made: number[] = [];
    for (const name of ['Gallery one', 'Gallery two', 'Gallery 100%']) {
      const res = await send('PUT', '/scaler/v3/creative', {
        adgroup_id: otherGroupId,
        name,
        creative_type: 'image',
        materials: [{ role: 'image', file: image.file }],
        submit: name === 'Gallery two',
      });
      made.push(res.body.data.creative_id);
    }
    const all = await send('GET', '/scaler/v3/creative/gallery?page_size=2');
    expect(all.status).toBe(200);
    expect(all.body.data.list).toHaveLength(2);
    expect(all.body.data.total).toBeGreaterThanOrEqual(3);
    // Newest first, with the names of the campaign and ad group and the previews' URLs.
    expect(all.body.data.list[0]).toMatchObject({
      creative_id: made[2],
      campaign_name: 'C',
      adgroup_name: 'G2',
      materials: [{ role: 'image', width: 480, height: 320 }],
    });
    const search = await send('GET', '/scaler/v3/creative/gallery?q=100%25');
    expect(search.body.data.list.map((c: { name: string }) => c.name)).toEqual(['Gallery 100%']);
    const byId = await send('GET', `/scaler/v3/creative/gallery?q=${made[0]}`);
    expect(byId.body.data.list.map((c: { creative_id: number }) => c.creative_id)).toEqual([made[0]]);
    const inReview = await send('GET', '/scaler/v3/creative/gallery?review_status=1&q=Gallery');
    expect(inReview.body.data.list.map((c: { name: string }) => c.name)).toEqual(['Gallery two']);
    const videos = await send('GET', '/scaler/v3/creative/gallery?creative_type=video&q=Gallery');
    expect(videos.body.data).toEqual({ list: [], total: 0 });
    // Deleted creatives are left out.
    await call(t.app, {
      method: 'PATCH',
      url: '/scaler/v3/creative',
      body: { ids: [made[0]], delete: true },
      token: w.tokens.admin,
      headers: headers(),
    });
    const after = await send('GET', '/scaler/v3/creative/gallery?q=Gallery');
    expect(after.body.data.total).toBe(2);

    expect((await send('GET', '/scaler/v3/creative/gallery', undefined, 'analyst')).status).toBe(200);
    const other = await call(t.app, {
      url: '/scaler/v3/creative/gallery',
      token: w.tokens.oadmin,
      headers: headers(w.other),
    });
    expect(other.status).toBe(404);
    expect((await call(t.app, { url: '/scaler/v3/creative/gallery', headers: headers() })).status).toBe(401);
    const bad = await send('GET', '/scaler/v3/creative/gallery?page_size=1000');
    expect(bad.status).toBe(400);
  });
});

test('the HTML creative frame: a sandboxed page of its own policy, framed only by the console', async () => {
  const res = await t.app.inject({ url: '/creative-frame' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const csp = String(res.headers['content-security-policy']);
  // An opaque origin (no `allow-same-origin`): the markup cannot reach the console's cookies or storage.
  expect(csp).toMatch(/^sandbox allow-scripts;/);
  expect(csp).not.toContain('allow-same-origin');
  expect(csp).toContain("frame-ancestors 'self'");
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.body).toContain("addEventListener('message'");
  // The console itself lets its own videos and picked files play.
  const page = await t.app.inject({ url: '/login' });
  expect(String(page.headers['content-security-policy'])).toContain("media-src 'self' blob:");
});
