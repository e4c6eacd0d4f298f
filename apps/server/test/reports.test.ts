import { gunzipSync } from 'node:zlib';
import { REPORT_METRICS, REPORT_RETENTION, REPORT_ROAS } from '@scaler/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adGroups,
  advMembers,
  apps,
  campaigns,
  creatives,
  orgMembers,
  pixelEvents,
  pixels,
  trackingHourly,
} from '../src/db/schema';
import { writeCohorts } from '../src/modules/statistics/cohorts';
import { writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, createUser, loginAs, type TestApp } from './harness';
import { backdateCommission, backdateMarkup, clearMoney } from './money';
import { buildWorld, testCampaign, type World } from './world';

/**
 * The custom report against facts written by the test: days of the request's time zone across UTC
 * midnight, hours, any dimension, filters, ratios after summing, sort, pages, totals, markup inside and
 * outside its window, commission, and who may read it.
 */

let t: TestApp;
let w: World;
let ids: { c1: number; c2: number; g1: number; g2: number; cr1: number; cr2: number };

const report = (body: Record<string, unknown>, who = 'admin', extra: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/scaler/v3/report/custom',
    body: { start_date: '2026-03-01', end_date: '2026-03-02', ...body },
    token: w.tokens[who],
    headers: {
      'org-id': String(who === 'oadmin' ? w.other : w.agency),
      'adv-id': String(w.adv1),
      ...extra,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const mkCampaign = (name: string) => testCampaign(t, w.adv1, name);
  const c1 = await mkCampaign('Alpha');
  const c2 = await mkCampaign('Beta');
  const mkGroup = async (campaignId: number) =>
    (
      await t.db
        .insert(adGroups)
        .values({
          advId: w.adv1,
          campaignId,
          name: `G${campaignId}`,
          biddingType: 1,
          billingType: 1,
          bidPrice: '2',
        })
        .returning()
    )[0].id;
  const g1 = await mkGroup(c1);
  const g2 = await mkGroup(c2);
  const mkCreative = async (campaignId: number, adgroupId: number) =>
    (
      await t.db
        .insert(creatives)
        .values({ advId: w.adv1, campaignId, adgroupId, name: `Banner ${campaignId}`, creativeType: 'image' })
        .returning()
    )[0].id;
  ids = { c1, c2, g1, g2, cr1: await mkCreative(c1, g1), cr2: await mkCreative(c2, g2) };
  const f = (o: Record<string, unknown> & { hour: Date }) => ({
    advId: w.adv1,
    campaignId: c1,
    adgroupId: g1,
    creativeId: ids.cr1,
    bundle: 'com.pub.a',
    country: 'US',
    os: 2,
    ...o,
  });
  await t.db.transaction(async (tx) => {
    await writeFacts(tx, [
      // 2026-02-28 20:00 UTC is 2026-03-01 04:00 at +08:00: in the range there, not in UTC.
      f({ hour: new Date('2026-02-28T20:00:00Z'), impressions: 100, clicks: 1, cost: '0.5' }),
      f({ hour: new Date('2026-03-01T02:00:00Z'), impressions: 1000, clicks: 10, cost: '2', installs: 1 }),
      // 2026-03-01 18:00 UTC is 2026-03-02 02:00 at +08:00.
      f({ hour: new Date('2026-03-01T18:00:00Z'), impressions: 1000, clicks: 30, cost: '3', installs: 3 }),
      f({
        hour: new Date('2026-03-02T10:00:00Z'),
        impressions: 500,
        clicks: 5,
        cost: '1',
        bundle: 'com.pub.b',
        country: 'DE',
      }),
      // 2026-03-02 20:00 UTC is 2026-03-03 at +08:00: out of the range there, in it in UTC.
      f({
        campaignId: c2,
        adgroupId: g2,
        creativeId: ids.cr2,
        hour: new Date('2026-03-02T20:00:00Z'),
        impressions: 4000,
        clicks: 40,
        cost: '8',
        installs: 4,
        os: 1,
      }),
    ]);
  });
});
afterAll(() => t.close());

const rows = (res: { body: { data: { list: Record<string, unknown>[] } } }, ...keys: string[]) =>
  res.body.data.list.map((r) => keys.map((k) => r[k]));

