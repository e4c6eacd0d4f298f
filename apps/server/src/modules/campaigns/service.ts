import {
  APP_ONLY_BIDDING_TYPES,
  type PerfLevel,
  type TAddBundlesRequest,
  type TAdGroupBundleList,
  type TAdGroupDetail,
  type TAdGroupInput,
  type TBulkPatchRequest,
  type TCampaignDetail,
  type TCampaignInput,
  type TChangeLogEntry,
} from '@scaler/domain';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import type { Executor } from '../../db/client';
import {
  adGroupEvents,
  adGroups,
  appEvents,
  apps,
  audiences,
  campaigns,
  changeLog,
  creatives,
  pixelEvents,
  pixels,
  users,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  fieldError,
  type PerfAccount,
  type PerfDeps,
  requireAds,
  statusContext,
} from '../account-scope/scope';
import { recordChanges } from './change-log';
import { adGroupStatusSql, campaignStatusSql, creativeStatusSql, statusCtes } from './state';

/**
 * Campaigns and ad groups of the account in the `adv-id` header (spec 7 "Campaign and performance"):
 * read, create, edit, switch and delete, each change in the change history in the same transaction.
 * Every statement filters by the account first; an id of another account is not found.
 */

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const iso = (d: Date) => d.toISOString();

type CampaignRow = typeof campaigns.$inferSelect;
type AdGroupRow = typeof adGroups.$inferSelect;

/** Delivery statuses of some objects of one account (the rule of `state.ts`). */
export async function statusesOf(
  db: Executor,
  adv: PerfAccount,
  level: PerfLevel,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const query =
    level === 'campaign'
      ? sql`select c.id, ${campaignStatusSql} as status from campaigns c join cst cs on cs.id = c.id
          where c.adv_id = ${adv.adv_id} and c.id in (${idList})`
      : level === 'adgroup'
        ? sql`select g.id, ${adGroupStatusSql} as status from ad_groups g join gst gs on gs.id = g.id
            join cst cs on cs.id = g.campaign_id where g.adv_id = ${adv.adv_id} and g.id in (${idList})`
        : sql`select cr.id, ${creativeStatusSql} as status from creatives cr join gst gs on gs.id = cr.adgroup_id
            join cst cs on cs.id = cr.campaign_id where cr.adv_id = ${adv.adv_id} and cr.id in (${idList})`;
  const result = await db.execute(sql`with ${statusCtes(statusContext(adv))} ${query}`);
  const rows = (result as unknown as { rows: { id: number; status: number }[] }).rows;
  return new Map(rows.map((r) => [Number(r.id), Number(r.status)]));
}

function campaignDetail(c: CampaignRow, status: number): TCampaignDetail {
  return {
    campaign_id: c.id,
    adv_id: c.advId,
    name: c.name,
    campaign_type: c.campaignType as TCampaignDetail['campaign_type'],
    promote_goal: c.promoteGoal as TCampaignDetail['promote_goal'],
    os: c.os,
    link_type: c.linkType,
    app_id: c.appId,
    pixel_id: c.pixelId,
    landing_url: c.landingUrl,
    budget_type: c.budgetType,
    campaign_budget: num(c.budget),
    opt_status: c.enabled ? 1 : 0,
    status,
    deleted: c.deletedAt !== null,
    created_time: iso(c.createdAt),
    updated_time: iso(c.updatedAt),
  };
}

/** The fields of a campaign as the change history records them (wire names). */
function campaignFields(c: TCampaignDetail) {
  return {
    name: c.name,
    campaign_type: c.campaign_type,
    promote_goal: c.promote_goal,
    os: c.os,
    link_type: c.link_type,
    app_id: c.app_id,
    pixel_id: c.pixel_id,
    landing_url: c.landing_url,
    budget_type: c.budget_type,
    campaign_budget: c.campaign_budget,
  };
}

