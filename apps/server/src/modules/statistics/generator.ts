import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adGroupEvents, adGroups, advertisers, campaigns, creatives } from '../../db/schema';
import { seededRandom } from '../../lib/seeded-random';
import { accountClock, dayHours, dayStartUtc, localDate, weekHour, type Zone, zoneOf } from '../clock/clock';
import type { CohortFact, ConversionFact } from './cohorts';
import { micros } from './micros';
import { ensureDays } from './partitions';
import { type DeliveryFact, writeBatch } from './writer';

/**
 * The statistics generator (`npm run cli -- stats generate --adv <id> --days <n>`): realistic delivery
 * and conversion facts for an account's campaigns as they stand, written through the store's own writer
 * (`writeBatch`: facts, cohorts and conversions per event, one named batch per account day, so a replayed
 * batch adds nothing). What it honours: an object delivers only from its creation (a creative from its
 * approval) until it was paused or deleted; the ad group's schedule and dayparting (account time zone);
 * daily and lifetime budgets of campaigns and ad groups and the account's daily spending cap, counting
 * what the store already holds (a day stops where the budget or the cap is reached); the bid and the billing type for cost. It never adds to an hour
 * in which a creative already has facts (from an earlier run, or real traffic), so running it twice over
 * the same days adds only the hours that were still empty. Traffic has an hour-of-day and day-of-week
 * shape, skewed bundles and countries (the ad group's targeting, or a default mix). Deterministic for a
 * given `seed`.
 */

export interface GenerateOptions {
  advId: number;
  days: number;
  seed?: number;
  now?: Date;
  /** Scales traffic (1 = a few thousand impressions per ad group and day). */
  scale?: number;
}

export interface GenerateResult {
  facts: number;
  cohorts: number;
  events: number;
  /** Creative-hours left alone because they already held facts. */
  skippedHours: number;
}

/** Publishers the demo traffic comes from (skewed: the first ones get most of it). */
export const DEMO_BUNDLES = [
  'com.puzzle.blocks',
  'com.news.daily',
  'com.fit.tracker',
  'com.weather.now',
  'com.photo.editor',
  'com.music.stream',
  '1436213906',
  '1510944943',
  'com.chat.social',
  'com.recipes.cook',
  'com.runner.arcade',
  'com.solitaire.classic',
];
const DEFAULT_COUNTRIES = ['US', 'GB', 'DE', 'JP', 'BR', 'IN', 'FR', 'CA'];
/** Share of a day's traffic per local hour (evening peak). */
const HOUR_SHAPE = [
  0.55, 0.4, 0.3, 0.25, 0.25, 0.3, 0.45, 0.7, 0.85, 0.9, 0.95, 1, 1.05, 1.05, 1, 1, 1.05, 1.15, 1.3, 1.45,
  1.5, 1.4, 1.1, 0.8,
];
const SHAPE_SUM = HOUR_SHAPE.reduce((a, b) => a + b, 0);
/** Monday first. */
const WEEKDAY_SHAPE = [0.95, 0.97, 1, 1, 1.05, 1.12, 1.08];

const pickSkewed = <T>(list: readonly T[], r: number): T =>
  list[Math.min(list.length - 1, Math.floor(list.length * r * r))];
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
/** Rounds to a whole number up or down at random by the fraction, so small expected counts add up right. */
const roundRandom = (v: number, r: number) => Math.floor(v) + (r < v - Math.floor(v) ? 1 : 0);

interface Plan {
  campaign: typeof campaigns.$inferSelect;
  group: typeof adGroups.$inferSelect;
  events: { eventId: string; bid: number }[];
  creatives: (typeof creatives.$inferSelect)[];
}

/** When an object stops delivering: paused (its last change) or deleted. */
const until = (o: { enabled: boolean; updatedAt: Date; deletedAt: Date | null }) =>
  o.deletedAt ?? (o.enabled ? null : o.updatedAt);

