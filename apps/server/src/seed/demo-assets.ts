import { crc32, deflateSync } from 'node:zlib';
import {
  type AttributionPartner,
  PIXEL_CONVERSION_TYPE,
  PIXEL_MODE,
  type TAppEventInput,
  type TPixelEventInput,
} from '@scaler/domain';
import type { Executor } from '../db/client';
import { apps, pixels, uploadedFiles } from '../db/schema';
import { issueApiSource } from '../modules/assets/api-sources';
import { replaceEvents } from '../modules/assets/events';
import { newAssetId, newPostbackToken } from '../modules/assets/tokens';
import type { FileStorage } from '../modules/files/storage';
import type { DemoIds } from './demo-content';

/**
 * What `seedDemoAssets` created, for whoever records demo events through the ingestion path next
 * (the tracking side's demo events are seeded right after this call in `seedDemo`, with these ids).
 */
export interface DemoAssets {
  apps: Map<string, { id: string; advId: number; partner: AttributionPartner; postbackToken: string }>;
  pixels: Map<string, { id: string; advId: number; mode: number }>;
  /** Plain tokens of the seeded API sources, by pixel key: only the seed ever sees them. */
  apiTokens: Map<string, string>;
}

/** A square app icon: a PNG of one colour with a lighter inner square, so each demo app is recognisable. */
export function demoIconPng(rgb: [number, number, number], size = 96): Buffer {
  const light = rgb.map((c) => Math.round(c + (255 - c) * 0.55));
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4;
      raw.set(inner ? light : rgb, row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoApp {
  key: string;
  adv: string;
  name: string;
  bundleId: string;
  os: 1 | 2;
  downloadType: 1 | 3;
  downloadLink: string;
  partner: AttributionPartner;
  partnerAppId: string;
  partnerClickUrl?: string;
  color: [number, number, number];
  events: TAppEventInput[];
}

const std = <T extends string>(...types: T[]) =>
  types.map((event_type) => ({ type: 1 as const, event_type }));

const DEMO_APPS: readonly DemoApp[] = [
  {
    key: 'shoes-ios',
    adv: 'shoes',
    name: 'Northwind Shoes',
    bundleId: 'com.northwind.shoes',
    os: 1,
    downloadType: 1,
    downloadLink: 'https://apps.apple.com/us/app/northwind-shoes/id1600000001',
    partner: 'appsflyer',
    partnerAppId: 'id1600000001',
    color: [37, 99, 235],
    events: [
      ...std('install', 'open', 'registration', 'add_to_cart', 'checkout', 'purchase'),
      { type: 2, event_id: 'shoes_size_saved', event_name: 'Shoe size saved', event_type: 'custom' },
    ],
  },
  {
    key: 'shoes-android',
    adv: 'shoes',
    name: 'Northwind Shoes',
    bundleId: 'com.northwind.shoes',
    os: 2,
    downloadType: 1,
    downloadLink: 'https://play.google.com/store/apps/details?id=com.northwind.shoes',
    partner: 'adjust',
    partnerAppId: 'nw4shoes2k',
    partnerClickUrl: 'https://app.adjust.com/nw4shoes2k',
    color: [22, 163, 74],
    events: [
      ...std('install', 'open', 'add_to_cart', 'purchase', 'subscribe'),
      { type: 2, event_id: 'shoes_vip_purchase', event_name: 'VIP purchase', event_type: 'purchase' },
    ],
  },
  {
    key: 'dragon-android',
    adv: 'games',
    name: 'Dragon Idle',
    bundleId: 'com.northwind.dragonidle',
    os: 2,
    downloadType: 1,
    downloadLink: 'https://play.google.com/store/apps/details?id=com.northwind.dragonidle',
    partner: 'branch',
    partnerAppId: 'dragonidle.app.link',
    color: [220, 38, 38],
    events: [
      ...std('install', 'open', 'tutorial_completion', 'achieve_level', 'purchase', 'ad_revenue'),
      { type: 2, event_id: 'dragon_boss_defeated', event_name: 'Boss defeated', event_type: 'custom' },
      { type: 2, event_id: 'dragon_vip_5', event_name: 'VIP level 5', event_type: 'achieve_level' },
    ],
  },
  {
    key: 'dragon-ios',
    adv: 'games',
    name: 'Dragon Idle',
    bundleId: 'com.northwind.dragonidle',
    os: 1,
    downloadType: 1,
    downloadLink: 'https://apps.apple.com/us/app/dragon-idle/id1600000002',
    partner: 'singular',
    partnerAppId: 'northwind_dragonidle',
    color: [234, 88, 12],
    events: std('install', 'open', 'achieve_level', 'purchase'),
  },
  {
    key: 'puzzle-apk',
    adv: 'games',
    name: 'Puzzle Town',
    bundleId: 'com.northwind.puzzletown',
    os: 2,
    downloadType: 3,
    downloadLink: 'https://downloads.northwind.example/puzzletown/puzzletown-2.4.1.apk',
    partner: 'tenjin',
    partnerAppId: 'puzzletown',
    color: [147, 51, 234],
    events: std('install', 'open', 'unlock_achievement', 'spend_credits', 'ad_revenue'),
  },
  {
    key: 'words-android',
    adv: 'games',
    name: 'Word Harbor',
    bundleId: 'com.northwind.wordharbor',
    os: 2,
    downloadType: 1,
    downloadLink: 'https://play.google.com/store/apps/details?id=com.northwind.wordharbor',
    partner: 'kochava',
    partnerAppId: 'kowordharbor1234',
    color: [13, 148, 136],
    events: std('install', 'open', 'registration', 'start_trial', 'subscribe'),
  },
];

interface DemoPixel {
  key: string;
  adv: string;
  name: string;
  conversionType: number;
  mode: number;
  events: TPixelEventInput[];
}

const DEMO_PIXELS: readonly DemoPixel[] = [
  {
    key: 'shoes-web',
    adv: 'shoes',
    name: 'northwind-shoes.example',
    conversionType: PIXEL_CONVERSION_TYPE.ecommerce,
    mode: PIXEL_MODE.pixel,
    events: [
      ...std('page_view', 'view_content', 'add_to_cart', 'initiate_checkout', 'add_payment_info', 'purchase'),
      { type: 2, event_id: 'shoes_size_guide', event_name: 'Size guide opened', event_type: 'view_content' },
    ],
  },
  {
    key: 'shoes-search',
    adv: 'shoes',
    name: 'Shoe finder search pages',
    conversionType: PIXEL_CONVERSION_TYPE.searchArbitrage,
    mode: PIXEL_MODE.pixel,
    events: std('page_view', 'search', 'view_content'),
  },
  {
    key: 'shoes-server',
    adv: 'shoes',
    name: 'Shoes order server',
    conversionType: PIXEL_CONVERSION_TYPE.ecommerce,
    mode: PIXEL_MODE.api,
    events: [
      ...std('purchase', 'add_payment_info'),
      { type: 2, event_id: 'shoes_refund', event_name: 'Order refunded', event_type: 'custom' },
    ],
  },
  {
    key: 'games-landing',
    adv: 'games',
    name: 'play.northwind-games.example',
    conversionType: PIXEL_CONVERSION_TYPE.lead,
    mode: PIXEL_MODE.pixel,
    events: [
      ...std('page_view', 'complete_registration', 'download'),
      { type: 2, event_id: 'games_trailer_play', event_name: 'Trailer played', event_type: 'custom' },
    ],
  },
];

/**
 * The demo's tracking assets: apps on six attribution partners (AppsFlyer, Adjust, Branch, Singular,
 * Tenjin, Kochava) with standard and custom events for Northwind Shoes and Northwind Games, web pixels
 * (e-commerce, search arbitrage, lead) and an API pixel with its API source. Recording states stay
 * empty: they come from events recorded through the ingestion path. Runs inside `seedDemo`'s
 * transaction.
 */
export async function seedDemoAssets(tx: Executor, storage: FileStorage, ids: DemoIds): Promise<DemoAssets> {
  const out: DemoAssets = { apps: new Map(), pixels: new Map(), apiTokens: new Map() };
  const admin = ids.users.get('admin')!;
  const advOf = (key: string) => ids.advs.get(key)!;

  for (const a of DEMO_APPS) {
    const bytes = demoIconPng(a.color);
    const file = await storage.save('avatar', 'png', bytes);
    await tx.insert(uploadedFiles).values({
      name: file,
      kind: 'avatar',
      mime: 'image/png',
      size: bytes.length,
      originalName: `${a.key}.png`,
      uploadedBy: admin.id,
      advId: advOf(a.adv),
    });
    const [app] = await tx
      .insert(apps)
      .values({
        id: newAssetId(),
        advId: advOf(a.adv),
        name: a.name,
        icon: `avatars/${file}`,
        bundleId: a.bundleId,
        os: a.os,
        downloadType: a.downloadType,
        downloadLink: a.downloadLink,
        partner: a.partner,
        partnerAppId: a.partnerAppId,
        partnerClickUrl: a.partnerClickUrl ?? '',
        postbackToken: newPostbackToken(),
        createdBy: admin.id,
      })
      .returning();
    await replaceEvents(tx, { kind: 'app', assetId: app.id, advId: app.advId, events: a.events });
    out.apps.set(a.key, {
      id: app.id,
      advId: app.advId,
      partner: a.partner,
      postbackToken: app.postbackToken,
    });
  }

  for (const p of DEMO_PIXELS) {
    const [pixel] = await tx
      .insert(pixels)
      .values({
        id: newAssetId(),
        advId: advOf(p.adv),
        name: p.name,
        conversionType: p.conversionType,
        mode: p.mode,
        createdBy: admin.id,
      })
      .returning();
    await replaceEvents(tx, { kind: 'pixel', assetId: pixel.id, advId: pixel.advId, events: p.events });
    out.pixels.set(p.key, { id: pixel.id, advId: pixel.advId, mode: pixel.mode });
    if (p.mode === PIXEL_MODE.api) {
      const source = await issueApiSource(tx, {
        createdBy: admin.id,
        pixel,
        name: `${p.name} (backend)`,
      });
      out.apiTokens.set(p.key, source.token);
    }
  }
  return out;
}