async function findCampaign(db: Executor, advId: number, campaignId: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.advId, advId), eq(campaigns.id, campaignId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getCampaign(deps: PerfDeps & { campaignId: number }): Promise<TCampaignDetail> {
  const adv = await requireAds(deps, 'ads.view');
  const row = await findCampaign(deps.db, adv.adv_id, deps.campaignId);
  const statuses = await statusesOf(deps.db, adv, 'campaign', [row.id]);
  return campaignDetail(row, statuses.get(row.id) ?? 10);
}

/** The campaign's app or pixel must be the account's (and the app of the campaign's OS). */
async function checkCampaignAssets(db: Executor, advId: number, input: TCampaignInput) {
  if (input.link_type === 1) {
    const [app] = await db
      .select({ os: apps.os })
      .from(apps)
      .where(and(eq(apps.advId, advId), eq(apps.id, input.app_id ?? '')));
    if (!app) throw fieldError('app_id', 'validation.invalid');
    if (app.os !== input.os) throw fieldError('app_id', 'validation.campaign_app_os');
  } else {
    const [pixel] = await db
      .select({ id: pixels.id })
      .from(pixels)
      .where(and(eq(pixels.advId, advId), eq(pixels.id, input.pixel_id ?? ''), isNull(pixels.deletedAt)));
    if (!pixel) throw fieldError('pixel_id', 'validation.invalid');
  }
}

/** `PUT /scaler/v3/campaign`: creates (no `campaign_id`) or edits a campaign. */
export async function saveCampaign(deps: PerfDeps & { input: TCampaignInput }): Promise<TCampaignDetail> {
  const { input } = deps;
  const adv = await requireAds(deps, 'ads.edit');
  const id = await deps.db.transaction(async (tx) => {
    await checkCampaignAssets(tx, adv.adv_id, input);
    const values = {
      name: input.name,
      campaignType: input.campaign_type,
      promoteGoal: input.promote_goal,
      os: input.os,
      linkType: input.link_type,
      appId: input.link_type === 1 ? input.app_id : null,
      pixelId: input.link_type === 2 ? input.pixel_id : null,
      landingUrl: input.link_type === 2 ? input.landing_url : null,
      budgetType: input.budget_type,
      budget: input.campaign_budget === null ? null : String(input.campaign_budget),
    };
    const entry = { advId: adv.adv_id, object: 'campaign' as const, userId: deps.actor.userId };
    if (input.campaign_id === undefined) {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...values, advId: adv.adv_id, createdBy: deps.actor.userId })
        .returning();
      await recordChanges(
        tx,
        { ...entry, objectId: row.id, action: 'create' },
        null,
        campaignFields(campaignDetail(row, 10)),
      );
      return row.id;
    }
    const before = await findCampaign(tx, adv.adv_id, input.campaign_id);
    if (before.deletedAt !== null) throw new AppError('OBJECT_DELETED');
    if (before.linkType !== input.link_type || before.os !== input.os) {
      // What a campaign promotes is fixed once its ad groups exist (their events and bids depend on it).
      const [group] = await tx
        .select({ id: adGroups.id })
        .from(adGroups)
        .where(eq(adGroups.campaignId, before.id))
        .limit(1);
      if (group) throw fieldError('link_type', 'validation.campaign_promotion_fixed');
    }
    const [row] = await tx
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(campaigns.advId, adv.adv_id), eq(campaigns.id, before.id)))
      .returning();
    await recordChanges(
      tx,
      { ...entry, objectId: row.id, action: 'update' },
      campaignFields(campaignDetail(before, 0)),
      campaignFields(campaignDetail(row, 0)),
    );
    return row.id;
  });
  return getCampaign({ ...deps, campaignId: id });
}

// ---------------------------------------------------------------------------------------------------
// Ad groups

