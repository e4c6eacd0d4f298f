import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adGroups,
  campaigns,
  creatives,
  statsDaily,
  statsDailyAd,
  statsHourly,
  statsHourlyAd,
  trackingHourly,
} from '../src/db/schema';
import { writeCohorts } from '../src/modules/statistics/cohorts';
import { generateStats } from '../src/modules/statistics/generator';
import { writeFacts } from '../src/modules/statistics/writer';
import { call, createTestApp, type TestApp } from './harness';
import { backdateCommission, backdateMarkup, clearMoney } from './money';
import { buildWorld, deliveryObjects, type World } from './world';

/**
 * The statistics store and the lists: rollups equal the hours they sum, list2 reads days of the
 * request's time zone exactly, ratios after summing, sort/page/count/totals in SQL, status filters,
 * markup and commission, conversions by request or event time, and the generator's budgets.
 */

let t: TestApp;
let w: World;
let ids: { c1: number; c2: number; g1: number; g2: number; cr1: number; cr2: number };

const list = (
  level: string,
  body: Record<string, unknown>,
  who = 'admin',
  extra: Record<string, string> = {},
) =>
  call(t.app, {
    method: 'POST',
    url: `/scaler/v3/${level}/list2`,
    body: { start_date: '2026-03-01', end_date: '2026-03-01', ...body },
    token: w.tokens[who],
    headers: { 'org-id': String(who === 'oadmin' ? w.other : w.agency), 'adv-id': String(w.adv1), ...extra },
  });

const fact = (o: Partial<Parameters<typeof writeFacts>[1][number]> & { hour: Date }) => ({
  advId: w.adv1,
  campaignId: ids.c1,
  adgroupId: ids.g1,
  creativeId: ids.cr1,
  bundle: 'com.pub.a',
  country: 'US',
  os: 2,
  ...o,
});

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const mkCampaign = async (name: string) =>
    (
      await t.db
        .insert(campaigns)
        .values({
          advId: w.adv1,
          name,
          campaignType: 'install',
          promoteGoal: 'web_traffic',
          os: 2,
          linkType: 2,
          landingUrl: 'https://x.test',
        })
        .returning()
    )[0].id;
  const c1 = await mkCampaign('Alpha spring');
  const c2 = await mkCampaign('Beta summer');
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
        .values({
          advId: w.adv1,
          campaignId,
          adgroupId,
          name: 'Banner',
          creativeType: 'image',
          reviewStatus: 3,
        })
        .returning()
    )[0].id;
  ids = { c1, c2, g1, g2, cr1: await mkCreative(c1, g1), cr2: await mkCreative(c2, g2) };
  await t.db.transaction(async (tx) => {
    await writeFacts(tx, [
      // 2026-03-01 UTC: 02:00 and 20:00 for c1; a second write of the same key adds up.
      fact({ hour: new Date('2026-03-01T02:10:00Z'), impressions: 1000, clicks: 10, cost: '1.5' }),
      fact({ hour: new Date('2026-03-01T02:00:00Z'), impressions: 1000, clicks: 30, cost: '2.5' }),
      fact({
        hour: new Date('2026-03-01T20:00:00Z'),
        impressions: 500,
        clicks: 5,
        cost: '0.25',
        installs: 2,
      }),
      // The evening before (UTC), which is 2026-03-01 at +08:00.
      fact({ hour: new Date('2026-02-28T18:00:00Z'), impressions: 100, clicks: 1, cost: '0.1' }),
      fact({
        campaignId: c2,
        adgroupId: g2,
        creativeId: ids.cr2,
        hour: new Date('2026-03-01T12:00:00Z'),
        impressions: 4000,
        clicks: 20,
        cost: '10.000001',
        country: 'DE',
      }),
    ]);
    await writeCohorts(tx, [
      {
        advId: w.adv1,
        campaignId: c1,
        adgroupId: g1,
        creativeId: ids.cr1,
        installDay: '2026-03-01',
        country: 'US',
        os: 2,
        dayN: 0,
        retained: 2,
        revenue: '2.125',
      },
      {
        advId: w.adv1,
        campaignId: c1,
        adgroupId: g1,
        creativeId: ids.cr1,
        installDay: '2026-03-01',
        country: 'US',
        os: 2,
        dayN: 5,
        retained: 1,
        revenue: '1',
      },
    ]);
  });
});
afterAll(() => t.close());