/** What the store already holds for an account from `from` on: creative-hours with facts, and spend. */
async function heldFacts(db: Db, advId: number, from: Date, zone: Zone) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const hours = await rows<{ creative_id: number; hour: string }>(sql`
    select creative_id, hour from stats_hourly_ad
    where adv_id = ${advId} and hour >= ${from.toISOString()}::timestamptz`);
  const held = new Set(hours.map((r) => `${r.creative_id}@${new Date(r.hour).toISOString()}`));
  // Spend per account-local day (the zone's day of each UTC hour, daylight saving included), and in
  // all, per campaign (level 1) and ad group (level 2).
  const hourly = await rows<{ campaign_id: number; adgroup_id: number; hour: string; cost: string }>(sql`
    select campaign_id, adgroup_id, hour, sum(cost)::text as cost
    from stats_hourly_ad
    where adv_id = ${advId} and hour >= ${new Date(from.getTime() - 86_400_000).toISOString()}::timestamptz
    group by 1, 2, 3 having sum(cost) <> 0`);
  const days = hourly.map((r) => ({ ...r, day: localDate(new Date(r.hour), zone) }));
  const lifetime = await rows<{ level: number; object_id: number; cost: string }>(sql`
    select level, object_id, cost::text as cost from stats_lifetime where adv_id = ${advId} and level in (1, 2)`);
  const spend = new Spend();
  for (const r of days) {
    spend.add(`c${r.campaign_id}@${r.day}`, micros(r.cost));
    spend.add(`g${r.adgroup_id}@${r.day}`, micros(r.cost));
    spend.add(`a@${r.day}`, micros(r.cost));
  }
  for (const r of lifetime) spend.add(`${r.level === 1 ? 'c' : 'g'}${r.object_id}`, micros(r.cost));
  return { held, spend };
}

/**
 * Spend in micro-units by key: `c<id>` / `g<id>` in all, `c<id>@<day>` / `g<id>@<day>` on an account day,
 * `a@<day>` the account's on a day (its daily spending cap).
 */
class Spend {
  private readonly sums = new Map<string, bigint>();
  get(key: string): bigint {
    return this.sums.get(key) ?? 0n;
  }
  add(key: string, v: bigint) {
    this.sums.set(key, this.get(key) + v);
  }
}

/** A budget in micro-units, or null when there is none of that kind. */
const budgetOf = (budgetType: number | null, budget: string | null, kind: 0 | 1) =>
  budgetType === kind && budget !== null ? micros(budget) : null;