/** An ad group of the account (deleted ones too), or 404: another account's ids are not found. */
export async function findAdGroup(db: Executor, advId: number, adgroupId: number): Promise<AdGroupRow> {
  const [row] = await db
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.advId, advId), eq(adGroups.id, adgroupId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function adGroupDetails(db: Executor, adv: PerfAccount, rows: AdGroupRow[]): Promise<TAdGroupDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [events, statuses] = await Promise.all([
    db
      .select()
      .from(adGroupEvents)
      .where(inArray(adGroupEvents.adgroupId, ids))
      .orderBy(adGroupEvents.adgroupId, adGroupEvents.position),
    statusesOf(db, adv, 'adgroup', ids),
  ]);
  return rows.map((g) => ({
    adgroup_id: g.id,
    campaign_id: g.campaignId,
    adv_id: g.advId,
    name: g.name,
    bidding_type: g.biddingType,
    billing_type: g.billingType,
    bid_price: Number(g.bidPrice),
    events: events
      .filter((e) => e.adgroupId === g.id)
      .map((e) => ({ event_id: e.eventId, bid: Number(e.bid) })),
    budget_type: g.budgetType,
    ad_group_budget: num(g.budget),
    schedule_type: g.scheduleType,
    start_date: g.startDate,
    end_date: g.endDate,
    dayparting_type: g.daypartingType,
    dayparting: g.dayparting,
    countries: g.countries,
    min_os_version: g.minOsVersion,
    audience_include: g.audienceInclude,
    audience_exclude: g.audienceExclude,
    bundle_mode: g.bundleMode,
    bundles: g.bundles,
    overbids: g.overbids,
    search_arbitrage: g.searchArbitrage,
    opt_status: g.enabled ? 1 : 0,
    status: statuses.get(g.id) ?? 10,
    deleted: g.deletedAt !== null,
    created_time: iso(g.createdAt),
    updated_time: iso(g.updatedAt),
  }));
}

export async function getAdGroup(deps: PerfDeps & { adgroupId: number }): Promise<TAdGroupDetail> {
  const adv = await requireAds(deps, 'ads.view');
  const row = await findAdGroup(deps.db, adv.adv_id, deps.adgroupId);
  const [detail] = await adGroupDetails(deps.db, adv, [row]);
  return detail;
}

/** `POST /scaler/v3/adgroups/infos`: several ad groups of the account (unknown ids are left out). */
export async function getAdGroups(deps: PerfDeps & { adgroupIds: number[] }): Promise<TAdGroupDetail[]> {
  const adv = await requireAds(deps, 'ads.view');
  if (deps.adgroupIds.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.advId, adv.adv_id), inArray(adGroups.id, deps.adgroupIds)))
    .orderBy(adGroups.id);
  // One id that is not the account's (another account's, or none at all) is not found, as elsewhere.
  if (rows.length !== new Set(deps.adgroupIds).size) throw new AppError('NOT_FOUND');
  return adGroupDetails(deps.db, adv, rows);
}

/** `GET /scaler/v3/utils/campaign_list`: the account's campaigns as picker options (at most 1,000). */
export async function campaignOptions(deps: PerfDeps) {
  const adv = await requireAds(deps, 'ads.view');
  return deps.db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.advId, adv.adv_id), isNull(campaigns.deletedAt)))
    .orderBy(campaigns.id)
    .limit(1000);
}

/**
 * `GET /scaler/v3/utils/adgroup_list`: the account's ad groups, or one campaign's, as picker options (at
 * most 1,000). A campaign that is not the account's is not found (404), never an empty list. Deleted ad
 * groups are left out, and so are those of a deleted campaign (deleting a campaign deletes what it holds).
 */
export async function adGroupOptions(deps: PerfDeps & { campaignId?: number }) {
  const adv = await requireAds(deps, 'ads.view');
  if (deps.campaignId !== undefined) await findCampaign(deps.db, adv.adv_id, deps.campaignId);
  return deps.db
    .select({ id: adGroups.id, name: adGroups.name })
    .from(adGroups)
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(
      and(
        eq(adGroups.advId, adv.adv_id),
        isNull(adGroups.deletedAt),
        isNull(campaigns.deletedAt),
        deps.campaignId === undefined ? undefined : eq(adGroups.campaignId, deps.campaignId),
      ),
    )
    .orderBy(adGroups.id)
    .limit(1000);
}

/**
 * `GET /scaler/v3/adgroups/bundle_lists`: the allow or block list of each ad group that can still take
 * one (not deleted, nor in a deleted campaign), by campaign; at most 1,000, like the pickers.
 */
