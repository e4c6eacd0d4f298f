import { CODE_TABLE_NAMES } from '@scaler/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advMembers, creatives, orgMembers } from '../src/db/schema';
import { writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { as, buildWorld, partnerWith, type World } from './world';

/**
 * Campaigns and ad groups: create, edit, rules of spec 5/9, delivery status from the real state,
 * bulk switch and delete, batch bids ("bids first"), the change history, utils, and who may do what.
 */

let t: TestApp;
let w: World;
let appId: string;
let pixelId: string;

const headers = (advId = w.adv1, orgId = w.agency) => ({ 'org-id': String(orgId), 'adv-id': String(advId) });
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
  who = 'admin',
  advId?: number,
) =>
  call(t.app, {
    method,
    url,
    body,
    token: w.tokens[who],
    headers: headers(advId, who === 'padmin' ? w.partner : who === 'oadmin' ? w.other : w.agency),
  });

const appCampaign = (extra: Record<string, unknown> = {}) => ({
  name: 'Install push',
  campaign_type: 'install',
  promote_goal: 'app_install',
  os: 2,
  link_type: 1,
  app_id: appId,
  budget_type: 0,
  campaign_budget: 500,
  ...extra,
});

const adGroup = (campaignId: number, extra: Record<string, unknown> = {}) => ({
  campaign_id: campaignId,
  name: 'Broad',
  bidding_type: 4,
  billing_type: 2,
  bid_price: 2.5,
  countries: ['US', 'DE'],
  ...extra,
});

async function newCampaign(extra: Record<string, unknown> = {}) {
  const res = await send('PUT', '/scaler/v3/campaign', appCampaign(extra));
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { campaign_id: number; status: number };
}

async function newAdGroup(campaignId: number, extra: Record<string, unknown> = {}) {
  const res = await send('PUT', '/scaler/v3/adgroup', adGroup(campaignId, extra));
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { adgroup_id: number; status: number };
}

async function approvedCreative(campaignId: number, adgroupId: number, reviewStatus = 3) {
  const [row] = await t.db
    .insert(creatives)
    .values({
      advId: w.adv1,
      campaignId,
      adgroupId,
      name: 'Banner',
      creativeType: 'image',
      reviewStatus,
    })
    .returning();
  return row.id;
}

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
  pixelId = (await send('POST', '/scaler/v3/pixel', { name: 'Shop', conversion_type: 1, mode: 1 })).body.data
    ._id;
});
afterAll(() => t.close());

describe('campaigns', () => {
  test('create, read and edit a campaign; the history records each field', async () => {
    const c = await newCampaign();
    const got = await send('GET', `/scaler/v3/campaign?campaign_id=${c.campaign_id}`);
    expect(got.body.data).toMatchObject({
      name: 'Install push',
      app_id: appId,
      campaign_budget: 500,
      budget_type: 0,
      opt_status: 1,
      // No ad group delivers yet.
      status: 10,
    });
    const edit = await send(
      'PUT',
      '/scaler/v3/campaign',
      appCampaign({ campaign_id: c.campaign_id, campaign_budget: 750.25 }),
    );
    expect(edit.body.data.campaign_budget).toBe(750.25);
    const log = await send('GET', `/scaler/v3/log/list?object_type=1&object_id=${c.campaign_id}`);
    const budgetChange = log.body.data.list.find(
      (e: { action: string; field: string }) => e.action === 'update' && e.field === 'campaign_budget',
    );
    expect(budgetChange).toMatchObject({ before: '500', after: '750.25', user_name: expect.any(String) });
    expect(
      log.body.data.list.filter((e: { action: string }) => e.action === 'create').length,
    ).toBeGreaterThan(5);
  });

  test('a link campaign needs a landing URL and one of the account pixels; an app of another OS is refused', async () => {
    const noPixel = await send(
      'PUT',
      '/scaler/v3/campaign',
      appCampaign({
        link_type: 2,
        promote_goal: 'web_conversion',
        app_id: null,
        landing_url: 'https://shop.example.com',
      }),
    );
    expect(noPixel.status).toBe(400);
    const ok = await send(
      'PUT',
      '/scaler/v3/campaign',
      appCampaign({
        link_type: 2,
        promote_goal: 'web_conversion',
        app_id: null,
        pixel_id: pixelId,
        landing_url: 'https://shop.example.com',
      }),
    );
    expect(ok.body.code).toBe(0);
    const wrongOs = await send('PUT', '/scaler/v3/campaign', appCampaign({ os: 1 }));
    expect(wrongOs.status).toBe(400);
    expect(wrongOs.body.data.fields[0].path).toBe('app_id');
  });
});

