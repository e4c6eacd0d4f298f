import sharp from 'sharp';
import type { Db, Executor } from '../db/client';
import {
  adGroupEvents,
  adGroups,
  type CreativeMaterial,
  campaigns,
  creatives,
  uploadedFiles,
} from '../db/schema';
import { recordChanges } from '../modules/campaigns/change-log';
import type { FileStorage } from '../modules/files/storage';
import { generateStats } from '../modules/statistics/generator';
import type { DemoAssets } from './demo-assets';

/**
 * Campaigns of the demo accounts (issue 9): app and web campaigns with ad groups of several bidding
 * types, budgets, schedules, dayparting and targeting, creatives approved, in review, rejected, draft
 * and paused, one paused campaign and one deleted, then 90 days of delivery through the statistics
 * generator, so every list shows numbers on the first start.
 */

const DAY = 86_400_000;

interface CreativeSeed {
  name: string;
  type: 'image' | 'nativeImg';
  size: [number, number];
  color: [number, number, number];
  review: 0 | 1 | 2 | 3;
  reject?: [number, string];
  paused?: boolean;
  title?: string;
}

interface GroupSeed {
  name: string;
  bidding: number;
  billing: number;
  bid: string;
  budget?: [0 | 1, string];
  countries: string[];
  events?: [string, string][];
  /** Weekdays 08:00–22:00 only. */
  daypart?: boolean;
  startDaysAgo?: number;
  creatives: CreativeSeed[];
}

interface CampaignSeed {
  adv: string;
  name: string;
  type: 'install' | 'retargeting' | 'cps';
  goal: 'app_install' | 'app_event' | 'web_conversion' | 'web_traffic';
  app?: string;
  pixel?: string;
  landing?: string;
  os: 1 | 2;
  budget?: [0 | 1, string];
  pausedDaysAgo?: number;
  deletedDaysAgo?: number;
  groups: GroupSeed[];
}

const approved = (name: string, size: [number, number], color: [number, number, number]): CreativeSeed => ({
  name,
  type: 'image',
  size,
  color,
  review: 3,
});

const DEMO_CAMPAIGNS: CampaignSeed[] = [
  {
    adv: 'shoes',
    name: 'Spring sale – Android installs',
    type: 'install',
    goal: 'app_install',
    app: 'shoes-android',
    os: 2,
    budget: [0, '300'],
    groups: [
      {
        name: 'US & Canada – CPI',
        bidding: 4,
        billing: 2,
        bid: '2.4',
        countries: ['US', 'CA'],
        creatives: [
          approved('Runner banner 320×50', [320, 50], [214, 69, 65]),
          approved('Runner MREC 300×250', [300, 250], [66, 133, 244]),
          {
            name: 'Runner native',
            type: 'nativeImg',
            size: [1200, 627],
            color: [15, 157, 88],
            review: 1,
            title: 'Run lighter',
          },
        ],
      },
      {
        name: 'Europe – purchases',
        bidding: 3,
        billing: 1,
        bid: '1.2',
        countries: ['DE', 'FR', 'GB'],
        events: [['purchase', '18']],
        daypart: true,
        creatives: [
          approved('Sale interstitial 320×480', [320, 480], [244, 180, 0]),
          { ...approved('Sale – big text', [320, 480], [171, 71, 188]), review: 2, reject: [1008, ''] },
        ],
      },
    ],
  },
  {
    adv: 'shoes',
    name: 'Summer collection – web',
    type: 'cps',
    goal: 'web_conversion',
    pixel: 'shoes-web',
    landing: 'https://shop.northwind.example/summer',
    os: 2,
    budget: [1, '20000'],
    groups: [
      {
        name: 'Visitors – CPC',
        bidding: 2,
        billing: 1,
        bid: '0.35',
        countries: ['US', 'GB'],
        events: [['purchase', '12']],
        budget: [0, '120'],
        creatives: [
          approved('Summer MREC', [300, 250], [0, 172, 193]),
          { ...approved('Summer banner (old)', [320, 50], [120, 144, 156]), paused: true },
        ],
      },
    ],
  },
  {
    adv: 'shoes',
    name: 'iOS launch',
    type: 'install',
    goal: 'app_install',
    app: 'shoes-ios',
    os: 1,
    pausedDaysAgo: 12,
    groups: [
      {
        name: 'Japan – CPM',
        bidding: 1,
        billing: 1,
        bid: '6',
        countries: ['JP'],
        creatives: [approved('Launch 480×320', [480, 320], [63, 81, 181])],
      },
    ],
  },
  {
    adv: 'shoes',
    name: 'Old test campaign',
    type: 'install',
    goal: 'app_install',
    app: 'shoes-android',
    os: 2,
    deletedDaysAgo: 40,
    groups: [
      {
        name: 'Test',
        bidding: 1,
        billing: 1,
        bid: '3',
        countries: [],
        creatives: [approved('Test banner', [320, 50], [96, 125, 139])],
      },
    ],
  },
  {
    adv: 'games',
    name: 'Dragon – ROAS D7',
    type: 'install',
    goal: 'app_event',
    app: 'dragon-android',
    os: 2,
    budget: [0, '800'],
    groups: [
      {
        name: 'Tier 1 – ROAS7',
        bidding: 7,
        billing: 1,
        bid: '15',
        countries: ['US', 'GB', 'DE', 'JP'],
        events: [['purchase', '25']],
        creatives: [
          approved('Dragon 480×320', [480, 320], [183, 28, 28]),
          approved('Dragon 320×480', [320, 480], [136, 14, 79]),
        ],
      },
    ],
  },
  {
    adv: 'games',
    name: 'Puzzle – installs',
    type: 'install',
    goal: 'app_install',
    app: 'puzzle-apk',
    os: 2,
    groups: [
      {
        name: 'Global – CPI',
        bidding: 4,
        billing: 2,
        bid: '0.9',
        countries: ['BR', 'IN', 'US'],
        startDaysAgo: 30,
        creatives: [
          approved('Puzzle MREC', [300, 250], [255, 112, 67]),
          { name: 'Puzzle draft', type: 'image', size: [320, 50], color: [255, 171, 145], review: 0 },
        ],
      },
    ],
  },
];