export async function adGroupBundleLists(deps: PerfDeps): Promise<TAdGroupBundleList[]> {
  const adv = await requireAds(deps, 'ads.view');
  return deps.db
    .select({
      adgroup_id: adGroups.id,
      name: adGroups.name,
      campaign_id: campaigns.id,
      campaign_name: campaigns.name,
      bundle_mode: adGroups.bundleMode,
      count: sql<number>`cardinality(${adGroups.bundles})`.mapWith(Number),
    })
    .from(adGroups)
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(and(eq(adGroups.advId, adv.adv_id), isNull(adGroups.deletedAt), isNull(campaigns.deletedAt)))
    .orderBy(campaigns.id, adGroups.id)
    .limit(1000);
}

/** `GET /scaler/v3/campaign/adgroups`: the ad groups of a campaign, for pickers and the drill-down. */
export async function campaignAdGroups(deps: PerfDeps & { campaignId: number }) {
  const adv = await requireAds(deps, 'ads.view');
  await findCampaign(deps.db, adv.adv_id, deps.campaignId);
  const rows = await deps.db
    .select({ id: adGroups.id, name: adGroups.name, enabled: adGroups.enabled })
    .from(adGroups)
    .where(
      and(
        eq(adGroups.advId, adv.adv_id),
        eq(adGroups.campaignId, deps.campaignId),
        isNull(adGroups.deletedAt),
      ),
    )
    .orderBy(adGroups.id);
  const statuses = await statusesOf(
    deps.db,
    adv,
    'adgroup',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    adgroup_id: r.id,
    name: r.name,
    opt_status: (r.enabled ? 1 : 0) as 0 | 1,
    status: statuses.get(r.id) ?? 10,
  }));
}

/** The events a campaign's ad groups may optimise for: its app's events, or its pixel's. */
async function promotedEvents(db: Executor, campaign: CampaignRow) {
  if (campaign.appId) {
    return db
      .select({ event_id: appEvents.eventId, type: appEvents.type })
      .from(appEvents)
      .where(eq(appEvents.appId, campaign.appId));
  }
  return db
    .select({ event_id: pixelEvents.eventId, type: pixelEvents.type })
    .from(pixelEvents)
    .where(eq(pixelEvents.pixelId, campaign.pixelId ?? ''));
}

const COUNTRY_CODES = new Set(Object.keys(countries.getAlpha2Codes()));

async function checkAdGroup(db: Executor, adv: PerfAccount, campaign: CampaignRow, input: TAdGroupInput) {
  if (campaign.linkType !== 1 && APP_ONLY_BIDDING_TYPES.includes(input.bidding_type)) {
    throw fieldError('bidding_type', 'validation.bidding_app_only');
  }
  if (input.events.length > 0 || input.search_arbitrage) {
    const known = new Map((await promotedEvents(db, campaign)).map((e) => [e.event_id, e.type]));
    input.events.forEach((e, i) => {
      if (!known.has(e.event_id)) throw fieldError(`events.${i}.event_id`, 'validation.event_unknown');
    });
    if (input.search_arbitrage) {
      const standard = input.events.filter((e) => known.get(e.event_id) === 1);
      if (standard.length === 0 || standard.length !== input.events.length) {
        throw fieldError('search_arbitrage', 'validation.missing_standard_events');
      }
    }
  }
  input.countries.forEach((c, i) => {
    if (!COUNTRY_CODES.has(c)) throw fieldError(`countries.${i}`, 'validation.country');
  });
  const wanted = [...new Set([...input.audience_include, ...input.audience_exclude])];
  if (wanted.length > 0) {
    const found = await db
      .select({ id: audiences.id })
      .from(audiences)
      .where(and(eq(audiences.advId, adv.adv_id), inArray(audiences.id, wanted)))
      // Held until the ad group is saved: an audience cannot be deleted under it (audiences/service.ts).
      .for('share');
    if (found.length !== wanted.length) throw fieldError('audience_include', 'validation.invalid');
  }
  if (input.audience_include.some((a) => input.audience_exclude.includes(a))) {
    throw fieldError('audience_exclude', 'validation.audience_both');
  }
}