describe('ad groups', () => {
  test('bidding × billing, events bid once, search arbitrage, countries, overbid', async () => {
    const c = await newCampaign();
    const badBilling = await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(c.campaign_id, { bidding_type: 2, billing_type: 2 }),
    );
    expect(badBilling.status).toBe(400);
    const twice = await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(c.campaign_id, {
        bidding_type: 3,
        billing_type: 3,
        events: [
          { event_id: 'purchase', bid: 5 },
          { event_id: 'purchase', bid: 6 },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.data.fields[0].message).toBe('A single event cannot be bid repeatedly.');
    const unknownEvent = await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(c.campaign_id, { bidding_type: 3, billing_type: 3, events: [{ event_id: 'nope', bid: 5 }] }),
    );
    expect(unknownEvent.status).toBe(400);
    const badCountry = await send('PUT', '/scaler/v3/adgroup', adGroup(c.campaign_id, { countries: ['XX'] }));
    expect(badCountry.status).toBe(400);
    const badOverbid = await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(c.campaign_id, { overbids: [{ bundle: 'com.pub.one', percent: -100 }] }),
    );
    expect(badOverbid.status).toBe(400);
    const good = await newAdGroup(c.campaign_id, {
      bidding_type: 3,
      billing_type: 3,
      events: [{ event_id: 'purchase', bid: 5 }],
      overbids: [{ bundle: 'com.pub.one', percent: 20 }],
      bundle_mode: 2,
      bundles: ['com.pub.two', '1234567890'],
      search_arbitrage: true,
    });
    const got = await send('GET', `/scaler/v3/adgroup/info?adgroup_id=${good.adgroup_id}`);
    expect(got.body.data).toMatchObject({
      events: [{ event_id: 'purchase', bid: 5 }],
      bundles: ['com.pub.two', '1234567890'],
      search_arbitrage: true,
    });
  });

  test('app-only bidding is refused for a link campaign', async () => {
    const link = await send(
      'PUT',
      '/scaler/v3/campaign',
      appCampaign({
        link_type: 2,
        promote_goal: 'web_traffic',
        app_id: null,
        pixel_id: pixelId,
        landing_url: 'https://shop.example.com',
      }),
    );
    const res = await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(link.body.data.campaign_id, { bidding_type: 4 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].path).toBe('bidding_type');
  });
});

describe('delivery status from the real state', () => {
  test('active with an approved creative; 11 on ad groups of a paused campaign; budgets from spend', async () => {
    const c = await newCampaign({ campaign_budget: 100 });
    const g = await newAdGroup(c.campaign_id);
    expect(g.status).toBe(10);
    const crId = await approvedCreative(c.campaign_id, g.adgroup_id);
    const status = async (url: string) => (await send('GET', url)).body.data.status;
    expect(await status(`/scaler/v3/adgroup/info?adgroup_id=${g.adgroup_id}`)).toBe(0);
    expect(await status(`/scaler/v3/campaign?campaign_id=${c.campaign_id}`)).toBe(0);

    const pause = await send('PATCH', '/scaler/v3/campaign', { ids: [c.campaign_id], opt_status: 0 });
    expect(pause.body.data.updated).toBe(1);
    expect(await status(`/scaler/v3/adgroup/info?adgroup_id=${g.adgroup_id}`)).toBe(11);
    const groups = await send('GET', `/scaler/v3/campaign/adgroups?campaign_id=${c.campaign_id}`);
    expect(groups.body.data[0].status).toBe(11);
    await send('PATCH', '/scaler/v3/campaign', { ids: [c.campaign_id], opt_status: 1 });

    // Today's spend reaches the campaign's daily budget: 25 (campaign daily budget, an extension of
    // spec 4; not 23 "total budget") on the campaign and its ad groups.
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    await t.db.transaction((tx) =>
      writeFacts(tx, [
        {
          advId: w.adv1,
          campaignId: c.campaign_id,
          adgroupId: g.adgroup_id,
          creativeId: crId,
          hour,
          bundle: '',
          country: '',
          os: 0,
          cost: '100',
        },
      ]),
    );
    expect(await status(`/scaler/v3/campaign?campaign_id=${c.campaign_id}`)).toBe(25);
    expect(await status(`/scaler/v3/adgroup/info?adgroup_id=${g.adgroup_id}`)).toBe(25);

    await send('PATCH', '/scaler/v3/adgroup', { ids: [g.adgroup_id], delete: true });
    expect(await status(`/scaler/v3/adgroup/info?adgroup_id=${g.adgroup_id}`)).toBe(14);
    const editDeleted = await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(c.campaign_id, { adgroup_id: g.adgroup_id }),
    );
    expect(editDeleted.body.code).toBe(10501);
  });

  test('a creative in review shows 1 on its ad group; dayparting without the current hour is 10', async () => {
    const c = await newCampaign({ budget_type: null, campaign_budget: null });
    const g = await newAdGroup(c.campaign_id);
    await approvedCreative(c.campaign_id, g.adgroup_id, 1);
    const info = async () =>
      (await send('GET', `/scaler/v3/adgroup/info?adgroup_id=${g.adgroup_id}`)).body.data.status;
    expect(await info()).toBe(1);
    await approvedCreative(c.campaign_id, g.adgroup_id, 3);
    expect(await info()).toBe(0);
    // Every hour but the current one (account zone +00:00): Monday 00:00 is position 0.
    const now = new Date();
    const current = ((now.getUTCDay() + 6) % 7) * 24 + now.getUTCHours();
    const grid = Array.from({ length: 168 }, (_, i) => (i === current ? '0' : '1')).join('');
    await send(
      'PUT',
      '/scaler/v3/adgroup',
      adGroup(c.campaign_id, { adgroup_id: g.adgroup_id, dayparting_type: 1, dayparting: grid }),
    );
    expect(await info()).toBe(10);
  });
});

