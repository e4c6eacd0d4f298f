import { DELIVERY_STATUS, type DeliveryStatus, STATUS_FILTERS } from './codes';

/**
 * The delivery status of a campaign, ad group or creative (spec 4 codes 0–24), from the real state of
 * the account, the object and its parents, review, schedule, dayparting and budgets. This function is
 * the rule; the lists compute the same in SQL (`modules/campaigns/list2`), and a test holds the two
 * together.
 *
 * Budgets: "reached" means spend ≥ budget, spend read from the statistics store (daily = the current
 * day of the account's time zone). Codes: 21 campaign lifetime budget, 25 campaign daily budget (an
 * extension of spec 4, which has no such code: 23 "campaign total budget" is not what happened), 22 ad
 * group daily budget, 24 ad group lifetime ("total") budget.
 * Account limit (20): set when the account's balance plus credit, or its daily spending cap, has run
 * out (decisions 7); the server works it out in SQL (`accountLimitSql` in `campaigns/state.ts`: the cap
 * now, the balance with the finance issue).
 */

export interface AccountState {
  /** Advertiser account status (1 = approved and usable). */
  status: number;
  accountLimitReached: boolean;
}

export interface CampaignState {
  enabled: boolean;
  deleted: boolean;
  dailyBudgetReached: boolean;
  lifetimeBudgetReached: boolean;
}

export interface AdGroupState {
  enabled: boolean;
  deleted: boolean;
  dailyBudgetReached: boolean;
  lifetimeBudgetReached: boolean;
  /** Today (account zone) is inside the schedule (continuous from its start date, or the range). */
  inSchedule: boolean;
  /** The current hour (account zone) is on in the dayparting grid (or dayparting is all day). */
  inDaypart: boolean;
}

export interface CreativeState {
  enabled: boolean;
  deleted: boolean;
  /** `REVIEW_STATUS`: 0 draft, 1 review, 2 rejected, 3 approved. */
  reviewStatus: number;
}

/** What an ad group's creatives look like, for the ad group's own status. */
export interface CreativeSummary {
  /** Creatives that are approved, on and not deleted. */
  deliverable: number;
  inReview: number;
  rejected: number;
}

const S = DELIVERY_STATUS;

/** Reasons above the object itself that stop delivery, in order of precedence (null = none). */
function accountBlock(account: AccountState): DeliveryStatus | null {
  if (account.status !== 1) return S.notDelivering;
  if (account.accountLimitReached) return S.exceedingAccountLimit;
  return null;
}

function campaignBudgetBlock(c: CampaignState): DeliveryStatus | null {
  if (c.lifetimeBudgetReached) return S.exceedingCampaignLifetimeBudget;
  if (c.dailyBudgetReached) return S.exceedingCampaignDailyBudget;
  return null;
}

function adGroupBlock(g: AdGroupState): DeliveryStatus | null {
  if (g.lifetimeBudgetReached) return S.exceedingAdGroupTotalBudget;
  if (g.dailyBudgetReached) return S.exceedingAdGroupDailyBudget;
  if (!g.inSchedule || !g.inDaypart) return S.notDelivering;
  return null;
}

/** A campaign delivers when at least one of its ad groups does (`adGroupsDelivering`). */
export function campaignStatus(
  account: AccountState,
  c: CampaignState,
  adGroupsDelivering: number,
): DeliveryStatus {
  if (c.deleted) return S.deleted;
  if (!c.enabled) return S.campaignPaused;
  return (
    accountBlock(account) ?? campaignBudgetBlock(c) ?? (adGroupsDelivering > 0 ? S.active : S.notDelivering)
  );
}

export function adGroupStatus(
  account: AccountState,
  c: CampaignState,
  g: AdGroupState,
  creatives: CreativeSummary,
): DeliveryStatus {
  if (c.deleted || g.deleted) return S.deleted;
  if (!c.enabled) return S.campaignPaused;
  if (!g.enabled) return S.adGroupPaused;
  const block = accountBlock(account) ?? campaignBudgetBlock(c) ?? adGroupBlock(g);
  if (block !== null) return block;
  if (creatives.deliverable > 0) return S.active;
  if (creatives.inReview > 0) return S.review;
  if (creatives.rejected > 0) return S.reject;
  return S.notDelivering;
}

export function creativeStatus(
  account: AccountState,
  c: CampaignState,
  g: AdGroupState,
  cr: CreativeState,
): DeliveryStatus {
  if (c.deleted || g.deleted || cr.deleted) return S.deleted;
  if (!c.enabled) return S.campaignPaused;
  if (!g.enabled) return S.adGroupPaused;
  if (!cr.enabled) return S.creativePaused;
  if (cr.reviewStatus === 1) return S.review;
  if (cr.reviewStatus === 2) return S.reject;
  if (cr.reviewStatus !== 3) return S.notDelivering;
  return accountBlock(account) ?? campaignBudgetBlock(c) ?? adGroupBlock(g) ?? S.active;
}

/**
 * Whether a status answers a status filter of a level (spec 4 "allowed status filters"). A status the
 * level has no filter of its own for (a creative whose ad group is paused, an ad group over budget)
 * counts as "not delivering" (10).
 */
export function matchesStatusFilter(
  level: keyof typeof STATUS_FILTERS,
  filter: number,
  status: number,
): boolean {
  const own = STATUS_FILTERS[level] as readonly number[];
  if (own.includes(status)) return status === filter;
  return filter === S.notDelivering;
}

/** The statuses a filter of a level stands for (what the SQL of the lists tests with `in`). */
export function statusesForFilter(level: keyof typeof STATUS_FILTERS, filter: number): number[] {
  const own = STATUS_FILTERS[level] as readonly number[];
  if (!own.includes(filter)) return [];
  if (filter !== S.notDelivering) return [filter];
  return (Object.values(S) as number[]).filter((s) => s === S.notDelivering || !own.includes(s));
}