function adGroupValues(input: TAdGroupInput) {
  return {
    name: input.name,
    biddingType: input.bidding_type,
    billingType: input.billing_type,
    bidPrice: String(input.bid_price),
    budgetType: input.budget_type,
    budget: input.ad_group_budget === null ? null : String(input.ad_group_budget),
    scheduleType: input.schedule_type,
    startDate: input.start_date,
    endDate: input.schedule_type === 1 ? input.end_date : null,
    daypartingType: input.dayparting_type,
    dayparting: input.dayparting_type === 1 ? input.dayparting : null,
    countries: input.countries,
    minOsVersion: input.min_os_version,
    audienceInclude: input.audience_include,
    audienceExclude: input.audience_exclude,
    bundleMode: input.bundle_mode,
    bundles: input.bundle_mode === 0 ? [] : input.bundles,
    overbids: input.overbids,
    searchArbitrage: input.search_arbitrage,
  };
}

function adGroupFields(d: TAdGroupDetail) {
  const { adgroup_id, adv_id, status, opt_status, deleted, created_time, updated_time, ...fields } = d;
  return fields;
}

async function writeEvents(db: Executor, adgroupId: number, events: TAdGroupInput['events']) {
  await db.delete(adGroupEvents).where(eq(adGroupEvents.adgroupId, adgroupId));
  if (events.length > 0) {
    await db
      .insert(adGroupEvents)
      .values(
        events.map((e, position) => ({ adgroupId, eventId: e.event_id, bid: String(e.bid), position })),
      );
  }
}

/** `PUT /scaler/v3/adgroup`: creates (no `adgroup_id`, in `campaign_id`) or edits an ad group. */
export async function saveAdGroup(deps: PerfDeps & { input: TAdGroupInput }): Promise<TAdGroupDetail> {
  const { input } = deps;
  const adv = await requireAds(deps, 'ads.edit');
  const id = await deps.db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, adv.adv_id, input.campaign_id);
    if (campaign.deletedAt !== null) throw new AppError('OBJECT_DELETED');
    await checkAdGroup(tx, adv, campaign, input);
    const entry = { advId: adv.adv_id, object: 'adgroup' as const, userId: deps.actor.userId };
    if (input.adgroup_id === undefined) {
      const [row] = await tx
        .insert(adGroups)
        .values({
          ...adGroupValues(input),
          advId: adv.adv_id,
          campaignId: campaign.id,
          createdBy: deps.actor.userId,
        })
        .returning();
      await writeEvents(tx, row.id, input.events);
      const [after] = await adGroupDetails(tx, adv, [row]);
      await recordChanges(tx, { ...entry, objectId: row.id, action: 'create' }, null, adGroupFields(after));
      return row.id;
    }
    const beforeRow = await findAdGroup(tx, adv.adv_id, input.adgroup_id);
    if (beforeRow.deletedAt !== null) throw new AppError('OBJECT_DELETED');
    if (beforeRow.campaignId !== campaign.id) throw fieldError('campaign_id', 'validation.invalid');
    const [before] = await adGroupDetails(tx, adv, [beforeRow]);
    const [row] = await tx
      .update(adGroups)
      .set({ ...adGroupValues(input), updatedAt: new Date() })
      .where(and(eq(adGroups.advId, adv.adv_id), eq(adGroups.id, beforeRow.id)))
      .returning();
    await writeEvents(tx, row.id, input.events);
    const [after] = await adGroupDetails(tx, adv, [row]);
    await recordChanges(
      tx,
      { ...entry, objectId: row.id, action: 'update' },
      adGroupFields(before),
      adGroupFields(after),
    );
    return row.id;
  });
  return getAdGroup({ ...deps, adgroupId: id });
}

/**
 * `POST /scaler/v3/adgroups/batch/update`: bids first (spec 5): a budget change needs the bids of the
 * same change; bids are checked and written before budgets, all in one transaction.
 */