describe('batch bids and bulk changes', () => {
  test('bids first: a budget alone is refused, bids and budget together pass, history per ad group', async () => {
    const c = await newCampaign();
    const a = await newAdGroup(c.campaign_id);
    const b = await newAdGroup(c.campaign_id);
    const ids = [a.adgroup_id, b.adgroup_id];
    const budgetOnly = await send('POST', '/scaler/v3/adgroups/batch/update', {
      adgroup_ids: ids,
      budget_type: 0,
      ad_group_budget: 40,
    });
    expect(budgetOnly.status).toBe(400);
    expect(budgetOnly.body.data.fields[0].message).toMatch(/bids first/i);
    const both = await send('POST', '/scaler/v3/adgroups/batch/update', {
      adgroup_ids: ids,
      bid_price: 3.1,
      budget_type: 0,
      ad_group_budget: 40,
    });
    expect(both.body.data.updated).toBe(2);
    const infos = await send('POST', '/scaler/v3/adgroups/infos', { adgroup_ids: ids });
    expect(
      infos.body.data.map((g: { bid_price: number; ad_group_budget: number }) => [
        g.bid_price,
        g.ad_group_budget,
      ]),
    ).toEqual([
      [3.1, 40],
      [3.1, 40],
    ]);
    const log = await send('GET', `/scaler/v3/log/list?object_type=2&object_id=${b.adgroup_id}`);
    expect(
      log.body.data.list.some(
        (e: { field: string; after: string }) => e.field === 'bid_price' && e.after === '3.1',
      ),
    ).toBe(true);
  });

  test('a bulk change with one id of another account changes nothing (404)', async () => {
    const c = await newCampaign();
    const other = await call(t.app, {
      method: 'PUT',
      url: '/scaler/v3/campaign',
      body: { ...appCampaign(), app_id: 'x' },
      token: w.tokens.oadmin,
      headers: headers(w.advOther, w.other),
    });
    expect(other.status).toBe(400);
    const res = await send('PATCH', '/scaler/v3/campaign', { ids: [c.campaign_id, 999999], opt_status: 0 });
    expect(res.status).toBe(404);
    const got = await send('GET', `/scaler/v3/campaign?campaign_id=${c.campaign_id}`);
    expect(got.body.data.opt_status).toBe(1);
  });
});

