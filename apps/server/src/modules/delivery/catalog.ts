import { BUNDLE_LIST_MODE, LINK_TYPE } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { CreativeMaterial } from '../../db/schema';
import { parseVersion } from './openrtb';

/**
 * The bidder's index (decisions 8): every ad group that could deliver, with what a bid decision reads,
 * loaded in four statements and kept in memory, so a bid request touches no database. What can change
 * minute to minute (spend, budgets' remainders, the account's money) is the pacer's (`pacing.ts`); the
 * schedule, dayparting and the account's day are checked at bid time in the account's zone.
 *
 * In the index: ad groups of active accounts (status 1), switched on and not deleted, in campaigns
 * switched on and not deleted, with at least one approved, switched-on creative. Audiences are loaded
 * as the sets of their members' device hashes (`audience_members` of the generation readers see).
 */

export type Slot = 'banner' | 'native' | 'video';

export interface IndexedCreative {
  id: number;
  type: string;
  slot: Slot;
  /** Banner and native main image size, `WxH`; video: `WxH` of the video. */
  width: number;
  height: number;
  materials: CreativeMaterial[];
  html: string | null;
  title: string;
  description: string;
  callToAction: string;
  /** Third-party impression tracker of the creative ('' none). */
  impressionUrl: string;
  /** OpenRTB creative attributes (AdCOM list 5.3) it carries. */
  attrs: number[];
  /** ISO 639-1 language of its text: 'zh' when it has CJK characters, else 'en'. */
  language: string;
}

export interface IndexedGroup {
  advId: number;
  campaignId: number;
  adgroupId: number;
  currency: string;
  zone: string;
  os: number;
  /** Lowest OS version, parsed (null: any). */
  minOsVersion: number[] | null;
  countries: Set<string> | null;
  bundleMode: number;
  bundles: Set<string>;
  overbids: Map<string, number>;
  audienceInclude: number[];
  audienceExclude: number[];
  scheduleType: number;
  startDate: string | null;
  endDate: string | null;
  dayparting: string | null;
  biddingType: number;
  billingType: number;
  bidPrice: number;
  events: { eventId: string; bid: number }[];
  budgets: {
    group: { type: number; amount: number } | null;
    campaign: { type: number; amount: number } | null;
    accountDailyCap: number | null;
  };
  /** The account has a wallet (finance controls it): its funds are the pacer's. */
  hasWallet: boolean;
  linkType: number;
  appId: string;
  pixelId: string;
  landingUrl: string;
  /** The promoted app's bundle id (app campaigns), for the bid's `bundle`. */
  appBundle: string;
  adomain: string[];
  /** IAB content categories of the advertiser's profession (for `bcat`). */
  categories: string[];
  creatives: IndexedCreative[];
}

export interface Catalog {
  /**
   * By OS (1 iOS, 2 Android), then by country: the groups that target it plus those that target every
   * country (key '': a request whose country is unknown reaches only the latter).
   */
  byOs: Map<number, Map<string, IndexedGroup[]>>;
  groups: Map<number, IndexedGroup>;
  /** Device hashes (sha256 of the upper-cased id) per audience in effect. */
  audiences: Map<number, Set<string>>;
  loadedAt: Date;
}

/** The advertiser's profession → IAB content categories (1.0) its ads belong to. */
const PROFESSION_CATEGORIES: Record<string, string[]> = {
  ecommerce: ['IAB22'],
  gaming: ['IAB9', 'IAB9-30'],
  apps: ['IAB19'],
  finance: ['IAB13'],
  education: ['IAB5'],
  travel: ['IAB20'],
  health: ['IAB7'],
  retail: ['IAB22'],
  media: ['IAB1'],
  other: [],
};

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

function slotOf(type: string): Slot {
  if (type === 'nativeImg') return 'native';
  if (type === 'video' || type === 'videoEndCard' || type === 'videoHtml') return 'video';
  return 'banner';
}

/** AdCOM creative attributes: 13 user interactive (playables and HTML), none else. */
function attrsOf(type: string): number[] {
  return type === 'html' || type === 'videoHtml' ? [13] : [];
}