/** Weekdays 08:00–22:00: the grid of 168 hours, Monday first. */
const WEEKDAY_DAYTIME = Array.from({ length: 168 }, (_, i) =>
  i < 120 && i % 24 >= 8 && i % 24 < 22 ? '1' : '0',
).join('');

async function imageMaterial(
  tx: Executor,
  storage: FileStorage,
  role: 'image' | 'icon',
  size: [number, number],
  color: [number, number, number],
  uploadedBy: string,
  advId: number,
): Promise<CreativeMaterial> {
  const bytes = await sharp({
    create: {
      width: size[0],
      height: size[1],
      channels: 3,
      background: { r: color[0], g: color[1], b: color[2] },
    },
  })
    .png()
    .toBuffer();
  // Stored as the console's uploads of creative material are (`creatives/<name>`, kind `creative`, its
  // size kept), so a demo creative can be edited and saved again like any other.
  const file = await storage.saveCreative('png', bytes);
  await tx.insert(uploadedFiles).values({
    name: file,
    kind: 'creative',
    mime: 'image/png',
    size: bytes.length,
    originalName: `creative-${size[0]}x${size[1]}.png`,
    uploadedBy,
    advId,
    width: size[0],
    height: size[1],
  });
  return {
    role,
    file,
    mime: 'image/png',
    size: bytes.length,
    width: size[0],
    height: size[1],
  };
}