export async function generateStats(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const now = options.now ?? new Date();
  const rand = seededRandom(options.seed ?? options.advId);
  const scale = options.scale ?? 1;
  const [adv] = await db
    .select({ timezone: advertisers.timezone, dailySpendCap: advertisers.dailySpendCap })
    .from(advertisers)
    .where(eq(advertisers.advId, options.advId));
  if (!adv) throw new Error(`No advertiser account ${options.advId}`);
  // The account's zone: a fixed offset, or an IANA name whose days may be 23 or 25 hours long.
  const zone = zoneOf(adv.timezone);
  const clock = accountClock(adv.timezone, now);
  const accountCap = adv.dailySpendCap === null ? null : micros(adv.dailySpendCap);

  const campaignRows = await db.select().from(campaigns).where(eq(campaigns.advId, options.advId));
  const groupRows = await db.select().from(adGroups).where(eq(adGroups.advId, options.advId));
  const creativeRows = await db
    .select()
    .from(creatives)
    .where(and(eq(creatives.advId, options.advId), eq(creatives.reviewStatus, 3)));
  const eventRows =
    groupRows.length === 0
      ? []
      : await db
          .select()
          .from(adGroupEvents)
          .where(
            inArray(
              adGroupEvents.adgroupId,
              groupRows.map((g) => g.id),
            ),
          );
  const plans: Plan[] = groupRows
    .map((group) => ({
      campaign: campaignRows.find((c) => c.id === group.campaignId) as typeof campaigns.$inferSelect,
      group,
      events: eventRows
        .filter((e) => e.adgroupId === group.id)
        .map((e) => ({ eventId: e.eventId, bid: Number(e.bid) })),
      creatives: creativeRows.filter((c) => c.adgroupId === group.id),
    }))
    .filter((p) => p.campaign && p.creatives.length > 0);

  const firstDay = new Date(Date.parse(`${clock.today}T00:00:00Z`) - (options.days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // What the store holds already: hours not to add to, and spend that counts against the budgets.
  const { held, spend } = await heldFacts(db, options.advId, dayStartUtc(firstDay, zone), zone);
  // The full grain's day partitions of the range, so its facts do not land in the default one.
  await ensureDays(
    db,
    dayStartUtc(firstDay, zone).toISOString().slice(0, 10),
    now.toISOString().slice(0, 10),
  );
  const result: GenerateResult = { facts: 0, cohorts: 0, events: 0, skippedHours: 0 };

  for (let back = options.days - 1; back >= 0; back -= 1) {
    const day = new Date(Date.parse(`${clock.today}T00:00:00Z`) - back * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const dayStart = dayStartUtc(day, zone);
    const hoursOfDay = dayHours(day, zone);
    const facts: DeliveryFact[] = [];
    const cohorts: CohortFact[] = [];
    const events: ConversionFact[] = [];
    const written: string[] = [];

    for (const plan of plans) {
      const { campaign, group } = plan;
      if (group.startDate && day < group.startDate) continue;
      if (group.scheduleType === 1 && group.endDate && day > group.endDate) continue;
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const trend = 0.85 + 0.3 * rand();
      const bid = Number(group.bidPrice);
      const perDay =
        (2500 + 6000 * rand()) * scale * WEEKDAY_SHAPE[weekday] * trend * (0.6 + Math.min(bid, 10) / 10);
      const ctr = 0.006 + 0.02 * rand();
      const cvr = campaign.linkType === 1 ? 0.04 + 0.12 * rand() : 0.02 + 0.06 * rand();
      const countries = group.countries.length > 0 ? group.countries : DEFAULT_COUNTRIES;
      const bundles =
        group.bundleMode === 1 && group.bundles.length > 0
          ? group.bundles
          : DEMO_BUNDLES.filter((b) => !(group.bundleMode === 2 && group.bundles.includes(b)));
      // Budgets against spend in micro-units (exact): what the store holds plus what this run adds.
      const limits: [string, bigint | null][] = [
        [`g${group.id}@${day}`, budgetOf(group.budgetType, group.budget, 0)],
        [`g${group.id}`, budgetOf(group.budgetType, group.budget, 1)],
        [`c${campaign.id}@${day}`, budgetOf(campaign.budgetType, campaign.budget, 0)],
        [`c${campaign.id}`, budgetOf(campaign.budgetType, campaign.budget, 1)],
        [`a@${day}`, accountCap],
      ];
      const spendKeys = [
        `g${group.id}@${day}`,
        `g${group.id}`,
        `c${campaign.id}@${day}`,
        `c${campaign.id}`,
        `a@${day}`,
      ];

      for (let h = 0; h < hoursOfDay; h += 1) {
        const hour = new Date(dayStart.getTime() + h * 3_600_000);
        if (hour.getTime() + 3_600_000 > now.getTime()) break;
        const week = weekHour(hour, zone);
        if (group.daypartingType === 1 && group.dayparting?.[week] !== '1') continue;
        const stops = [until(campaign), until(group)].filter((d): d is Date => d !== null);
        if (hour < campaign.createdAt || hour < group.createdAt || stops.some((d) => hour >= d)) continue;
        const live = plan.creatives.filter(
          (c) => hour >= (c.reviewedAt ?? c.createdAt) && !(until(c) && hour >= (until(c) as Date)),
        );
        if (live.length === 0) continue;
        // The shape by the local clock (the hour of the week's hour of the day).
        const hourImpressions = (perDay * HOUR_SHAPE[week % 24]) / SHAPE_SUM;
        for (const creative of live) {
          if (held.has(`${creative.id}@${hour.toISOString()}`)) {
            result.skippedHours += 1;
            continue;
          }
          // Two or three placements an hour per creative.
          const placements = 2 + Math.floor(rand() * 2);
          for (let p = 0; p < placements; p += 1) {
            const impressions = roundRandom(
              (hourImpressions / live.length / placements) * (0.5 + rand()),
              rand(),
            );
            if (impressions === 0) continue;
            const clicks = roundRandom(impressions * ctr * (0.7 + 0.6 * rand()), rand());
            const installs =
              campaign.linkType === 1 ? roundRandom(clicks * cvr * (0.6 + 0.8 * rand()), rand()) : 0;
            const conversions =
              campaign.linkType === 1 ? installs : roundRandom(clicks * cvr * (0.6 + 0.8 * rand()), rand());
            const optimised =
              plan.events.length > 0 ? roundRandom(conversions * 0.25 * (0.5 + rand()), rand()) : 0;
            let cost: number;
            if (group.billingType === 2) cost = installs * bid;
            else if (group.billingType === 3) cost = optimised * (plan.events[0]?.bid ?? bid);
            else if (group.biddingType === 1) cost = (impressions * bid * (0.7 + 0.25 * rand())) / 1000;
            else if (group.biddingType === 2) cost = clicks * bid * (0.75 + 0.2 * rand());
            else if (group.biddingType === 4) cost = installs * bid * (0.8 + 0.15 * rand());
            else if (group.biddingType === 3) cost = optimised * (plan.events[0]?.bid ?? bid) * 0.9;
            else cost = (impressions * (1.5 + 2 * rand())) / 1000;
            cost = round6(cost);
            const costMicros = micros(cost);
            if (limits.some(([key, limit]) => limit !== null && spend.get(key) + costMicros > limit))
              continue;
            for (const key of spendKeys) spend.add(key, costMicros);
            written.push(`${creative.id}@${hour.toISOString()}`);
            const bundle = pickSkewed(bundles, rand());
            const country = pickSkewed(countries, rand());
            const revenue = round6(installs * (0.2 + 0.4 * rand()) + optimised * (3 + 20 * rand()));
            facts.push({
              advId: options.advId,
              campaignId: campaign.id,
              adgroupId: group.id,
              creativeId: creative.id,
              hour,
              bundle,
              country,
              os: campaign.os,
              bids: Math.round(impressions * (3 + 2 * rand())),
              wins: Math.round(impressions * 1.04),
              impressions,
              clicks,
              cost,
              installs,
              revenue,
              revenueFinal: round6(revenue * 0.93),
            });
            // Conversions per event, as the tracking writer would count them (request and event time).
            const convert = (eventId: string, count: number, unitValue: number) => {
              if (count === 0) return;
              events.push({
                advId: options.advId,
                appId: campaign.appId ?? '',
                pixelId: campaign.pixelId ?? '',
                eventId,
                campaignId: campaign.id,
                adgroupId: group.id,
                creativeId: creative.id,
                bundle,
                country,
                os: campaign.os,
                requestHour: hour,
                eventHour: new Date(hour.getTime() + Math.floor(rand() * 6) * 3_600_000),
                count,
                uv: Math.max(1, Math.round(count * 0.85)),
                value: (count * unitValue).toFixed(2),
              });
            };
            if (campaign.linkType === 1) convert('install', installs, 0);
            else convert('page_view', clicks, 0);
            for (const e of plan.events) convert(e.eventId, optimised, e.eventId === 'purchase' ? 24.99 : 0);
            if (installs > 0) {
              for (let n = 0; n <= 30; n += 1) {
                if (Date.parse(`${day}T00:00:00Z`) + n * 86_400_000 > now.getTime()) break;
                const retained = n === 0 ? installs : Math.round(installs * 0.42 * (n + 1) ** -0.55);
                cohorts.push({
                  advId: options.advId,
                  campaignId: campaign.id,
                  adgroupId: group.id,
                  creativeId: creative.id,
                  installDay: hour.toISOString().slice(0, 10),
                  country,
                  os: campaign.os,
                  dayN: n,
                  retained,
                  revenue: round6(installs * 0.18 * 0.86 ** n * (0.7 + 0.6 * rand())),
                });
              }
            }
          }
        }
      }
    }

    // One named batch per account day: the cells it fills name it, so writing it again adds nothing.
    const name = createHash('sha1')
      .update([...new Set(written)].sort().join(','))
      .digest('base64url');
    await db.transaction((tx) =>
      writeBatch(
        tx,
        { advId: options.advId, source: 'generator', key: `${day}:${name}` },
        { facts, cohorts, conversions: events },
      ),
    );
    result.facts += facts.length;
    result.cohorts += cohorts.length;
    result.events += events.length;
  }
  return result;
}