describe('the store', () => {
  test('daily rollups equal the hourly facts', async () => {
    const sum = async (
      table: typeof statsHourly | typeof statsHourlyAd | typeof statsDaily | typeof statsDailyAd,
    ) =>
      (
        await t.db
          .select({ imp: sql<string>`sum(${table.impressions})`, cost: sql<string>`sum(${table.cost})` })
          .from(table)
          .where(eq(table.advId, w.adv1))
      )[0];
    const h = await sum(statsHourly);
    expect(h).toEqual({ imp: '6600', cost: '14.350001' });
    expect(await sum(statsDaily)).toEqual(h);
    expect(await sum(statsDailyAd)).toEqual(h);
    expect(await sum(statsHourlyAd)).toEqual(h);
    const [two] = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.advId, w.adv1), eq(statsHourly.hour, new Date('2026-03-01T02:00:00Z'))));
    expect([two.impressions, two.clicks, two.cost]).toEqual([2000, 40, '4.000000']);
  });
});

describe('list2', () => {
  test('campaigns of a UTC day: sums, ratios after summing, sorted by cost, totals', async () => {
    const res = await list('campaign', { sort_field: 'gmv', sort_order: 'desc' });
    expect(res.status).toBe(200);
    const [beta, alpha] = res.body.data.list;
    expect(beta).toMatchObject({
      campaign_name: 'Beta summer',
      gmv: 10.000001,
      impression: 4000,
      clicks: 20,
    });
    expect(alpha).toMatchObject({
      campaign_name: 'Alpha spring',
      gmv: 4.25,
      impression: 2500,
      clicks: 45,
      actives: 2,
    });
    // ctr = 45 / 2500, not the mean of the hours' ratios.
    expect(alpha.ctr).toBeCloseTo(0.018, 6);
    expect(alpha.roas1).toBeCloseTo(2.125 / 4.25, 6);
    expect(alpha.roas7).toBeCloseTo(3.125 / 4.25, 6);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.totals).toMatchObject({ impression: 6500, clicks: 65, gmv: 14.250001 });
    expect(res.body.data.totals.ctr).toBeCloseTo(65 / 6500, 6);
    const asc = await list('campaign', { sort_field: 'gmv', sort_order: 'asc', page_size: 1 });
    expect(asc.body.data.list.map((r: { campaign_name: string }) => r.campaign_name)).toEqual([
      'Alpha spring',
    ]);
    expect(asc.body.data.total).toBe(2);
  });

  test('the same day at +08:00 moves the facts by eight hours', async () => {
    const res = await list('campaign', { sort_field: 'gmv' }, 'admin', { timezone: '+08:00' });
    const alpha = res.body.data.list.find((r: { campaign_id: number }) => r.campaign_id === ids.c1);
    // 2026-03-01 at +08:00 = 2026-02-28T16:00Z .. 2026-03-01T16:00Z: the 18:00 and 02:00 hours, not 20:00.
    expect(alpha).toMatchObject({ impression: 2100, clicks: 41, gmv: 4.1 });
    const range = await list('campaign', { end_date: '2026-03-02', sort_field: 'gmv' }, 'admin', {
      timezone: '+08:00',
    });
    expect(
      range.body.data.list.find((r: { campaign_id: number }) => r.campaign_id === ids.c1).impression,
    ).toBe(2600);
  });

  test('search, drill-down to ad groups and creatives, status filters', async () => {
    const found = await list('campaign', { search: 'summer' });
    expect(found.body.data.list.map((r: { campaign_id: number }) => r.campaign_id)).toEqual([ids.c2]);
    const groups = await list('adgroup', { campaign_ids: [ids.c1] });
    expect(groups.body.data.list).toHaveLength(1);
    expect(groups.body.data.list[0]).toMatchObject({
      adgroup_id: ids.g1,
      campaign_id: ids.c1,
      bid_price: 2,
      status: 0,
    });
    const ads = await list('creative', { adgroup_ids: [ids.g2] });
    expect(ads.body.data.list[0]).toMatchObject({
      creative_id: ids.cr2,
      gmv: 10.000001,
      review_status: 3,
      status: 0,
    });
    await t.db.update(campaigns).set({ enabled: false }).where(eq(campaigns.id, ids.c2));
    const paused = await list('campaign', { status: [11] });
    expect(paused.body.data.list.map((r: { campaign_id: number }) => r.campaign_id)).toEqual([ids.c2]);
    // Paused campaign: its ad groups are 11, which the ad group filter counts as "not delivering".
    const notDelivering = await list('adgroup', { status: [10] });
    expect(
      notDelivering.body.data.list.map((r: { adgroup_id: number; status: number }) => [
        r.adgroup_id,
        r.status,
      ]),
    ).toEqual([[ids.g2, 11]]);
    // The list and the detail call agree.
    const detail = await call(t.app, {
      url: `/scaler/v3/adgroup/info?adgroup_id=${ids.g2}`,
      token: w.tokens.admin,
      headers: { 'org-id': String(w.agency), 'adv-id': String(w.adv1) },
    });
    expect(detail.body.data.status).toBe(11);
    await t.db.update(campaigns).set({ enabled: true }).where(eq(campaigns.id, ids.c2));
    const bad = await list('campaign', { status: [12] });
    expect(bad.status).toBe(400);
  });

  test('sorted by a parent setting, by status and by ROAS; a later page keeps the count and the totals', async () => {
    type Row = { campaign_id: number; adgroup_id: number; creative_id: number; status: number };
    const order = (res: Awaited<ReturnType<typeof list>>, key: keyof Row) =>
      (res.body.data.list as Row[]).map((r) => r[key]);
    await t.db.update(campaigns).set({ budgetType: 0, budget: '500' }).where(eq(campaigns.id, ids.c2));
    await t.db.update(adGroups).set({ bidPrice: '3' }).where(eq(adGroups.id, ids.g1));
    // The campaign's budget at the ad group level (Alpha has none: last), the ad group's bid at the creative level.
    expect(order(await list('adgroup', { sort_field: 'campaign_budget' }), 'adgroup_id')).toEqual([
      ids.g2,
      ids.g1,
    ]);
    expect(order(await list('creative', { sort_field: 'bid_price' }), 'creative_id')).toEqual([
      ids.cr1,
      ids.cr2,
    ]);
    // Beta has no cohort: no ROAS, last.
    const roas = await list('campaign', { sort_field: 'roas1' });
    expect(order(roas, 'campaign_id')).toEqual([ids.c1, ids.c2]);
    expect(roas.body.data.list[0].roas1).toBeCloseTo(2.125 / 4.25, 6);
    await t.db.update(campaigns).set({ enabled: false }).where(eq(campaigns.id, ids.c1));
    const byStatus = await list('campaign', { sort_field: 'status', sort_order: 'asc' });
    expect((byStatus.body.data.list as Row[]).map((r) => [r.campaign_id, r.status])).toEqual([
      [ids.c2, 0],
      [ids.c1, 11],
    ]);
    await t.db.update(campaigns).set({ enabled: true }).where(eq(campaigns.id, ids.c1));
    await t.db.update(campaigns).set({ budgetType: null, budget: null }).where(eq(campaigns.id, ids.c2));
    await t.db.update(adGroups).set({ bidPrice: '2' }).where(eq(adGroups.id, ids.g1));
    const second = await list('campaign', { sort_field: 'gmv', page: 2, page_size: 1 });
    expect(order(second, 'campaign_id')).toEqual([ids.c1]);
    expect(second.body.data.total).toBe(2);
    expect(second.body.data.totals).toMatchObject({ impression: 6500, gmv: 14.250001 });
    // Past the last page: no rows, but the count and the totals of the query as the report gives them.
    const past = await list('campaign', { sort_field: 'gmv', page: 5, page_size: 1 });
    expect(past.body.data.list).toEqual([]);
    expect(past.body.data.total).toBe(2);
    expect(past.body.data.totals).toMatchObject({ impression: 6500, gmv: 14.250001 });
  });

  test('markup in the Advertiser view, commission when the center shows it', async () => {
    await backdateMarkup(t.db, w.adv1, { ratio: '0.5', start: '2026-03-01' });
    const agent = await list('campaign', { search: 'Alpha' });
    expect(agent.body.data.list[0].gmv).toBe(4.25);
    // user1 (operator on the account, not an org admin) sees the Advertiser view.
    const advertiser = await list('campaign', { search: 'Alpha' }, 'user1');
    expect(advertiser.body.data.list[0].gmv).toBe(6.375);
    const preview = await list('campaign', { search: 'Alpha' }, 'admin', { mark: '1' });
    expect(preview.body.data.list[0].gmv).toBe(6.375);
    expect(agent.body.data.list[0].gmv_fee).toBeUndefined();
    await backdateCommission(t.db, w.agency, { rate: '0.1' });
    const fee = await list('campaign', { search: 'Alpha' });
    expect(fee.body.data.list[0].gmv_fee).toBe(4.675);
    await clearMoney(t.db, w.adv1, w.agency);
  });

  test('conversion columns by request or event time', async () => {
    const row = (hour: string, basis: number, count: number) => ({
      hour: new Date(hour),
      basis,
      advId: w.adv1,
      pixelId: 'px',
      kind: 3,
      eventId: 'purchase',
      campaignId: String(ids.c1),
      adgroupId: String(ids.g1),
      creativeId: String(ids.cr1),
      count,
      uv: count,
      lastEventAt: new Date(hour),
    });
    // Clicked on 03-01 (request time), converted on 03-02 (event time).
    await t.db
      .insert(trackingHourly)
      .values([row('2026-03-01T20:00:00Z', 2, 4), row('2026-03-02T01:00:00Z', 1, 4)]);
    const request = await list('campaign', { search: 'Alpha', events: ['purchase'] });
    expect(request.body.data.list[0]).toMatchObject({
      purchase_pv: 4,
      purchase_uv: 4,
      purchase_pv_cpa: 1.0625,
    });
    const event = await list('campaign', { search: 'Alpha', events: ['purchase'] }, 'admin', {
      'report-type': 'event',
    });
    expect(event.body.data.list[0].purchase_pv).toBe(0);
    const sorted = await list('campaign', { events: ['purchase'], sort_field: 'purchase_pv' });
    expect(sorted.body.data.list[0].campaign_id).toBe(ids.c1);
    const unknownSort = await list('campaign', { sort_field: 'nope_pv' });
    expect(unknownSort.status).toBe(400);
  });

  test('deleted objects are left out unless the deleted filter is chosen, at every level (in SQL)', async () => {
    // A campaign with an ad group and a creative, and a live campaign whose creative alone is deleted.
    const gone = await deliveryObjects(t, w.adv1, 'Gone campaign');
    const [deletedAlone] = await t.db
      .insert(creatives)
      .values({
        advId: w.adv1,
        campaignId: ids.c1,
        adgroupId: ids.g1,
        name: 'Deleted banner',
        creativeType: 'image',
        reviewStatus: 3,
        deletedAt: new Date(),
      })
      .returning();
    await t.db.update(campaigns).set({ deletedAt: new Date() }).where(eq(campaigns.id, gone.campaignId));
    type Row = { campaign_id: number; adgroup_id: number; creative_id: number; status: number };
    const idsOf = async (level: string, key: keyof Row, body: Record<string, unknown> = {}) => {
      const res = await list(level, { page_size: 500, ...body });
      expect(res.status).toBe(200);
      const rows = res.body.data.list as Row[];
      return {
        ids: rows.map((r) => r[key]),
        statuses: rows.map((r) => r.status),
        total: res.body.data.total,
      };
    };
    // No status filter: no status 14 at any level, and the count agrees.
    const c = await idsOf('campaign', 'campaign_id');
    expect(c.ids).not.toContain(gone.campaignId);
    expect(c.statuses).not.toContain(14);
    expect(c.total).toBe(c.ids.length);
    const g = await idsOf('adgroup', 'adgroup_id');
    expect(g.ids).not.toContain(gone.adgroupId);
    expect(g.statuses).not.toContain(14);
    const cr = await idsOf('creative', 'creative_id');
    expect(cr.ids).not.toContain(gone.creativeId);
    expect(cr.ids).not.toContain(deletedAlone.id);
    expect(cr.statuses).not.toContain(14);
    expect(cr.ids).toContain(ids.cr1);
    // The deleted filter lists them, each with status 14.
    expect((await idsOf('campaign', 'campaign_id', { status: [14] })).ids).toEqual([gone.campaignId]);
    expect((await idsOf('adgroup', 'adgroup_id', { status: [14] })).ids).toEqual([gone.adgroupId]);
    const deletedCreatives = await idsOf('creative', 'creative_id', { status: [14] });
    expect(deletedCreatives.ids.sort()).toEqual([gone.creativeId, deletedAlone.id].sort());
    expect(deletedCreatives.statuses).toEqual([14, 14]);
  });

  test('the filter chips’ parent names; whether an object ever delivered', async () => {
    const res = await list('creative', { campaign_ids: [ids.c1, ids.c2], adgroup_ids: [ids.g2] });
    expect(res.body.data.parents).toEqual({
      campaigns: [
        { id: ids.c1, name: 'Alpha spring' },
        { id: ids.c2, name: 'Beta summer' },
      ],
      adgroups: [{ id: ids.g2, name: `G${ids.c2}` }],
    });
    // Ids of another account are not named.
    const other = await list('adgroup', { campaign_ids: [999_999] });
    expect(other.body.data.parents).toEqual({ campaigns: [], adgroups: [] });
    // cr2 delivered (on another day than the range, too); a new approved creative never did.
    const [fresh] = await t.db
      .insert(creatives)
      .values({
        advId: w.adv1,
        campaignId: ids.c2,
        adgroupId: ids.g2,
        name: 'Fresh banner',
        creativeType: 'image',
        reviewStatus: 3,
      })
      .returning();
    const later = await list('creative', {
      adgroup_ids: [ids.g2],
      start_date: '2026-04-01',
      end_date: '2026-04-01',
    });
    const byId = new Map(
      (
        later.body.data.list as {
          creative_id: number;
          delivered: boolean;
          status: number;
          impression: number;
        }[]
      ).map((r) => [r.creative_id, r]),
    );
    expect(byId.get(ids.cr2)).toMatchObject({ delivered: true, impression: 0 });
    expect(byId.get(fresh.id)).toMatchObject({ delivered: false, status: 0, impression: 0 });
    await t.db.delete(creatives).where(eq(creatives.id, fresh.id));
  });

  test('who may read: account members yes, another center not found', async () => {
    expect((await list('campaign', {}, 'user1')).status).toBe(200);
    expect((await list('campaign', {}, 'user2')).status).toBe(404);
    expect((await list('campaign', {}, 'oadmin')).status).toBe(404);
  });
});