export async function batchUpdateAdGroups(
  deps: PerfDeps & {
    input: {
      adgroup_ids: number[];
      bid_price?: number;
      events?: { event_id: string; bid: number }[];
      budget_type?: 0 | 1 | null;
      ad_group_budget?: number | null;
    };
  },
): Promise<{ updated: number }> {
  const { input } = deps;
  const adv = await requireAds(deps, 'ads.edit');
  const bids = input.bid_price !== undefined || input.events !== undefined;
  const budget = input.budget_type !== undefined || input.ad_group_budget !== undefined;
  if (!bids) throw fieldError('bid_price', budget ? 'validation.bids_first' : 'validation.required');
  if (budget && ((input.budget_type ?? null) === null) !== ((input.ad_group_budget ?? null) === null)) {
    throw fieldError('ad_group_budget', 'validation.budget_pair');
  }
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(adGroups)
      .where(and(eq(adGroups.advId, adv.adv_id), inArray(adGroups.id, input.adgroup_ids)));
    if (rows.length !== new Set(input.adgroup_ids).size) throw new AppError('NOT_FOUND');
    if (rows.some((r) => r.deletedAt !== null)) throw new AppError('OBJECT_DELETED');
    const before = await adGroupDetails(tx, adv, rows);
    for (const g of before) {
      const set: Partial<typeof adGroups.$inferInsert> = { updatedAt: new Date() };
      if (input.bid_price !== undefined) set.bidPrice = String(input.bid_price);
      if (input.events !== undefined) {
        // Only the bids of events the ad group already optimises for change; none is added twice.
        const bidOf = new Map(input.events.map((e) => [e.event_id, e.bid]));
        const events = g.events.map((e) => ({ event_id: e.event_id, bid: bidOf.get(e.event_id) ?? e.bid }));
        await writeEvents(tx, g.adgroup_id, events);
      }
      if (budget) {
        set.budgetType = input.budget_type ?? null;
        set.budget = input.ad_group_budget == null ? null : String(input.ad_group_budget);
      }
      await tx.update(adGroups).set(set).where(eq(adGroups.id, g.adgroup_id));
    }
    const after = await recordAdGroupEdits(tx, adv, deps.actor.userId, before, input.adgroup_ids);
    return { updated: after.length };
  });
}

/** The edited ad groups as they are now, each change recorded field by field against `before`. */
async function recordAdGroupEdits(
  tx: Executor,
  adv: PerfAccount,
  userId: string,
  before: TAdGroupDetail[],
  ids: number[],
): Promise<TAdGroupDetail[]> {
  const after = await adGroupDetails(
    tx,
    adv,
    await tx.select().from(adGroups).where(inArray(adGroups.id, ids)),
  );
  for (const a of after) {
    const b = before.find((x) => x.adgroup_id === a.adgroup_id);
    if (!b) continue;
    await recordChanges(
      tx,
      { advId: adv.adv_id, object: 'adgroup', objectId: a.adgroup_id, userId, action: 'update' },
      adGroupFields(b),
      adGroupFields(a),
    );
  }
  return after;
}

/**
 * `POST /scaler/v3/adgroups/bundles` (the bundle report's action): publishers added to the allow or
 * block list of several ad groups at once. An ad group without a list takes the asked kind; one that
 * keeps the other kind refuses the whole change (nothing is written), as does a list over 10,000.
 */
export async function addBundlesToAdGroups(
  deps: PerfDeps & { input: TAddBundlesRequest },
): Promise<{ updated: number; added: number }> {
  const { input } = deps;
  const adv = await requireAds(deps, 'ads.edit');
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(adGroups)
      .where(and(eq(adGroups.advId, adv.adv_id), inArray(adGroups.id, input.adgroup_ids)))
      .for('update');
    if (rows.length !== new Set(input.adgroup_ids).size) throw new AppError('NOT_FOUND');
    if (rows.some((r) => r.deletedAt !== null)) throw new AppError('OBJECT_DELETED');
    const conflict = rows.filter((r) => r.bundleMode !== 0 && r.bundleMode !== input.mode);
    if (conflict.length > 0) {
      throw fieldError('adgroup_ids', 'validation.bundle_mode_conflict', {
        names: conflict.map((r) => r.name).join(', '),
      });
    }
    const merged = rows.map((r) => ({ row: r, bundles: [...new Set([...r.bundles, ...input.bundles])] }));
    const tooMany = merged.filter((m) => m.bundles.length > 10_000);
    if (tooMany.length > 0) {
      throw fieldError('bundles', 'validation.bundles_too_many', {
        max: 10_000,
        names: tooMany.map((m) => m.row.name).join(', '),
      });
    }
    const before = await adGroupDetails(tx, adv, rows);
    let added = 0;
    for (const m of merged) {
      added += m.bundles.length - m.row.bundles.length;
      await tx
        .update(adGroups)
        .set({ bundleMode: input.mode, bundles: m.bundles, updatedAt: new Date() })
        .where(eq(adGroups.id, m.row.id));
    }
    const after = await recordAdGroupEdits(tx, adv, deps.actor.userId, before, input.adgroup_ids);
    return { updated: after.length, added };
  });
}