describe("another account's ids", () => {
  test('a list under a parent of another account answers 404, never an empty list', async () => {
    const c = await newCampaign();
    const g = await newAdGroup(c.campaign_id);
    await approvedCreative(c.campaign_id, g.adgroup_id);
    // The owner reads them.
    expect(
      (await send('POST', '/scaler/v3/adgroups/infos', { adgroup_ids: [g.adgroup_id] })).body.data,
    ).toHaveLength(1);
    expect(
      (await send('GET', `/scaler/v3/utils/adgroup_list?campaign_id=${c.campaign_id}`)).body.data,
    ).toEqual([{ id: g.adgroup_id, name: 'Broad' }]);
    expect((await send('GET', `/scaler/v3/creative?adgroup_id=${g.adgroup_id}`)).body.data).toHaveLength(1);
    expect((await send('POST', '/scaler/v3/adgroups/infos', { adgroup_ids: [] })).body.data).toEqual([]);

    // The admin of another center, in its own account, names them: not found.
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['POST', '/scaler/v3/adgroups/infos', { adgroup_ids: [g.adgroup_id] }],
      ['GET', `/scaler/v3/utils/adgroup_list?campaign_id=${c.campaign_id}`],
      ['GET', `/scaler/v3/creative?adgroup_id=${g.adgroup_id}`],
      ['GET', `/scaler/v3/campaign/adgroups?campaign_id=${c.campaign_id}`],
      ['GET', `/scaler/v3/adgroup/audience/status?adgroup_id=${g.adgroup_id}`],
      ['GET', `/scaler/v3/log/list?object_type=2&object_id=${g.adgroup_id}`],
      ['GET', `/scaler/v3/adgroup/app/info?campaign_id=${c.campaign_id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method, url, body, 'oadmin', w.advOther);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 404, code: 40400 });
    }
    // One id outside the account among the caller's own: 404 too, and so is an id of no ad group.
    expect(
      (await send('POST', '/scaler/v3/adgroups/infos', { adgroup_ids: [g.adgroup_id, 999_999] })).status,
    ).toBe(404);
    expect((await send('GET', '/scaler/v3/utils/adgroup_list?campaign_id=999999')).status).toBe(404);
    expect((await send('GET', '/scaler/v3/creative?adgroup_id=999999')).status).toBe(404);
  });
});

describe('utils', () => {
  test('countries in the request language, OS versions, log types, pickers', async () => {
    const en = await send('GET', '/scaler/v3/utils/country');
    expect(en.body.data.find((c: { code: string }) => c.code === 'DE').name).toBe('Germany');
    const zh = await call(t.app, {
      url: '/scaler/v3/utils/country',
      token: w.tokens.admin,
      headers: { ...headers(), language: 'zh-CN' },
    });
    expect(zh.body.data.find((c: { code: string }) => c.code === 'DE').name).toBe('德国');
    const os = await send('GET', '/scaler/v3/utils/target_os_version?os=1');
    expect(os.body.data).toContain('17.0');
    const types = await send('GET', '/scaler/v3/utils/log_type');
    expect(types.body.data.actions.map((a: { value: string }) => a.value)).toContain('pause');
    const list = await send('GET', '/scaler/v3/utils/campaign_list');
    expect(list.body.data.length).toBeGreaterThan(0);
  });

  test('adgroup_list offers no ad group of a deleted campaign (nor a deleted ad group)', async () => {
    const c = await newCampaign({ name: 'Soon deleted' });
    const g = await newAdGroup(c.campaign_id, { name: 'Inside a deleted campaign' });
    const kept = await newCampaign({ name: 'Kept' });
    const gone = await newAdGroup(kept.campaign_id, { name: 'Deleted itself' });
    const live = await newAdGroup(kept.campaign_id, { name: 'Live' });
    const ids = async () =>
      ((await send('GET', '/scaler/v3/utils/adgroup_list')).body.data as { id: number }[]).map((o) => o.id);
    expect(await ids()).toEqual(expect.arrayContaining([g.adgroup_id, gone.adgroup_id, live.adgroup_id]));
    expect(
      (await send('PATCH', '/scaler/v3/campaign', { ids: [c.campaign_id], delete: true })).body.code,
    ).toBe(0);
    expect(
      (await send('PATCH', '/scaler/v3/adgroup', { ids: [gone.adgroup_id], delete: true })).body.code,
    ).toBe(0);
    const after = await ids();
    expect(after).toContain(live.adgroup_id);
    expect(after).not.toContain(g.adgroup_id);
    expect(after).not.toContain(gone.adgroup_id);

    // The ad groups' own lists: kind and size, the same ad groups as the picker.
    const added = await send('POST', '/scaler/v3/adgroups/bundles', {
      adgroup_ids: [live.adgroup_id],
      bundles: ['com.example.one', 'com.example.two'],
      mode: 2,
    });
    expect(added.body.data).toEqual({ updated: 1, added: 2 });
    const lists = (await send('GET', '/scaler/v3/adgroups/bundle_lists')).body.data as {
      adgroup_id: number;
      bundle_mode: number;
      count: number;
      campaign_name: string;
    }[];
    expect(lists.map((l) => l.adgroup_id).sort()).toEqual([...after].sort());
    expect(lists.find((l) => l.adgroup_id === live.adgroup_id)).toMatchObject({
      bundle_mode: 2,
      count: 2,
      campaign_name: 'Kept',
    });
  });

  test('utils/{name}: every code table in the request language; an unknown table is 404', async () => {
    for (const name of CODE_TABLE_NAMES) {
      const res = await send('GET', `/scaler/v3/utils/${name}`);
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      // Every label is translated (no message key left).
      for (const row of res.body.data) expect(row.label).not.toMatch(/^(code|creative)\./);
    }
    const billing = await send('GET', '/scaler/v3/utils/billing_type');
    expect(billing.body.data).toContainEqual({ value: 2, label: 'Per install (CPI)' });
    const zh = await call(t.app, {
      url: '/scaler/v3/utils/delivery_status',
      token: w.tokens.admin,
      headers: { ...headers(), language: 'zh-CN' },
    });
    expect(zh.body.data).toContainEqual({ value: 11, label: '广告系列已暂停' });
    // The campaign daily budget's own code (issue 18), in words in both languages.
    expect(zh.body.data).toContainEqual({ value: 25, label: '超出广告系列日预算' });
    expect((await send('GET', '/scaler/v3/utils/delivery_status')).body.data).toContainEqual({
      value: 25,
      label: 'Exceeding campaign daily budget',
    });
    const reasons = await send('GET', '/scaler/v3/utils/reject_reason');
    expect(reasons.body.data).toContainEqual({ value: 1008, label: 'Text overlay issues' });
    expect((await send('GET', '/scaler/v3/utils/no_such_table')).status).toBe(404);
    expect((await send('GET', '/scaler/v3/utils/constructor')).status).toBe(404);
    const anonymous = await call(t.app, { url: '/scaler/v3/utils/os', headers: headers() });
    expect(anonymous.status).toBe(401);
  });
});

describe('links and the promoted asset', () => {
  test('check/link: a store page of the app platform and package is valid; another app or http is not', async () => {
    const good = await send('POST', '/scaler/v3/check/link', {
      url: 'https://play.google.com/store/apps/details?id=com.example.game',
      app_id: appId,
    });
    expect(good.body.data).toMatchObject({ valid: true, message: '', os: 2, bundle_id: 'com.example.game' });
    const otherPackage = await send('POST', '/scaler/v3/check/link', {
      url: 'https://play.google.com/store/apps/details?id=com.other.app',
      app_id: appId,
    });
    expect(otherPackage.body.data).toMatchObject({
      valid: false,
      message: 'The download link belongs to another package name.',
    });
    const plain = await send('POST', '/scaler/v3/check/link', { url: 'http://example.com/app.apk' });
    expect(plain.body.data.valid).toBe(false);
    const apk = await send('POST', '/scaler/v3/check/link', { url: 'https://cdn.example.com/app.apk' });
    expect(apk.body.data).toMatchObject({ valid: true, os: null });
    const unknownApp = await send('POST', '/scaler/v3/check/link', {
      url: 'https://cdn.example.com/a.apk',
      app_id: 'f'.repeat(24),
    });
    expect(unknownApp.status).toBe(404);
  });

  test('adgroup/app/info lists the events of the campaign app (or pixel)', async () => {
    const c = await newCampaign();
    const res = await send('GET', `/scaler/v3/adgroup/app/info?campaign_id=${c.campaign_id}`);
    expect(res.body.data).toMatchObject({
      link_type: 1,
      app: { _id: appId, bundle_id: 'com.example.game' },
      pixel: null,
    });
    expect(res.body.data.events.map((e: { event_id: string }) => e.event_id).sort()).toEqual([
      'install',
      'purchase',
    ]);
    const other = await send(
      'GET',
      `/scaler/v3/adgroup/app/info?campaign_id=${c.campaign_id}`,
      undefined,
      'oadmin',
    );
    expect(other.status).toBe(404);
  });
});

describe('permissions', () => {
  test('admin, operator and a partner at operator role edit; analyst reads only; others do not find it', async () => {
    const c = await newCampaign();
    const read = `/scaler/v3/campaign?campaign_id=${c.campaign_id}`;
    const who = async (name: string) => {
      const get = await send('GET', read, undefined, name);
      const put = await send('PATCH', '/scaler/v3/campaign', { ids: [c.campaign_id], opt_status: 1 }, name);
      return [get.status, put.status];
    };
    expect(await who('admin')).toEqual([200, 200]);
    expect(await who('user1')).toEqual([200, 200]);
    expect(await who('padmin')).toEqual([200, 200]);
    expect(await who('analyst')).toEqual([200, 403]);
    expect(await who('user2')).toEqual([404, 404]);
    expect(await who('oadmin')).toEqual([404, 404]);
    expect(await who('operator')).toEqual([404, 404]);
    const anon = await call(t.app, { url: read, headers: headers() });
    expect(anon.status).toBe(401);
    // Another account's campaign id through this account: not found.
    const otherAdv = await send('GET', read, undefined, 'admin', w.adv2);
    expect(otherAdv.status).toBe(404);
  });
});
