import {
  type AccountState,
  type AdGroupState,
  adGroupStatus,
  type CampaignState,
  type CreativeState,
  campaignStatus,
  creativeStatus,
  DELIVERY_STATUS,
} from '@scaler/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adGroups, advertisers, campaigns, creatives } from '../src/db/schema';
import { seededRandom } from '../src/lib/seeded-random';
import {
  adGroupStatusSql,
  campaignStatusSql,
  creativeStatusSql,
  type StatusScope,
  statusCtes,
} from '../src/modules/campaigns/state';
import { type AccountClock, accountClock, addDays } from '../src/modules/clock/clock';
import { writeFacts } from '../src/modules/statistics/writer';
import { createTestApp, type TestApp } from './harness';
import { buildWorld, testCampaign, type World } from './world';

/**
 * The delivery status in SQL (`campaigns/state.ts`, what lists, details and filters answer) against the
 * rule in `packages/domain/src/delivery-status.ts`, over a seeded random account of 40 campaigns: paused
 * and deleted objects at every level, daily and lifetime budgets just reached, just not reached and
 * passed (spend written to the statistics store today), schedules not started or ended, dayparting off
 * this hour, creatives in every review state. Each pass sets the account's state (usable, over its
 * daily spending cap, not approved) and zone (UTC reads today's spend from the running totals, another
 * zone from the per-creative hours), works out the expected status of every object with the domain
 * functions, and compares it with the SQL, for the whole account and scoped to a page of ids.
 */

let t: TestApp;
let w: World;

interface Budget {
  type: 0 | 1 | null;
  /** Micro-units; null without a budget. */
  micros: bigint | null;
}

interface Cr {
  id: number;
  enabled: boolean;
  deleted: boolean;
  reviewStatus: number;
  costMicros: bigint;
}

interface Group {
  id: number;
  enabled: boolean;
  deleted: boolean;
  budget: Budget;
  startDate: string | null;
  scheduleType: 0 | 1;
  endDate: string | null;
  dayparting: string | null;
  creatives: Cr[];
}

interface Camp {
  id: number;
  enabled: boolean;
  deleted: boolean;
  budget: Budget;
  groups: Group[];
}

const money = (micros: bigint) => {
  const s = micros.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
};
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** The fixed moment of every pass: an hour boundary crossed mid-test must not move the dayparting hour. */
const NOW = new Date();
const DELETED = new Date(NOW.getTime() - 86_400_000);

let objects: Camp[] = [];

/** The smallest step of a budget (four decimals: `numeric(20, 4)`). */
const BUDGET_STEP = 100n;

/** A budget against `spend`: none, or daily or lifetime at, just above or below what is spent. */
function budgetFor(rand: () => number, spend: bigint): Budget {
  const r = rand();
  if (r < 0.3) return { type: null, micros: null };
  const type = rand() < 0.5 ? 0 : 1;
  const choice = rand();
  const micros =
    choice < 0.35
      ? spend > 0n
        ? spend
        : 10_000n
      : choice < 0.7
        ? spend + BUDGET_STEP
        : spend > 20_000n
          ? (spend / 2n / BUDGET_STEP) * BUDGET_STEP
          : spend + 10_000n;
  expect(micros % BUDGET_STEP).toBe(0n);
  return { type, micros };
}