export async function seedDemoCampaigns(
  db: Db,
  storage: FileStorage,
  ids: { advs: Map<string, number>; admin: string; operator: string },
  assets: DemoAssets,
  now: Date = new Date(),
): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const created = ago(95);
  await db.transaction(async (tx) => {
    for (const seed of DEMO_CAMPAIGNS) {
      const advId = ids.advs.get(seed.adv) as number;
      const stoppedAt = seed.pausedDaysAgo
        ? ago(seed.pausedDaysAgo)
        : seed.deletedDaysAgo
          ? ago(seed.deletedDaysAgo)
          : created;
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          advId,
          name: seed.name,
          campaignType: seed.type,
          promoteGoal: seed.goal,
          os: seed.os,
          linkType: seed.app ? 1 : 2,
          appId: seed.app ? (assets.apps.get(seed.app)?.id ?? null) : null,
          pixelId: seed.pixel ? (assets.pixels.get(seed.pixel)?.id ?? null) : null,
          landingUrl: seed.landing ?? null,
          budgetType: seed.budget?.[0] ?? null,
          budget: seed.budget?.[1] ?? null,
          enabled: !seed.pausedDaysAgo,
          deletedAt: seed.deletedDaysAgo ? ago(seed.deletedDaysAgo) : null,
          createdBy: ids.admin,
          createdAt: created,
          updatedAt: stoppedAt,
        })
        .returning();
      const log = { advId, userId: ids.admin };
      await recordChanges(
        tx,
        { ...log, object: 'campaign', objectId: campaign.id, action: 'create', at: created },
        null,
        {
          name: seed.name,
          campaign_type: seed.type,
          promote_goal: seed.goal,
          campaign_budget: seed.budget?.[1] ?? null,
        },
      );
      if (seed.pausedDaysAgo) {
        await recordChanges(
          tx,
          { ...log, object: 'campaign', objectId: campaign.id, action: 'pause', at: ago(seed.pausedDaysAgo) },
          { opt_status: 1 },
          { opt_status: 0 },
        );
      }
      if (seed.deletedDaysAgo) {
        await recordChanges(
          tx,
          {
            ...log,
            object: 'campaign',
            objectId: campaign.id,
            action: 'delete',
            at: ago(seed.deletedDaysAgo),
          },
          { deleted: false },
          { deleted: true },
        );
      }
      for (const g of seed.groups) {
        const [group] = await tx
          .insert(adGroups)
          .values({
            advId,
            campaignId: campaign.id,
            name: g.name,
            biddingType: g.bidding,
            billingType: g.billing,
            bidPrice: g.bid,
            budgetType: g.budget?.[0] ?? null,
            budget: g.budget?.[1] ?? null,
            startDate: g.startDaysAgo ? ago(g.startDaysAgo).toISOString().slice(0, 10) : null,
            daypartingType: g.daypart ? 1 : 0,
            dayparting: g.daypart ? WEEKDAY_DAYTIME : null,
            countries: g.countries,
            createdBy: ids.admin,
            createdAt: created,
            updatedAt: created,
          })
          .returning();
        if (g.events) {
          await tx
            .insert(adGroupEvents)
            .values(
              g.events.map(([eventId, bid], position) => ({ adgroupId: group.id, eventId, bid, position })),
            );
        }
        await recordChanges(
          tx,
          { ...log, object: 'adgroup', objectId: group.id, action: 'create', at: created },
          null,
          {
            name: g.name,
            bidding_type: g.bidding,
            billing_type: g.billing,
            bid_price: g.bid,
            countries: g.countries,
          },
        );
        for (const c of g.creatives) {
          const materials = [await imageMaterial(tx, storage, 'image', c.size, c.color, ids.admin, advId)];
          if (c.type === 'nativeImg')
            materials.push(await imageMaterial(tx, storage, 'icon', [480, 480], c.color, ids.admin, advId));
          const [creative] = await tx
            .insert(creatives)
            .values({
              advId,
              campaignId: campaign.id,
              adgroupId: group.id,
              name: c.name,
              creativeType: c.type,
              materials,
              title: c.title ?? '',
              callToAction: seed.app ? 'install' : 'shop_now',
              reviewStatus: c.review,
              rejectCode: c.reject?.[0] ?? null,
              rejectReason: c.reject?.[1] ?? null,
              committedAt: c.review === 0 ? null : created,
              reviewedAt: c.review >= 2 ? created : null,
              reviewedBy: c.review >= 2 ? ids.operator : null,
              enabled: !c.paused,
              createdBy: ids.admin,
              createdAt: created,
              updatedAt: c.paused ? ago(20) : created,
            })
            .returning();
          await recordChanges(
            tx,
            { ...log, object: 'creative', objectId: creative.id, action: 'create', at: created },
            null,
            {
              name: c.name,
              creative_type: c.type,
            },
          );
          if (c.review === 3 || c.review === 2) {
            await recordChanges(
              tx,
              {
                advId,
                userId: ids.operator,
                object: 'creative',
                objectId: creative.id,
                action: c.review === 3 ? 'approve' : 'reject',
                at: created,
              },
              { review_status: 1 },
              { review_status: c.review },
            );
          }
        }
      }
    }
  });
  for (const adv of new Set(DEMO_CAMPAIGNS.map((c) => c.adv))) {
    await generateStats(db, { advId: ids.advs.get(adv) as number, days: 90, now, seed: 2026 });
  }
}