describe('the generator', () => {
  test('writes facts only after creation, within daily budgets, with conversions and cohorts', async () => {
    const now = new Date('2026-05-10T12:30:00Z');
    const [c] = await t.db
      .insert(campaigns)
      .values({
        advId: w.adv2,
        name: 'Gen',
        campaignType: 'install',
        promoteGoal: 'web_traffic',
        os: 2,
        linkType: 2,
        landingUrl: 'https://x.test',
        budgetType: 0,
        budget: '5',
        createdAt: new Date('2026-05-01T00:00:00Z'),
      })
      .returning();
    const [g] = await t.db
      .insert(adGroups)
      .values({
        advId: w.adv2,
        campaignId: c.id,
        name: 'G',
        biddingType: 1,
        billingType: 1,
        bidPrice: '3',
        createdAt: new Date('2026-05-01T00:00:00Z'),
      })
      .returning();
    await t.db.insert(creatives).values({
      advId: w.adv2,
      campaignId: c.id,
      adgroupId: g.id,
      name: 'C',
      creativeType: 'image',
      reviewStatus: 3,
      createdAt: new Date('2026-05-01T00:00:00Z'),
    });
    const out = await generateStats(t.db, { advId: w.adv2, days: 20, now, seed: 7 });
    expect(out.facts).toBeGreaterThan(0);
    expect(out.events).toBeGreaterThan(0);
    const days = await t.db
      .select({ day: statsDailyAd.day, cost: sql<string>`sum(${statsDailyAd.cost})` })
      .from(statsDailyAd)
      .where(eq(statsDailyAd.advId, w.adv2))
      .groupBy(statsDailyAd.day)
      .orderBy(statsDailyAd.day);
    expect(days[0].day).toBe('2026-05-01');
    for (const d of days) expect(Number(d.cost)).toBeLessThanOrEqual(5);
    const [{ last }] = await t.db
      .select({ last: sql<string>`max(${statsHourly.hour})` })
      .from(statsHourly)
      .where(eq(statsHourly.advId, w.adv2));
    expect(new Date(last).getTime()).toBeLessThan(now.getTime());
  });
});