function hostOf(url: string): string {
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function loadCatalog(db: Executor): Promise<Catalog> {
  const groupRows = rowsOf(
    await db.execute(sql`
      select g.id, g.adv_id, g.campaign_id, g.bidding_type, g.billing_type, g.bid_price::float8 as bid_price,
        g.budget_type, g.budget::float8 as budget, g.schedule_type, g.start_date::text as start_date,
        g.end_date::text as end_date, g.dayparting_type, g.dayparting, g.countries, g.min_os_version,
        g.audience_include, g.audience_exclude, g.bundle_mode, g.bundles, g.overbids,
        c.os, c.link_type, coalesce(c.app_id, '') as app_id, coalesce(c.pixel_id, '') as pixel_id,
        coalesce(c.landing_url, '') as landing_url, c.budget_type as c_budget_type,
        c.budget::float8 as c_budget,
        a.currency, a.timezone, a.daily_spend_cap::float8 as daily_spend_cap, a.website, a.profession,
        coalesce(ap.bundle_id, '') as app_bundle,
        exists (select 1 from wallets w where w.owner_kind = 2 and w.adv_id = a.adv_id) as has_wallet
      from ad_groups g
      join campaigns c on c.id = g.campaign_id
      join advertisers a on a.adv_id = g.adv_id
      left join apps ap on ap.id = c.app_id
      where a.status = 1 and c.deleted_at is null and c.enabled and g.deleted_at is null and g.enabled
        and exists (select 1 from creatives cr where cr.adgroup_id = g.id and cr.deleted_at is null
          and cr.enabled and cr.review_status = 3)
      order by g.id`),
  );
  const ids = groupRows.map((r) => Number(r.id));
  const idList =
    ids.length > 0
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
  const creativeRows = rowsOf(
    await db.execute(sql`
      select id, adgroup_id, creative_type, materials, html, title, description, call_to_action,
        impression_url
      from creatives
      where adgroup_id in (${idList}) and deleted_at is null and enabled and review_status = 3
      order by id`),
  );
  const eventRows = rowsOf(
    await db.execute(sql`
      select adgroup_id, event_id, bid::float8 as bid from ad_group_events
      where adgroup_id in (${idList}) order by adgroup_id, position`),
  );
  const audienceIds = new Set<number>();
  for (const r of groupRows) {
    for (const a of [...(r.audience_include as number[]), ...(r.audience_exclude as number[])])
      audienceIds.add(Number(a));
  }
  const audiences = new Map<number, Set<string>>();
  if (audienceIds.size > 0) {
    const memberRows = rowsOf(
      await db.execute(sql`
        select m.audience_id, m.member_hash from audience_members m
        join audiences a on a.id = m.audience_id and m.gen = a.members_gen
        where a.status = 2 and a.id in (${sql.join(
          [...audienceIds].map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    for (const id of audienceIds) audiences.set(id, new Set());
    for (const m of memberRows) audiences.get(Number(m.audience_id))?.add(String(m.member_hash));
  }

  const groups = new Map<number, IndexedGroup>();
  for (const r of groupRows) {
    const countries = r.countries as string[];
    const overbids = (r.overbids as { bundle: string; percent: number }[]) ?? [];
    const landing = String(r.landing_url);
    const website = String(r.website ?? '');
    const linkType = Number(r.link_type);
    const adomain = [hostOf(linkType === LINK_TYPE.link && landing ? landing : website)].filter(Boolean);
    const budget = (type: unknown, amount: unknown) =>
      type === null || type === undefined ? null : { type: Number(type), amount: Number(amount) };
    groups.set(Number(r.id), {
      advId: Number(r.adv_id),
      campaignId: Number(r.campaign_id),
      adgroupId: Number(r.id),
      currency: String(r.currency),
      zone: String(r.timezone),
      os: Number(r.os),
      minOsVersion: r.min_os_version ? parseVersion(String(r.min_os_version)) : null,
      countries: countries.length > 0 ? new Set(countries) : null,
      bundleMode: Number(r.bundle_mode ?? BUNDLE_LIST_MODE.none),
      bundles: new Set(r.bundles as string[]),
      overbids: new Map(overbids.map((o) => [o.bundle, o.percent])),
      audienceInclude: (r.audience_include as number[]).map(Number),
      audienceExclude: (r.audience_exclude as number[]).map(Number),
      scheduleType: Number(r.schedule_type),
      startDate: (r.start_date as string | null) ?? null,
      endDate: (r.end_date as string | null) ?? null,
      dayparting: Number(r.dayparting_type) === 1 ? String(r.dayparting ?? '') : null,
      biddingType: Number(r.bidding_type),
      billingType: Number(r.billing_type),
      bidPrice: Number(r.bid_price),
      events: [],
      budgets: {
        group: budget(r.budget_type, r.budget),
        campaign: budget(r.c_budget_type, r.c_budget),
        accountDailyCap: num(r.daily_spend_cap),
      },
      hasWallet: Boolean(r.has_wallet),
      linkType,
      appId: String(r.app_id),
      pixelId: String(r.pixel_id),
      landingUrl: landing,
      appBundle: String(r.app_bundle),
      adomain,
      categories: PROFESSION_CATEGORIES[String(r.profession)] ?? [],
      creatives: [],
    });
  }
  for (const e of eventRows) {
    groups.get(Number(e.adgroup_id))?.events.push({ eventId: String(e.event_id), bid: Number(e.bid) });
  }
  for (const c of creativeRows) {
    const group = groups.get(Number(c.adgroup_id));
    if (!group) continue;
    const type = String(c.creative_type);
    const materials = (c.materials as CreativeMaterial[]) ?? [];
    const main = materials.find((m) => m.role === (slotOf(type) === 'video' ? 'video' : 'image'));
    const text = `${c.title ?? ''} ${c.description ?? ''} ${c.call_to_action ?? ''}`;
    group.creatives.push({
      id: Number(c.id),
      type,
      slot: slotOf(type),
      width: main?.width ?? 0,
      height: main?.height ?? 0,
      materials,
      html: (c.html as string | null) ?? null,
      title: String(c.title ?? ''),
      description: String(c.description ?? ''),
      callToAction: String(c.call_to_action ?? ''),
      impressionUrl: String(c.impression_url ?? ''),
      attrs: attrsOf(type),
      language: CJK.test(text) ? 'zh' : 'en',
    });
  }
  return { byOs: indexByPlace(groups), groups, audiences, loadedAt: new Date() };
}

function indexByPlace(groups: Map<number, IndexedGroup>): Catalog['byOs'] {
  const byOs: Catalog['byOs'] = new Map();
  for (const os of [1, 2]) {
    const list = [...groups.values()].filter((g) => g.os === os && g.creatives.length > 0);
    const everywhere = list.filter((g) => g.countries === null);
    const countries = new Set(list.flatMap((g) => [...(g.countries ?? [])]));
    const byCountry = new Map<string, IndexedGroup[]>([['', everywhere]]);
    for (const c of countries)
      byCountry.set(
        c,
        list.filter((g) => g.countries === null || g.countries.has(c)),
      );
    byOs.set(os, byCountry);
  }
  return byOs;
}