async function buildAccount(advId: number, seed: number): Promise<Camp[]> {
  // Seeded: a failure is the same on every run.
  const rand = seededRandom(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const today = accountClock('UTC', NOW).today;
  const built: Camp[] = [];
  for (let c = 0; c < 40; c++) {
    const campaignId = await testCampaign(t, advId, `Parity ${c}`);
    const groups: Group[] = [];
    const groupCount = 1 + Math.floor(rand() * 2);
    for (let g = 0; g < groupCount; g++) {
      const crs: Omit<Cr, 'id'>[] = Array.from({ length: Math.floor(rand() * 4) }, () => ({
        enabled: rand() < 0.85,
        deleted: rand() < 0.1,
        reviewStatus: pick([0, 1, 2, 3, 3, 3, 3]),
        costMicros: pick([0n, 1_250_000n, 3_000_000n, 7_000_100n]),
      }));
      const spend = sum(crs.map((cr) => cr.costMicros));
      // Dayparting: this hour on or off in either zone of the passes (the grid is 168 random hours).
      const grid =
        rand() < 0.25 ? Array.from({ length: 168 }, () => (rand() < 0.5 ? '1' : '0')).join('') : null;
      const scheduleType: 0 | 1 = rand() < 0.3 ? 1 : 0;
      const group: Omit<Group, 'id' | 'creatives'> = {
        enabled: rand() < 0.85,
        deleted: rand() < 0.1,
        budget: budgetFor(rand, spend),
        // Days around today: the zones of the passes are a day apart at some hours.
        startDate: rand() < 0.3 ? addDays(today, pick([-2, 0, 1, 2])) : null,
        scheduleType,
        endDate: scheduleType === 1 ? addDays(today, pick([-2, -1, 0, 1, 5])) : null,
        dayparting: grid,
      };
      const [row] = await t.db
        .insert(adGroups)
        .values({
          advId,
          campaignId,
          name: `G${g}`,
          biddingType: 1,
          billingType: 1,
          bidPrice: '2',
          enabled: group.enabled,
          deletedAt: group.deleted ? DELETED : null,
          budgetType: group.budget.type,
          budget: group.budget.micros === null ? null : money(group.budget.micros),
          startDate: group.startDate,
          scheduleType: group.scheduleType,
          endDate: group.endDate,
          daypartingType: grid ? 1 : 0,
          dayparting: grid,
        })
        .returning();
      const withIds: Cr[] = [];
      for (const cr of crs) {
        const [r] = await t.db
          .insert(creatives)
          .values({
            advId,
            campaignId,
            adgroupId: row.id,
            name: 'Banner',
            creativeType: 'image',
            reviewStatus: cr.reviewStatus,
            enabled: cr.enabled,
            deletedAt: cr.deleted ? DELETED : null,
          })
          .returning();
        withIds.push({ ...cr, id: r.id });
      }
      groups.push({ ...group, id: row.id, creatives: withIds });
    }
    const spend = sum(groups.flatMap((g) => g.creatives.map((cr) => cr.costMicros)));
    const camp: Camp = {
      id: campaignId,
      enabled: rand() < 0.85,
      deleted: rand() < 0.1,
      budget: budgetFor(rand, spend),
      groups,
    };
    await t.db
      .update(campaigns)
      .set({
        enabled: camp.enabled,
        deletedAt: camp.deleted ? DELETED : null,
        budgetType: camp.budget.type,
        budget: camp.budget.micros === null ? null : money(camp.budget.micros),
      })
      .where(eq(campaigns.id, campaignId));
    built.push(camp);
  }
  // Today's spend, one fact per creative at this hour (also the lifetime spend: nothing before today).
  const facts = built.flatMap((c) =>
    c.groups.flatMap((g) =>
      g.creatives
        .filter((cr) => cr.costMicros > 0n)
        .map((cr) => ({
          advId,
          campaignId: c.id,
          adgroupId: g.id,
          creativeId: cr.id,
          hour: NOW,
          bundle: 'b',
          country: 'US',
          os: 1,
          impressions: 10,
          cost: money(cr.costMicros),
        })),
    ),
  );
  await t.db.transaction((tx) => writeFacts(tx, facts));
  return built;
}

/** Whether a budget is reached by `spend` (daily and lifetime spend are the same: all of it is today's). */
const reached = (b: Budget, type: 0 | 1, spend: bigint) =>
  b.type === type && b.micros !== null && spend >= b.micros;

/** What the domain rule says of every object, for this account state and clock. */
function expected(account: AccountState, clock: AccountClock) {
  const out = {
    campaign: new Map<number, number>(),
    adgroup: new Map<number, number>(),
    creative: new Map<number, number>(),
  };
  for (const c of objects) {
    const cSpend = sum(c.groups.flatMap((g) => g.creatives.map((cr) => cr.costMicros)));
    const cs: CampaignState = {
      enabled: c.enabled,
      deleted: c.deleted,
      dailyBudgetReached: reached(c.budget, 0, cSpend),
      lifetimeBudgetReached: reached(c.budget, 1, cSpend),
    };
    let delivering = 0;
    for (const g of c.groups) {
      const gSpend = sum(g.creatives.map((cr) => cr.costMicros));
      const gs: AdGroupState = {
        enabled: g.enabled,
        deleted: g.deleted,
        dailyBudgetReached: reached(g.budget, 0, gSpend),
        lifetimeBudgetReached: reached(g.budget, 1, gSpend),
        inSchedule:
          !(g.startDate !== null && g.startDate > clock.today) &&
          !(g.scheduleType === 1 && g.endDate !== null && g.endDate < clock.today),
        inDaypart: g.dayparting === null || g.dayparting[clock.weekHour] === '1',
      };
      const live = g.creatives.filter((cr) => !cr.deleted);
      const summary = {
        deliverable: live.filter((cr) => cr.enabled && cr.reviewStatus === 3).length,
        inReview: live.filter((cr) => cr.reviewStatus === 1).length,
        rejected: live.filter((cr) => cr.reviewStatus === 2).length,
      };
      const gStatus = adGroupStatus(account, cs, gs, summary);
      if (gStatus === DELIVERY_STATUS.active) delivering++;
      out.adgroup.set(g.id, gStatus);
      for (const cr of g.creatives) {
        const crs: CreativeState = {
          enabled: cr.enabled,
          deleted: cr.deleted,
          reviewStatus: cr.reviewStatus,
        };
        out.creative.set(cr.id, creativeStatus(account, cs, gs, crs));
      }
    }
    out.campaign.set(c.id, campaignStatus(account, cs, delivering));
  }
  return out;
}

/** The statuses the SQL answers for every object of the account, whole or scoped to these ids. */
async function actual(advId: number, advStatus: number, clock: AccountClock, scoped: boolean) {
  const ids = (xs: number[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const campaignIds = objects.map((c) => c.id);
  const groupIds = objects.flatMap((c) => c.groups.map((g) => g.id));
  const creativeIds = objects.flatMap((c) => c.groups.flatMap((g) => g.creatives.map((cr) => cr.id)));
  const scope: StatusScope | undefined = scoped
    ? { campaigns: ids(campaignIds), adgroups: ids(groupIds) }
    : undefined;
  const read = async (query: SQL) => {
    const result = (await t.db.execute(
      sql`with ${statusCtes({ advId, advStatus, clock }, scope)} ${query}`,
    )) as unknown as { rows: { id: number; status: number }[] };
    return new Map(result.rows.map((r) => [Number(r.id), Number(r.status)]));
  };
  return {
    campaign: await read(
      sql`select c.id, ${campaignStatusSql} as status from campaigns c join cst cs on cs.id = c.id
        where c.adv_id = ${advId} and c.id in (${ids(campaignIds)})`,
    ),
    adgroup: await read(
      sql`select g.id, ${adGroupStatusSql} as status from ad_groups g join gst gs on gs.id = g.id
        join cst cs on cs.id = g.campaign_id where g.adv_id = ${advId} and g.id in (${ids(groupIds)})`,
    ),
    creative: await read(
      sql`select cr.id, ${creativeStatusSql} as status from creatives cr join gst gs on gs.id = cr.adgroup_id
        join cst cs on cs.id = cr.campaign_id where cr.adv_id = ${advId} and cr.id in (${ids(creativeIds)})`,
    ),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  objects = await buildAccount(w.adv1, 20261128);
}, 120_000);
afterAll(() => t.close());

describe('delivery status: SQL against the domain rule', () => {
  const passes = [
    { name: 'usable', status: 1, cap: null, limit: false },
    { name: 'over its daily spending cap', status: 1, cap: '0', limit: true },
    { name: 'not approved', status: 2, cap: null, limit: false },
  ] as const;
  const seen = new Set<number>();

  for (const zone of ['UTC', 'Asia/Shanghai', 'America/Los_Angeles']) {
    for (const pass of passes) {
      test(`an account ${pass.name}, in ${zone}: every object, whole account and a page`, async () => {
        await t.db
          .update(advertisers)
          .set({ timezone: zone, dailySpendCap: pass.cap, status: pass.status })
          .where(eq(advertisers.advId, w.adv1));
        const clock = accountClock(zone, NOW);
        const want = expected({ status: pass.status, accountLimitReached: pass.limit }, clock);
        for (const m of Object.values(want)) for (const s of m.values()) seen.add(s);
        for (const scoped of [false, true]) {
          const got = await actual(w.adv1, pass.status, clock, scoped);
          expect(Object.fromEntries(got.campaign), `campaigns, scoped ${scoped}`).toEqual(
            Object.fromEntries(want.campaign),
          );
          expect(Object.fromEntries(got.adgroup), `ad groups, scoped ${scoped}`).toEqual(
            Object.fromEntries(want.adgroup),
          );
          expect(Object.fromEntries(got.creative), `creatives, scoped ${scoped}`).toEqual(
            Object.fromEntries(want.creative),
          );
        }
      });
    }
  }

  test('the cases cover every status the rule can answer', () => {
    const S = DELIVERY_STATUS;
    const all = [
      S.active,
      S.review,
      S.reject,
      S.notDelivering,
      S.campaignPaused,
      S.adGroupPaused,
      S.creativePaused,
      S.deleted,
      S.exceedingAccountLimit,
      S.exceedingCampaignLifetimeBudget,
      S.exceedingAdGroupDailyBudget,
      S.exceedingAdGroupTotalBudget,
      S.exceedingCampaignDailyBudget,
    ];
    expect([...seen].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
  });
});