// ---------------------------------------------------------------------------------------------------
// Bulk switch and delete

const LEVEL_TABLE = { campaign: campaigns, adgroup: adGroups, creative: creatives } as const;

/** `PATCH /scaler/v3/{level}`: switch on/off or delete several objects; all must be the account's. */
export async function patchObjects(
  deps: PerfDeps & { level: PerfLevel; input: TBulkPatchRequest },
): Promise<{ updated: number }> {
  const adv = await requireAds(deps, 'ads.edit');
  const table = LEVEL_TABLE[deps.level];
  const ids = [...new Set(deps.input.ids)];
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id, enabled: table.enabled, deletedAt: table.deletedAt })
      .from(table)
      .where(and(eq(table.advId, adv.adv_id), inArray(table.id, ids)));
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
    const input = deps.input;
    const entry = { advId: adv.adv_id, object: deps.level, userId: deps.actor.userId };
    let updated = 0;
    for (const r of rows) {
      if (r.deletedAt !== null) {
        if ('delete' in input) continue;
        throw new AppError('OBJECT_DELETED');
      }
      if ('delete' in input) {
        await tx
          .update(table)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(eq(table.id, r.id));
        await recordChanges(
          tx,
          { ...entry, objectId: r.id, action: 'delete' },
          { deleted: false },
          { deleted: true },
        );
        updated += 1;
      } else {
        const enabled = input.opt_status === 1;
        if (r.enabled === enabled) continue;
        await tx.update(table).set({ enabled, updatedAt: new Date() }).where(eq(table.id, r.id));
        await recordChanges(
          tx,
          { ...entry, objectId: r.id, action: enabled ? 'enable' : 'pause' },
          { opt_status: r.enabled ? 1 : 0 },
          { opt_status: input.opt_status },
        );
        updated += 1;
      }
    }
    return { updated };
  });
}

// ---------------------------------------------------------------------------------------------------
// Change history

const OBJECT_TABLE: Record<number, typeof campaigns | typeof adGroups | typeof creatives> = {
  1: campaigns,
  2: adGroups,
  3: creatives,
};

export async function changeHistory(
  deps: PerfDeps & { objectType: 1 | 2 | 3; objectId: number; page: number; pageSize: number },
): Promise<{ list: TChangeLogEntry[]; total: number }> {
  const adv = await requireAds(deps, 'ads.view');
  const table = OBJECT_TABLE[deps.objectType];
  const [object] = await deps.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.advId, adv.adv_id), eq(table.id, deps.objectId)));
  if (!object) throw new AppError('NOT_FOUND');
  const where: SQL | undefined = and(
    eq(changeLog.advId, adv.adv_id),
    eq(changeLog.objectType, deps.objectType),
    eq(changeLog.objectId, deps.objectId),
  );
  const rows = await deps.db
    .select({
      id: changeLog.id,
      object_type: changeLog.objectType,
      object_id: changeLog.objectId,
      action: changeLog.action,
      field: changeLog.field,
      before: changeLog.before,
      after: changeLog.after,
      user_id: changeLog.userId,
      user_name: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
      at: changeLog.at,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(changeLog)
    .leftJoin(users, eq(users.id, changeLog.userId))
    .where(where)
    .orderBy(desc(changeLog.id))
    .limit(deps.pageSize)
    .offset((deps.page - 1) * deps.pageSize);
  return {
    list: rows.map(({ total, at, ...r }) => ({
      ...r,
      action: r.action as TChangeLogEntry['action'],
      time: at.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}