describe('custom report', () => {
  test('by day in UTC and at +08:00: the same facts move to the days of the zone', async () => {
    const utc = await report({ dimensions: ['date'], sort_field: 'date', sort_order: 'asc' });
    expect(utc.status).toBe(200);
    expect(rows(utc, 'date', 'impression', 'gmv')).toEqual([
      ['2026-03-01', 2000, 5],
      ['2026-03-02', 4500, 9],
    ]);
    const east = await report({ dimensions: ['date'], sort_field: 'date', sort_order: 'asc' }, 'admin', {
      timezone: '+08:00',
    });
    expect(rows(east, 'date', 'impression', 'gmv')).toEqual([
      ['2026-03-01', 1100, 2.5],
      ['2026-03-02', 1500, 4],
    ]);
    expect(east.body.data.totals).toMatchObject({ impression: 2600, gmv: 6.5, actives: 4 });
  });

  test('by hour of the zone, and without a time dimension the range’s edges come from the hours', async () => {
    const hours = await report(
      { dimensions: ['date', 'hour'], sort_field: 'date', sort_order: 'asc' },
      'admin',
      { timezone: '+08:00' },
    );
    expect(rows(hours, 'date', 'hour', 'impression')).toEqual([
      ['2026-03-01', 4, 100],
      ['2026-03-01', 10, 1000],
      ['2026-03-02', 2, 1000],
      ['2026-03-02', 18, 500],
    ]);
    // By campaign at -05:00: 2026-03-01 05:00 UTC to 2026-03-03 05:00 UTC.
    const west = await report(
      { dimensions: ['campaign'], sort_field: 'campaign_id', sort_order: 'asc' },
      'admin',
      {
        timezone: '-05:00',
      },
    );
    expect(rows(west, 'campaign_id', 'campaign_name', 'impression', 'gmv')).toEqual([
      [ids.c1, 'Alpha', 1500, 4],
      [ids.c2, 'Beta', 4000, 8],
    ]);
  });

  test('ratios from the sums; several dimensions; filters; sort and pages with the count and totals', async () => {
    const res = await report({ dimensions: ['campaign', 'country'], sort_field: 'gmv', sort_order: 'desc' });
    expect(rows(res, 'campaign_id', 'country', 'gmv')).toEqual([
      [ids.c2, 'US', 8],
      [ids.c1, 'US', 5],
      [ids.c1, 'DE', 1],
    ]);
    const c1us = res.body.data.list[1];
    // 40 clicks over 2,000 impressions; 4 installs over 40 clicks; cost per install 5 / 4.
    expect(c1us).toMatchObject({ ctr: 0.02, cvr: 0.1, cpi: 1.25, ecpm: 2.5 });
    expect(res.body.data.totals).toMatchObject({ impression: 6500, clicks: 85, ctr: 85 / 6500, gmv: 14 });
    const page2 = await report({
      dimensions: ['campaign', 'country'],
      sort_field: 'gmv',
      page: 2,
      page_size: 2,
    });
    expect(rows(page2, 'campaign_id', 'country')).toEqual([[ids.c1, 'DE']]);
    expect(page2.body.data.total).toBe(3);
    const beyond = await report({ dimensions: ['campaign'], page: 9, page_size: 10 });
    expect(beyond.body.data).toMatchObject({ list: [], total: 2, totals: { impression: 6500 } });
    const filtered = await report({ dimensions: ['bundle', 'os'], countries: ['DE'] });
    expect(rows(filtered, 'bundle', 'os', 'impression')).toEqual([['com.pub.b', 2, 500]]);
    const byCreative = await report({ dimensions: ['creative'], campaign_ids: [ids.c2] });
    expect(rows(byCreative, 'creative_id', 'creative_name')).toEqual([[ids.cr2, `Banner ${ids.c2}`]]);
    const byPixel = await report({ dimensions: ['pixel'] });
    expect(byPixel.body.data.total).toBe(1);
  });

  test('markup inside its window in the Advertiser view; commission when the center shows it', async () => {
    await backdateMarkup(t.db, w.adv1, { ratio: '0.5', start: '2026-03-02' });
    const agent = await report({ dimensions: ['date'], sort_field: 'date', sort_order: 'asc' });
    expect(rows(agent, 'gmv')).toEqual([[5], [9]]);
    // user1 (not an admin of the center) sees the Advertiser view: cost × 1.5 from 2026-03-02 only.
    const advertiser = await report({ dimensions: ['date'], sort_field: 'date', sort_order: 'asc' }, 'user1');
    expect(rows(advertiser, 'gmv')).toEqual([[5], [13.5]]);
    expect(advertiser.body.data.totals.gmv).toBe(18.5);
    expect(agent.body.data.list[0].gmv_fee).toBeUndefined();
    await backdateCommission(t.db, w.agency, { rate: '0.1' });
    const fee = await report({ dimensions: ['date'], sort_field: 'gmv_fee', sort_order: 'asc' });
    expect(rows(fee, 'gmv', 'gmv_fee')).toEqual([
      [5, 5.5],
      [9, 9.9],
    ]);
    await clearMoney(t.db, w.adv1, w.agency);
  });

  test('bad input is a 400 with the field; who may read', async () => {
    expect((await report({ dimensions: [] })).status).toBe(400);
    expect((await report({ dimensions: ['date', 'date'] })).status).toBe(400);
    expect((await report({ dimensions: ['nope'] })).status).toBe(400);
    expect((await report({ dimensions: ['date'], sort_field: 'password' })).status).toBe(400);
    expect((await report({ dimensions: ['date'], end_date: '2028-01-01' })).status).toBe(400);
    expect((await report({ dimensions: ['date'], page_size: 5001 })).status).toBe(400);
    expect((await report({ dimensions: ['date'] }, 'user1')).status).toBe(200);
    expect((await report({ dimensions: ['date'] }, 'oadmin')).status).toBe(404);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/scaler/v3/report/custom',
      body: { start_date: '2026-03-01', end_date: '2026-03-02', dimensions: ['date'] },
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('report templates', () => {
  const tpl = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, who = 'admin') =>
    call(t.app, { method, url, body, token: w.tokens[who], headers: { 'org-id': String(w.agency) } });

  test('saved, listed and deleted by their owner only; at most 50; no center or account inside', async () => {
    const saved = await tpl('POST', '/scaler/v3/report/templates', {
      page: '/report/index',
      name: ' By campaign ',
      query: '?dims=campaign,date&sort=clicks',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'By campaign', query: 'dims=campaign,date&sort=clicks' });
    const mine = await tpl('GET', '/scaler/v3/report/templates?page=/report/index');
    expect(mine.body.data.map((x: { id: number }) => x.id)).toEqual([saved.body.data.id]);
    const theirs = await tpl('GET', '/scaler/v3/report/templates', undefined, 'user1');
    expect(theirs.body.data).toEqual([]);
    expect(
      (await tpl('DELETE', `/scaler/v3/report/templates/${saved.body.data.id}`, undefined, 'user1')).status,
    ).toBe(404);

    const withAccount = await tpl('POST', '/scaler/v3/report/templates', {
      page: '/report/index',
      name: 'X',
      query: 'dims=date&adv=123',
    });
    expect(withAccount.status).toBe(400);
    expect(
      (await tpl('POST', '/scaler/v3/report/templates', { page: '/manage', name: 'X', query: '' })).status,
    ).toBe(400);

    for (let i = 1; i < 50; i++) {
      const r = await tpl('POST', '/scaler/v3/report/templates', {
        page: '/report/hourly',
        name: `T${i}`,
        query: '',
      });
      expect(r.status).toBe(200);
    }
    const full = await tpl('POST', '/scaler/v3/report/templates', {
      page: '/report/index',
      name: 'One more',
      query: '',
    });
    expect(full.status).toBe(400);
    expect(full.body.data.fields[0].message).toBe(
      'You can keep at most 50 report templates: delete one first.',
    );

    expect((await tpl('DELETE', `/scaler/v3/report/templates/${saved.body.data.id}`)).status).toBe(200);
    expect((await tpl('DELETE', `/scaler/v3/report/templates/${saved.body.data.id}`)).status).toBe(404);
    const anonymous = await call(t.app, { url: '/scaler/v3/report/templates' });
    expect(anonymous.status).toBe(401);
  });
});

describe('statis (the home page)', () => {
  test('totals against the days before, by day, top campaigns and publishers, alerts from the real state', async () => {
    await t.db.update(creatives).set({ reviewStatus: 2 }).where(eq(creatives.id, ids.cr1));
    await t.db.update(campaigns).set({ budgetType: 1, budget: '1' }).where(eq(campaigns.id, ids.c2));
    const res = await call(t.app, {
      url: '/scaler/v3/statis?start_date=2026-03-01&end_date=2026-03-02',
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.current).toMatchObject({ impression: 6500, gmv: 14 });
    // The two days before: 2026-02-27 and 2026-02-28 (UTC), with the 20:00 fact of the 28th.
    expect(s.previous_range).toEqual({ start_date: '2026-02-27', end_date: '2026-02-28' });
    expect(s.previous).toMatchObject({ impression: 100, gmv: 0.5 });
    expect(s.days.map((d: { date: string; impression: number }) => [d.date, d.impression])).toEqual([
      ['2026-03-01', 2000],
      ['2026-03-02', 4500],
    ]);
    expect(s.top_campaigns.map((c: { campaign_name: string }) => c.campaign_name)).toEqual(['Beta', 'Alpha']);
    expect(s.top_bundles.map((b: { bundle: string; gmv: number }) => [b.bundle, b.gmv])).toEqual([
      ['com.pub.a', 13],
      ['com.pub.b', 1],
    ]);
    expect(s.alerts).toEqual({
      account_limit_reached: false,
      rejected_creatives: 1,
      campaigns_budget_reached: 1,
      adgroups_budget_reached: 0,
    });
    await t.db.update(creatives).set({ reviewStatus: 0 }).where(eq(creatives.id, ids.cr1));
    await t.db.update(campaigns).set({ budgetType: null, budget: null }).where(eq(campaigns.id, ids.c2));
    const other = await call(t.app, {
      url: '/scaler/v3/statis?start_date=2026-03-01&end_date=2026-03-02',
      token: w.tokens.oadmin,
      headers: { 'org-id': String(w.other), 'adv-id': String(w.adv1) },
    });
    expect(other.status).toBe(404);
  });
});

describe('adding publishers to ad groups’ lists (the bundle report’s action)', () => {
  const add = (body: unknown, who = 'admin') =>
    call(t.app, {
      method: 'POST',
      url: '/scaler/v3/adgroups/bundles',
      body,
      token: w.tokens[who],
      headers: { 'org-id': String(who === 'oadmin' ? w.other : w.agency), 'adv-id': String(w.adv1) },
    });
  const group = async (id: number) => (await t.db.select().from(adGroups).where(eq(adGroups.id, id)))[0];

  test('a block list is created or extended once per publisher; the other kind of list refuses it all', async () => {
    const first = await add({ adgroup_ids: [ids.g1, ids.g2], bundles: ['com.pub.a', 'com.pub.b'], mode: 2 });
    expect(first.body.data).toEqual({ updated: 2, added: 4 });
    const again = await add({ adgroup_ids: [ids.g1], bundles: ['com.pub.a', 'com.pub.c'], mode: 2 });
    expect(again.body.data).toEqual({ updated: 1, added: 1 });
    expect(await group(ids.g1)).toMatchObject({
      bundleMode: 2,
      bundles: ['com.pub.a', 'com.pub.b', 'com.pub.c'],
    });
    const history = await call(t.app, {
      url: `/scaler/v3/log/list?object_type=2&object_id=${ids.g1}`,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    expect(history.body.data.list.some((e: { field: string }) => e.field === 'bundles')).toBe(true);

    const allow = await add({ adgroup_ids: [ids.g1, ids.g2], bundles: ['com.pub.z'], mode: 1 });
    expect(allow.status).toBe(400);
    expect(allow.body.data.fields[0].message).toMatch(/other kind of publisher list/);
    expect((await group(ids.g1)).bundles).not.toContain('com.pub.z');
    expect((await add({ adgroup_ids: [ids.g1], bundles: ['not a bundle!'], mode: 2 })).status).toBe(400);
    expect((await add({ adgroup_ids: [ids.g1], bundles: ['com.pub.a'], mode: 2 }, 'oadmin')).status).toBe(
      404,
    );
    expect((await add({ adgroup_ids: [999_999], bundles: ['com.pub.a'], mode: 2 })).status).toBe(404);
    await t.db
      .update(adGroups)
      .set({ bundleMode: 0, bundles: [] })
      .where(inArray(adGroups.id, [ids.g1, ids.g2]));
  });
});

describe('event columns', () => {
  test('conversions per event by request or event time, beside delivery, cost per action from the sums', async () => {
    const row = (hour: string, basis: number, count: number, country = 'US') => ({
      hour: new Date(hour),
      basis,
      advId: w.adv1,
      pixelId: 'px1',
      kind: 3,
      eventId: 'purchase',
      campaignId: String(ids.c1),
      adgroupId: String(ids.g1),
      creativeId: String(ids.cr1),
      country,
      os: 2,
      count,
      uv: count,
      lastEventAt: new Date(hour),
    });
    // Clicked on 03-01 (request time), converted on 03-03 (event time: outside the range).
    await t.db.insert(trackingHourly).values([
      row('2026-03-01T02:00:00Z', 2, 4),
      row('2026-03-03T05:00:00Z', 1, 4),
      row('2026-03-02T09:00:00Z', 2, 1, 'FR'),
      { ...row('2026-03-02T09:00:00Z', 2, 7), campaignId: '' },
      // A sender's own campaign name: not one of this platform's campaigns.
      { ...row('2026-03-02T09:00:00Z', 2, 9), campaignId: 'spring_sale', adgroupId: 'x' },
    ]);
    const request = await report({
      dimensions: ['campaign'],
      events: ['purchase'],
      sort_field: 'purchase_pv',
    });
    expect(request.status).toBe(200);
    const c1 = request.body.data.list.find((r: { campaign_id: number }) => r.campaign_id === ids.c1);
    // 5 attributed purchases (the unattributed 7 are not this account's ads'); cost 6 / 5.
    expect(c1).toMatchObject({
      gmv: 6,
      purchase_pv: 5,
      purchase_uv: 5,
      purchase_pv_cpa: 1.2,
      purchase_uv_cpa: 1.2,
    });
    expect(request.body.data.totals).toMatchObject({ purchase_pv: 5 });
    // A country with conversions and no delivery still has its row.
    const byCountry = await report({
      dimensions: ['country'],
      events: ['purchase'],
      sort_field: 'country',
      sort_order: 'asc',
    });
    expect(
      byCountry.body.data.list.map((r: { country: string; purchase_pv: number; gmv: number }) => [
        r.country,
        r.purchase_pv,
        r.gmv,
      ]),
    ).toEqual([
      ['DE', 0, 1],
      ['FR', 1, 0],
      ['US', 4, 13],
    ]);
    const event = await report({ dimensions: ['campaign'], events: ['purchase'] }, 'admin', {
      'report-type': 'event',
    });
    const e1 = event.body.data.list.find((r: { campaign_id: number }) => r.campaign_id === ids.c1);
    expect(e1).toMatchObject({ purchase_pv: 0 });
    expect((await report({ dimensions: ['campaign'], events: ['purchase', 'purchase'] })).status).toBe(400);
    expect((await report({ dimensions: ['campaign'], sort_field: 'purchase_pv' })).status).toBe(400);
  });
});

describe('publisher lists (/report/bundle/manage)', () => {
  const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown, who = 'admin') =>
    call(t.app, {
      method,
      url,
      body,
      token: w.tokens[who],
      headers: { 'org-id': String(who === 'oadmin' ? w.other : w.agency), 'adv-id': String(w.adv1) },
    });

  test('parsed by the publisher rule; duplicates confirmed; names once; applied to ad groups; scoped', async () => {
    const dup = await send('PUT', '/scaler/v3/bundle/list', {
      name: 'Fraud',
      items: 'com.bad.a\ncom.bad.b, com.bad.a',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.data.fields[0]).toMatchObject({
      path: 'items',
      message: 'Duplicates exist, please confirm: com.bad.a.',
    });
    const bad = await send('PUT', '/scaler/v3/bundle/list', { name: 'Fraud', items: 'com.bad.a, not ok!' });
    expect(bad.body.data.fields[0].message).toBe('Not publisher IDs: not ok!.');
    const created = await send('PUT', '/scaler/v3/bundle/list', {
      name: 'Fraud',
      items: 'com.bad.a\ncom.bad.b, com.bad.a',
      confirm_duplicates: true,
    });
    expect(created.body.data).toMatchObject({
      name: 'Fraud',
      count: 2,
      items: ['com.bad.a', 'com.bad.b'],
      used_by: [],
    });
    const again = await send('PUT', '/scaler/v3/bundle/list', { name: 'Fraud', items: 'com.x' });
    expect(again.body.data.fields[0]).toMatchObject({ path: 'name', message: 'Item already exists.' });

    const applied = await send('POST', '/scaler/v3/bundle/list/apply', {
      list_id: created.body.data.list_id,
      adgroup_ids: [ids.g1],
      mode: 2,
    });
    expect(applied.body.data).toEqual({ updated: 1, added: 2 });
    const page = await send('GET', '/scaler/v3/bundle/lists?q=fra');
    expect(page.body.data).toMatchObject({
      total: 1,
      list: [{ name: 'Fraud', count: 2, used_by: [{ adgroup_id: ids.g1, mode: 2 }] }],
    });
    expect((await send('GET', '/scaler/v3/bundle/lists?q=zzz')).body.data.total).toBe(0);
    expect(
      (await send('GET', `/scaler/v3/bundle/list?list_id=${created.body.data.list_id}`, undefined, 'oadmin'))
        .status,
    ).toBe(404);
    expect((await send('GET', '/scaler/v3/bundle/lists', undefined, 'user1')).status).toBe(200);
    expect(
      (await send('DELETE', '/scaler/v3/bundle/list', { list_id: created.body.data.list_id })).status,
    ).toBe(200);
    expect((await send('GET', `/scaler/v3/bundle/list?list_id=${created.body.data.list_id}`)).status).toBe(
      404,
    );
    // The ad group keeps the ids it was given.
    expect((await t.db.select().from(adGroups).where(eq(adGroups.id, ids.g1)))[0].bundles).toContain(
      'com.bad.a',
    );
    await t.db.update(adGroups).set({ bundleMode: 0, bundles: [] }).where(eq(adGroups.id, ids.g1));
  });
});

describe('ROAS and retention', () => {
  test('from the install cohorts, over the row’s cost and installs; not by hour or publisher', async () => {
    const cohort = (dayN: number, retained: number, revenue: string) => ({
      advId: w.adv1,
      campaignId: ids.c1,
      adgroupId: ids.g1,
      creativeId: ids.cr1,
      installDay: '2026-03-01',
      country: 'US',
      os: 2,
      dayN,
      retained,
      revenue,
    });
    await t.db.transaction((tx) => writeCohorts(tx, [cohort(0, 2, '1'), cohort(5, 1, '2')]));
    const res = await report({ dimensions: ['campaign'], cohort: true, sort_field: 'roas7' });
    expect(res.status).toBe(200);
    const c1 = res.body.data.list.find((r: { campaign_id: number }) => r.campaign_id === ids.c1);
    // Cost 6 and 4 installs in the range; revenue 1 on day 0 and 2 on day 5.
    expect(c1).toMatchObject({
      gmv: 6,
      actives: 4,
      roas1: 1 / 6,
      roas3: 1 / 6,
      roas7: 0.5,
      d0: 0.5,
      d5: 0.25,
      d6: 0,
    });
    expect(res.body.data.list[0].campaign_id).toBe(ids.c1);
    expect(res.body.data.totals).toMatchObject({ roas7: 3 / 14 });
    const hr = await report({ dimensions: ['hour'], cohort: true });
    expect(hr.body).toMatchObject({ code: 40000 });
    expect(hr.status).toBe(400);
    expect((await report({ dimensions: ['bundle'], cohort: true })).status).toBe(400);
    expect((await report({ dimensions: ['campaign'], sort_field: 'roas7' })).status).toBe(400);
  });

  test('cohort rows and totals carry only the documented columns, every measure a number', async () => {
    const res = await report({ dimensions: ['date', 'campaign'], cohort: true, sort_field: 'date' });
    expect(res.status).toBe(200);
    const { list, totals } = res.body.data as {
      list: Record<string, unknown>[];
      totals: Record<string, unknown>;
    };
    expect(list.length).toBeGreaterThan(0);
    const measures = [...REPORT_METRICS, ...REPORT_ROAS, ...REPORT_RETENTION];
    const documented = new Set<string>(['date', 'campaign_id', 'campaign_name', ...measures]);
    for (const row of [...list, totals]) {
      const extra = Object.keys(row).filter((k) => !documented.has(k));
      expect(extra, 'keys beyond the documented columns').toEqual([]);
      for (const m of measures) {
        if (m === 'gmv_fee' && !(m in row)) continue;
        expect(typeof row[m], m).toBe('number');
      }
    }
  });
});

test('an analyst reads reports and lists but changes no ad group or list', async () => {
  w.ids.analyst = await createUser(t.db, 'report-analyst@world.test');
  await t.db.insert(orgMembers).values({ orgId: w.agency, userId: w.ids.analyst, orgRole: 'org_user' });
  await t.db
    .insert(advMembers)
    .values({ advId: w.adv1, userId: w.ids.analyst, advRole: 'role_analyst', orgId: w.agency });
  w.tokens.analyst = await loginAs(t.app, 'report-analyst@world.test');
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(t.app, {
      method,
      url,
      body,
      token: w.tokens.analyst,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
  expect((await report({ dimensions: ['campaign'] }, 'analyst')).status).toBe(200);
  expect((await as('GET', '/scaler/v3/statis?start_date=2026-03-01&end_date=2026-03-02')).status).toBe(200);
  expect((await as('GET', '/scaler/v3/bundle/lists')).status).toBe(200);
  expect(
    (await as('POST', '/scaler/v3/adgroups/bundles', { adgroup_ids: [ids.g1], bundles: ['com.x'], mode: 2 }))
      .status,
  ).toBe(403);
  expect((await as('PUT', '/scaler/v3/bundle/list', { name: 'X', items: 'com.x' })).status).toBe(403);
});

test('grouped by event: conversions, their users and value per event; no event or ROAS columns beside it', async () => {
  const res = await report({
    dimensions: ['event', 'country'],
    sort_field: 'conversions',
    sort_order: 'desc',
  });
  expect(res.status).toBe(200);
  expect(
    res.body.data.list.map((r: { event: string; country: string; conversions: number }) => [
      r.event,
      r.country,
      r.conversions,
    ]),
  ).toEqual([
    ['purchase', 'US', 4],
    ['purchase', 'FR', 1],
  ]);
  expect(res.body.data.totals).toMatchObject({ conversions: 5, conversion_users: 5 });
  expect((await report({ dimensions: ['event'], events: ['purchase'] })).status).toBe(400);
  expect((await report({ dimensions: ['event'], cohort: true })).status).toBe(400);
});

describe('filters by app, pixel, hour and event; custom events by name', () => {
  const APP = 'a0000000000000000000000a';
  const PIXEL = 'b0000000000000000000000b';
  beforeAll(async () => {
    await t.db.insert(apps).values({
      id: APP,
      advId: w.adv1,
      name: 'Shoe App',
      bundleId: 'com.shoe.app',
      os: 2,
      downloadType: 1,
      downloadLink: 'https://play.google.com/store/apps/details?id=com.shoe.app',
      partner: 'appsflyer',
      partnerAppId: 'com.shoe.app',
      postbackToken: 'report-filter-test-token',
    });
    await t.db
      .insert(pixels)
      .values({ id: PIXEL, advId: w.adv1, name: 'Shop pixel', conversionType: 1, mode: 1 });
    await t.db.update(campaigns).set({ appId: APP, linkType: 1 }).where(eq(campaigns.id, ids.c1));
    await t.db.update(campaigns).set({ pixelId: PIXEL }).where(eq(campaigns.id, ids.c2));
    await t.db.insert(pixelEvents).values([
      {
        pixelId: PIXEL,
        advId: w.adv1,
        type: 2,
        eventType: 'custom',
        eventId: 'quiz_done',
        eventName: 'Quiz finished',
      },
      {
        pixelId: PIXEL,
        advId: w.adv1,
        type: 1,
        eventType: 'purchase',
        eventId: 'purchase',
        eventName: 'purchase',
      },
    ]);
    await t.db.insert(trackingHourly).values({
      hour: new Date('2026-03-02T21:00:00Z'),
      basis: 2,
      advId: w.adv1,
      pixelId: PIXEL,
      kind: 3,
      eventId: 'quiz_done',
      campaignId: String(ids.c2),
      adgroupId: String(ids.g2),
      creativeId: String(ids.cr2),
      country: 'US',
      os: 1,
      count: 6,
      uv: 3,
      lastEventAt: new Date('2026-03-02T21:00:00Z'),
    });
  });

  test('by app or pixel: the rows of the campaigns promoting them; both at once: none', async () => {
    const byApp = await report({ dimensions: ['campaign', 'app'], app_ids: [APP] });
    expect(byApp.status).toBe(200);
    expect(rows(byApp, 'campaign_id', 'app_id', 'app_name', 'gmv')).toEqual([[ids.c1, APP, 'Shoe App', 6]]);
    const byPixel = await report({ dimensions: ['pixel'], pixel_ids: [PIXEL] });
    expect(rows(byPixel, 'pixel_id', 'pixel_name', 'gmv')).toEqual([[PIXEL, 'Shop pixel', 8]]);
    const both = await report({ dimensions: ['campaign'], app_ids: [APP], pixel_ids: [PIXEL] });
    expect(both.body.data).toMatchObject({ list: [], total: 0 });
    // Conversions follow the same filter.
    const events = await report({ dimensions: ['campaign'], events: ['quiz_done'], pixel_ids: [PIXEL] });
    expect(rows(events, 'campaign_id', 'quiz_done_pv', 'quiz_done_uv')).toEqual([[ids.c2, 6, 3]]);
    expect((await report({ dimensions: ['campaign'], app_ids: ['not-an-id'] })).status).toBe(400);
  });

  test('by hours of the report’s day, in its time zone', async () => {
    const utc = await report({ dimensions: ['date'], hours: [2, 18], sort_field: 'date', sort_order: 'asc' });
    expect(rows(utc, 'date', 'impression', 'gmv')).toEqual([['2026-03-01', 2000, 5]]);
    // 02:00 UTC is 10:00 at +08:00; without a time dimension too.
    const east = await report({ dimensions: ['campaign'], hours: [10] }, 'admin', { timezone: '+08:00' });
    expect(rows(east, 'campaign_id', 'impression')).toEqual([[ids.c1, 1000]]);
    const hourly = await report({
      dimensions: ['hour'],
      hours: [18, 20],
      sort_field: 'hour',
      sort_order: 'asc',
    });
    expect(rows(hourly, 'hour', 'impression')).toEqual([
      [18, 1000],
      // 2026-02-28 20:00 is before the range in UTC.
      [20, 4000],
    ]);
    expect((await report({ dimensions: ['campaign'], hours: [24] })).status).toBe(400);
    expect((await report({ dimensions: ['campaign'], hours: [3], cohort: true })).status).toBe(400);
  });

  test('grouped by event: custom events carry their names, and the event filter keeps the chosen ones', async () => {
    const all = await report({ dimensions: ['event'], sort_field: 'event', sort_order: 'asc' });
    expect(rows(all, 'event', 'event_name', 'conversions')).toEqual([
      ['purchase', null, 5],
      ['quiz_done', 'Quiz finished', 6],
    ]);
    const one = await report({ dimensions: ['event'], event_filter: ['quiz_done'] });
    expect(rows(one, 'event', 'conversions', 'conversion_users')).toEqual([['quiz_done', 6, 3]]);
    const refused = await report({ dimensions: ['campaign'], event_filter: ['quiz_done'] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      'Filter by event only when the report is grouped by event.',
    );
  });

  test('event ids that look like the statement’s own names or pass 63 characters answer under their own keys', async () => {
    const long = `v${'x'.repeat(63)}`;
    const hour = (eventId: string, count: number) => ({
      hour: new Date('2026-03-01T05:00:00Z'),
      basis: 2,
      advId: w.adv1,
      pixelId: PIXEL,
      kind: 3,
      eventId,
      campaignId: String(ids.c2),
      adgroupId: String(ids.g2),
      creativeId: String(ids.cr2),
      country: 'US',
      os: 1,
      count,
      uv: 1,
      lastEventAt: new Date('2026-03-01T05:00:00Z'),
    });
    await t.db.insert(trackingHourly).values([hour('e0', 2), hour('e1_pv', 3), hour(long, 4)]);
    const answer = await report({
      dimensions: ['campaign'],
      events: ['e0', 'e1_pv', long, 'quiz_done'],
      sort_field: `${long}_pv`,
      campaign_ids: [ids.c2],
    });
    expect(answer.status).toBe(200);
    expect(
      rows(answer, 'campaign_id', 'e0_pv', 'e1_pv_pv', `${long}_pv`, `${long}_uv_cpa`, 'quiz_done_pv'),
    ).toEqual([[ids.c2, 2, 3, 4, 8, 6]]);
    expect(answer.body.data.totals).toMatchObject({
      e0_pv: 2,
      e1_pv_pv: 3,
      [`${long}_pv`]: 4,
      quiz_done_pv: 6,
    });
    const sortedByCpa = await report({
      dimensions: ['campaign'],
      events: [long],
      sort_field: `${long}_uv_cpa`,
    });
    expect(sortedByCpa.status).toBe(200);
  });

  test('report/events: the account’s custom events by id or name, or named by ids; scoped to the account', async () => {
    const get = (query: string, who = 'admin', adv = w.adv1) =>
      call(t.app, {
        method: 'GET',
        url: `/scaler/v3/report/events${query}`,
        token: w.tokens[who],
        headers: { 'org-id': String(who === 'oadmin' ? w.other : w.agency), 'adv-id': String(adv) },
      });
    const found = await get('?q=QUIZ');
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      { event_id: 'quiz_done', event_name: 'Quiz finished', source: 'pixel', asset_name: 'Shop pixel' },
    ]);
    expect((await get('?q=finish')).body.data).toHaveLength(1);
    expect(
      (await get('?ids=quiz_done,purchase,bad-id')).body.data.map((e: { event_id: string }) => e.event_id),
    ).toEqual(['quiz_done']);
    // `%` is a character, not a wildcard; standard events are not listed.
    expect((await get('?q=%25')).body.data).toEqual([]);
    expect((await get('?q=purchase')).body.data).toEqual([]);
    // Another center's account: 404; its own center's other account has none of these.
    expect((await get('?q=quiz', 'oadmin', w.adv1)).status).toBe(404);
    expect((await get('?q=quiz', 'admin', w.adv2)).body.data).toEqual([]);
    const anon = await t.app.inject({ method: 'GET', url: '/scaler/v3/report/events?q=quiz' });
    expect(anon.statusCode).toBe(401);
  });
});

test('who may read and change what: every report call by role', async () => {
  const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown; edit: boolean }[] = [
    {
      method: 'POST',
      url: '/scaler/v3/report/custom',
      body: { start_date: '2026-03-01', end_date: '2026-03-02', dimensions: ['campaign'] },
      edit: false,
    },
    { method: 'GET', url: '/scaler/v3/statis?start_date=2026-03-01&end_date=2026-03-02', edit: false },
    { method: 'GET', url: '/scaler/v3/report/events?q=quiz', edit: false },
    { method: 'GET', url: '/scaler/v3/bundle/lists', edit: false },
    { method: 'PUT', url: '/scaler/v3/bundle/list', body: { name: 'Matrix', items: 'com.m' }, edit: true },
    {
      method: 'POST',
      url: '/scaler/v3/adgroups/bundles',
      body: { adgroup_ids: [ids.g1], bundles: ['com.matrix'], mode: 2 },
      edit: true,
    },
  ];
  // Org admin and the account's operator: everything; analyst: reads only; a member of the center
  // without the account and another center's admin: 404 (not theirs to know); nobody signed in: 401.
  const who: [string, number, { read: number; edit: number }][] = [
    ['admin', w.agency, { read: 200, edit: 200 }],
    ['user1', w.agency, { read: 200, edit: 200 }],
    ['analyst', w.agency, { read: 200, edit: 403 }],
    ['user2', w.agency, { read: 404, edit: 404 }],
    ['oadmin', w.other, { read: 404, edit: 404 }],
  ];
  const got: string[] = [];
  const want: string[] = [];
  for (const [name, org, expected] of who) {
    for (const c of calls) {
      const res = await call(t.app, {
        method: c.method,
        url: c.url,
        body: c.body,
        token: w.tokens[name],
        headers: { 'org-id': String(org), 'adv-id': String(w.adv1) },
      });
      got.push(`${name} ${c.method} ${c.url.split('?')[0]} ${res.status}`);
      want.push(`${name} ${c.method} ${c.url.split('?')[0]} ${c.edit ? expected.edit : expected.read}`);
      // A second list of the same name is refused as a duplicate, not as a permission.
      if (c.method === 'PUT' && res.status === 200) {
        await call(t.app, {
          method: 'DELETE',
          url: '/scaler/v3/bundle/list',
          body: { list_id: res.body.data.list_id },
          token: w.tokens[name],
          headers: { 'org-id': String(org), 'adv-id': String(w.adv1) },
        });
      }
    }
  }
  for (const c of calls) {
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      payload: c.body as object | undefined,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    got.push(`anonymous ${c.method} ${c.url.split('?')[0]} ${res.statusCode}`);
    want.push(`anonymous ${c.method} ${c.url.split('?')[0]} 401`);
  }
  expect(got).toEqual(want);
});

test('days of every zone from the rollups equal the sums of their hours (by country and by campaign)', async () => {
  const facts: {
    advId: number;
    campaignId: number;
    adgroupId: number;
    creativeId: number;
    bundle: string;
    country: string;
    os: number;
    hour: Date;
    impressions: number;
    clicks: number;
    cost: string;
    installs: number;
  }[] = [];
  for (let i = 0; i < 4 * 24; i += 1) {
    const hour = new Date(Date.parse('2026-04-01T00:00:00Z') + i * 3_600_000);
    for (const [n, country] of [
      [1, 'US'],
      [2, 'JP'],
    ] as const) {
      if ((i + n) % 3 === 0) continue;
      facts.push({
        advId: w.adv1,
        campaignId: n === 1 ? ids.c1 : ids.c2,
        adgroupId: n === 1 ? ids.g1 : ids.g2,
        creativeId: n === 1 ? ids.cr1 : ids.cr2,
        bundle: 'com.pub.z',
        country,
        os: 2,
        hour,
        impressions: 100 + i * n,
        clicks: (i % 7) + n,
        cost: `${(i + n) / 4}`,
        installs: i % 2,
      });
    }
  }
  await t.db.transaction((tx) => writeFacts(tx, facts));
  for (const zone of ['-10:00', '-05:00', '+01:00', '+08:00', '+12:00']) {
    const offset = (zone.startsWith('-') ? -1 : 1) * Number(zone.slice(1, 3)) * 60;
    const expected = new Map<string, { impression: number; clicks: number; gmv: number }>();
    for (const f of facts) {
      const day = new Date(f.hour.getTime() + offset * 60_000).toISOString().slice(0, 10);
      if (day < '2026-04-02' || day > '2026-04-03') continue;
      for (const key of [`${day}|${f.country}`, `${day}|c${f.campaignId}`]) {
        const e = expected.get(key) ?? { impression: 0, clicks: 0, gmv: 0 };
        e.impression += f.impressions;
        e.clicks += f.clicks;
        e.gmv += Number(f.cost);
        expected.set(key, e);
      }
    }
    const got = new Map<string, unknown>();
    for (const dims of [
      ['date', 'country'],
      ['date', 'campaign'],
    ]) {
      const res = await report(
        { start_date: '2026-04-02', end_date: '2026-04-03', dimensions: dims, page_size: 100 },
        'admin',
        { timezone: zone },
      );
      expect(res.status).toBe(200);
      for (const r of res.body.data.list) {
        const key = dims[1] === 'country' ? `${r.date}|${r.country}` : `${r.date}|c${r.campaign_id}`;
        got.set(key, { impression: r.impression, clicks: r.clicks, gmv: r.gmv });
      }
    }
    expect([zone, Object.fromEntries(got)]).toEqual([zone, Object.fromEntries(expected)]);
  }
});

test('a large answer travels gzipped when the client takes it, plain otherwise', async () => {
  const body = {
    start_date: '2026-03-01',
    end_date: '2026-04-05',
    dimensions: ['date', 'hour', 'country'],
    page_size: 5000,
  };
  const headers = { token: w.tokens.admin, 'org-id': String(w.agency), 'adv-id': String(w.adv1) };
  const plain = await t.app.inject({
    method: 'POST',
    url: '/scaler/v3/report/custom',
    payload: body,
    headers,
  });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBeGreaterThan(10_000);
  const zipped = await t.app.inject({
    method: 'POST',
    url: '/scaler/v3/report/custom',
    payload: body,
    headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  const unzipped = gunzipSync(zipped.rawPayload);
  expect(unzipped.length).toBe(plain.rawPayload.length);
  expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  expect(JSON.parse(unzipped.toString('utf8'))).toEqual(plain.json());
});
