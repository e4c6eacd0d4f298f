import {
  ALLOWED_BILLING,
  APP_ONLY_BIDDING_TYPES,
  BIDDING_TYPES,
  type BiddingType,
  parsePublisherList,
  type TAdGroupDetail,
} from '@scaler/domain';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { type BudgetKind, budgetKindOf, budgetTypeOf } from './BudgetFields';
import { ALL_HOURS } from './dayparting';

/** The ad group form's values: the input of `PUT /scaler/v3/adgroup` as the form's controls hold it. */
export interface AdGroupFormValues {
  name: string;
  bidding_type: BiddingType;
  billing_type: number;
  bid_price: number | null;
  events: { event_id?: string; bid?: number | null }[];
  budget_kind: BudgetKind;
  ad_group_budget?: number | null;
  schedule_type: 0 | 1;
  dates?: [Dayjs | null, Dayjs | null] | null;
  dayparting_type: 0 | 1;
  dayparting: string;
  countries: string[];
  min_os_version: string;
  audience_include: number[];
  audience_exclude: number[];
  bundle_mode: 0 | 1 | 2;
  bundles_text: string;
  overbids: { bundle?: string; percent?: number | null }[];
  search_arbitrage: boolean;
}

export const ADGROUP_FIELDS = [
  'name',
  'bidding_type',
  'billing_type',
  'bid_price',
  'events',
  'budget_kind',
  'ad_group_budget',
  'schedule_type',
  'dates',
  'dayparting_type',
  'dayparting',
  'countries',
  'min_os_version',
  'audience_include',
  'audience_exclude',
  'bundle_mode',
  'bundles_text',
  'overbids',
  'search_arbitrage',
] as const;

/** Input fields shown under another name in the form. */
export const ADGROUP_RENAMES: Record<string, string> = {
  budget_type: 'budget_kind',
  start_date: 'dates',
  end_date: 'dates',
  bundles: 'bundles_text',
};

/** Strategies a campaign can use: the app-only ones (CPI, ROAS) need an app campaign. */
export function biddingTypesFor(linkType: number): BiddingType[] {
  return BIDDING_TYPES.filter((b) => linkType === 1 || !APP_ONLY_BIDDING_TYPES.includes(b));
}

/** The billing a strategy allows (the first is the default when the strategy changes). */
export const billingTypesFor = (bidding: BiddingType) => ALLOWED_BILLING[bidding] ?? [1];

export function newAdGroup(linkType: number): AdGroupFormValues {
  return {
    name: '',
    bidding_type: linkType === 1 ? 4 : 1,
    billing_type: 1,
    bid_price: null,
    events: [],
    budget_kind: 'daily',
    ad_group_budget: null,
    schedule_type: 0,
    dates: null,
    dayparting_type: 0,
    dayparting: ALL_HOURS,
    countries: [],
    min_os_version: '',
    audience_include: [],
    audience_exclude: [],
    bundle_mode: 0,
    bundles_text: '',
    overbids: [],
    search_arbitrage: false,
  };
}

export function adGroupValues(g: TAdGroupDetail): AdGroupFormValues {
  return {
    name: g.name,
    bidding_type: g.bidding_type as BiddingType,
    billing_type: g.billing_type,
    bid_price: g.bid_price,
    events: g.events.map((e) => ({ event_id: e.event_id, bid: e.bid })),
    budget_kind: budgetKindOf(g.budget_type),
    ad_group_budget: g.ad_group_budget,
    schedule_type: g.schedule_type as 0 | 1,
    dates: g.start_date && g.end_date ? [dayjs(g.start_date), dayjs(g.end_date)] : null,
    dayparting_type: g.dayparting_type as 0 | 1,
    dayparting: g.dayparting ?? ALL_HOURS,
    countries: g.countries,
    min_os_version: g.min_os_version,
    audience_include: g.audience_include,
    audience_exclude: g.audience_exclude,
    bundle_mode: g.bundle_mode as 0 | 1 | 2,
    bundles_text: g.bundles.join('\n'),
    overbids: g.overbids.map((o) => ({ bundle: o.bundle, percent: o.percent })),
    search_arbitrage: g.search_arbitrage,
  };
}

/**
 * The request body of the form (to be checked by `ZAdGroupInput`): the publisher text parsed (duplicates
 * sent once), the dates as calendar days, dayparting only when custom. `invalidPublishers` lists the
 * entries of the text that are not publisher ids: the form refuses them before sending.
 */
export function toAdGroupInput(
  v: AdGroupFormValues,
  ids: { campaignId: number; adgroupId: number | null },
): { body: Record<string, unknown>; invalidPublishers: string[]; duplicateOverbids: string[] } {
  const kind = v.budget_kind ?? 'none';
  const publishers = parsePublisherList(v.bundle_mode === 0 ? '' : (v.bundles_text ?? ''));
  const [start, end] = v.dates ?? [null, null];
  const seen = new Set<string>();
  const duplicateOverbids = new Set<string>();
  for (const o of v.overbids ?? []) {
    const bundle = (o.bundle ?? '').trim();
    if (bundle === '') continue;
    if (seen.has(bundle)) duplicateOverbids.add(bundle);
    seen.add(bundle);
  }
  return {
    invalidPublishers: publishers.invalid,
    duplicateOverbids: [...duplicateOverbids],
    body: {
      ...(ids.adgroupId === null ? {} : { adgroup_id: ids.adgroupId }),
      campaign_id: ids.campaignId,
      name: v.name ?? '',
      bidding_type: v.bidding_type,
      billing_type: v.billing_type,
      bid_price: v.bid_price ?? undefined,
      events: (v.events ?? []).map((e) => ({ event_id: e.event_id ?? '', bid: e.bid ?? undefined })),
      budget_type: budgetTypeOf(kind),
      ad_group_budget: kind === 'none' ? null : (v.ad_group_budget ?? null),
      schedule_type: v.schedule_type,
      start_date: v.schedule_type === 1 && start ? start.format('YYYY-MM-DD') : null,
      end_date: v.schedule_type === 1 && end ? end.format('YYYY-MM-DD') : null,
      dayparting_type: v.dayparting_type,
      dayparting: v.dayparting_type === 1 ? v.dayparting : null,
      countries: v.countries ?? [],
      min_os_version: v.min_os_version ?? '',
      audience_include: v.audience_include ?? [],
      audience_exclude: v.audience_exclude ?? [],
      bundle_mode: v.bundle_mode,
      bundles: v.bundle_mode === 0 ? [] : publishers.items,
      overbids: (v.overbids ?? []).map((o) => ({
        bundle: (o.bundle ?? '').trim(),
        percent: o.percent ?? undefined,
      })),
      search_arbitrage: v.search_arbitrage ?? false,
    },
  };
}
