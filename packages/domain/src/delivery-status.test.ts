import { describe, expect, test } from 'vitest';
import {
  adGroupStatus,
  campaignStatus,
  creativeStatus,
  matchesStatusFilter,
  statusesForFilter,
} from './delivery-status';

const account = { status: 1, accountLimitReached: false };
const campaign = { enabled: true, deleted: false, dailyBudgetReached: false, lifetimeBudgetReached: false };
const group = {
  enabled: true,
  deleted: false,
  dailyBudgetReached: false,
  lifetimeBudgetReached: false,
  inSchedule: true,
  inDaypart: true,
};
const approved = { enabled: true, deleted: false, reviewStatus: 3 };
const one = { deliverable: 1, inReview: 0, rejected: 0 };

describe('delivery status', () => {
  test('an approved creative in a running ad group and campaign is active', () => {
    expect(creativeStatus(account, campaign, group, approved)).toBe(0);
    expect(adGroupStatus(account, campaign, group, one)).toBe(0);
    expect(campaignStatus(account, campaign, 1)).toBe(0);
  });

  test('a paused campaign shows 11 on itself, its ad groups and creatives', () => {
    const paused = { ...campaign, enabled: false };
    expect(campaignStatus(account, paused, 1)).toBe(11);
    expect(adGroupStatus(account, paused, group, one)).toBe(11);
    expect(creativeStatus(account, paused, group, approved)).toBe(11);
  });

  test('deleted wins over paused at every level', () => {
    expect(campaignStatus(account, { ...campaign, deleted: true, enabled: false }, 0)).toBe(14);
    expect(creativeStatus(account, campaign, { ...group, deleted: true }, approved)).toBe(14);
  });

  test('review and rejection', () => {
    expect(creativeStatus(account, campaign, group, { ...approved, reviewStatus: 1 })).toBe(1);
    expect(creativeStatus(account, campaign, group, { ...approved, reviewStatus: 2 })).toBe(2);
    expect(creativeStatus(account, campaign, group, { ...approved, reviewStatus: 0 })).toBe(10);
    expect(adGroupStatus(account, campaign, group, { deliverable: 0, inReview: 1, rejected: 1 })).toBe(1);
    expect(adGroupStatus(account, campaign, group, { deliverable: 0, inReview: 0, rejected: 2 })).toBe(2);
    expect(adGroupStatus(account, campaign, group, { deliverable: 0, inReview: 0, rejected: 0 })).toBe(10);
  });

  test('budgets, schedule, dayparting and the account', () => {
    expect(campaignStatus(account, { ...campaign, lifetimeBudgetReached: true }, 1)).toBe(21);
    // Spec 4 has no campaign-daily code; 23 says "total budget", which is not what happened (issue 18).
    expect(campaignStatus(account, { ...campaign, dailyBudgetReached: true }, 1)).toBe(25);
    expect(adGroupStatus(account, campaign, { ...group, dailyBudgetReached: true }, one)).toBe(22);
    expect(adGroupStatus(account, campaign, { ...group, lifetimeBudgetReached: true }, one)).toBe(24);
    expect(creativeStatus(account, campaign, { ...group, inSchedule: false }, approved)).toBe(10);
    expect(creativeStatus(account, campaign, { ...group, inDaypart: false }, approved)).toBe(10);
    expect(campaignStatus({ status: 3, accountLimitReached: false }, campaign, 1)).toBe(10);
    expect(campaignStatus({ status: 1, accountLimitReached: true }, campaign, 1)).toBe(20);
  });

  test('filters: statuses a level has no filter for count as not delivering', () => {
    expect(matchesStatusFilter('creative', 10, 12)).toBe(true);
    expect(matchesStatusFilter('creative', 13, 13)).toBe(true);
    expect(matchesStatusFilter('campaign', 10, 23)).toBe(true);
    expect(matchesStatusFilter('campaign', 0, 23)).toBe(false);
    expect(statusesForFilter('campaign', 10).sort((a, b) => a - b)).toEqual([
      1, 2, 10, 12, 13, 20, 21, 22, 23, 24, 25,
    ]);
    expect(statusesForFilter('adgroup', 12)).toEqual([12]);
    expect(statusesForFilter('campaign', 12)).toEqual([]);
  });
});
