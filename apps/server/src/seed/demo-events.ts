import type { AttributionPartner } from '@scaler/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { seededRandom } from '../lib/seeded-random';
import { AssetDirectory } from '../modules/tracking/directory';
import { ingestPostback } from '../modules/tracking/postbacks';
import type { TrackingDeps } from '../modules/tracking/service';
import { signParams, trackingKey } from '../modules/tracking/signing';
import { recordTouch } from '../modules/tracking/touches';
import { collectPixelEvents, ingestApiEvents } from '../modules/tracking/web-events';
import { IngestWriter } from '../modules/tracking/writer';
import type { DemoAssets } from './demo-assets';

const DAY_MS = 86_400_000;

/** A small deterministic generator, so every demo workspace looks the same. */
function random(seed: number) {
  const next = seededRandom(seed);
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const silent = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** Apps and pixels whose traffic stopped days ago (recording status "inactive recently") or never came. */
const QUIET: Record<string, 'inactive' | 'none'> = { 'words-android': 'inactive', 'puzzle-apk': 'none' };
const SITES: Record<string, string> = {
  'shoes-web': 'northwind-shoes.example',
  'shoes-search': 'northwind-shoes.example/search',
  'games-landing': 'play.northwind-games.example',
};

/**
 * A week of demo traffic recorded through the real tracking path (the same services the public
 * endpoints call, with the clock set back): clicks with their placement, partner postbacks attributed to
 * them (and a few unattributed), pixel page views and conversions from a pool of browsers, server events
 * of the API pixel, and a couple of refused attempts so the live panels show reasons.
 */
export async function seedDemoEvents(db: Db, assets: DemoAssets, days = 7) {
  const writer = new IngestWriter(db, silent);
  const directory = new AssetDirectory(db);
  const key = await trackingKey(db);
  const deps: TrackingDeps = { db, writer, directory, key: async () => key };
  const rnd = random(20261123);
  const now = Date.now();
  const at = (day: number) =>
    new Date(Math.min(now - 60_000, now - day * DAY_MS - rnd.int(0, 20 * 3600) * 1000));
  const meta = (time: Date) => ({
    ip: `203.0.113.${rnd.int(1, 254)}`,
    userAgent: 'Mozilla/5.0 (demo)',
    now: time,
  });
  const bundles = ['com.puzzle.blast', 'com.news.daily', 'com.weather.now', 'com.music.stream'];
  const countries = ['US', 'DE', 'JP', 'BR', 'GB'];
  const ignore = (p: Promise<unknown>) => p.catch(() => undefined);

  for (const [appKey, app] of assets.apps) {
    const quiet = QUIET[appKey];
    if (quiet === 'none') continue;
    const entry = await directory.app(app.id);
    const events = [...new Set(entry?.events.values() ?? [])].filter((e) => e !== 'install');
    for (let day = days - 1; day >= (quiet === 'inactive' ? 3 : 0); day--) {
      const work: Promise<unknown>[] = [];
      for (let i = rnd.int(12, 30); i > 0; i--) {
        const time = at(day);
        const campaign = `demo-${rnd.int(1, 3)}`;
        const params = {
          a: String(app.advId),
          app: app.id,
          c: campaign,
          g: `${campaign}-ag${rnd.int(1, 2)}`,
          cr: '',
        };
        const query = {
          ...params,
          sig: signParams(key, 'click', params),
          bundle: bundles[rnd.int(0, bundles.length - 1)],
          country: countries[rnd.int(0, countries.length - 1)],
          os: String(rnd.int(1, 2)),
          gaid: `demo-device-${rnd.int(1, 400)}`,
        };
        const installs = rnd.next() < 0.35;
        const later = new Date(Math.min(now - 30_000, time.getTime() + rnd.int(60, 3 * 3600) * 1000));
        const followUp = events.length > 0 && rnd.next() < 0.5 ? events[rnd.int(0, events.length - 1)] : null;
        const revenue =
          followUp === 'purchase' || followUp === 'ad_revenue' ? (rnd.int(99, 4999) / 100).toFixed(2) : '';
        work.push(
          recordTouch(deps, 'click', query, meta(time)).then(async ({ clickId }) => {
            if (!installs) return;
            const device = { gaid: query.gaid };
            await ignore(
              ingestPostback(
                deps,
                app.partner,
                app.postbackToken,
                { click_id: clickId, event: '', event_uid: `i-${clickId}`, ...device },
                {},
                meta(later),
              ),
            );
            if (followUp)
              await ignore(
                ingestPostback(
                  deps,
                  app.partner as AttributionPartner,
                  app.postbackToken,
                  {
                    click_id: clickId,
                    event: followUp,
                    revenue,
                    currency: revenue ? 'USD' : '',
                    event_uid: `e-${clickId}`,
                    ...device,
                  },
                  {},
                  meta(later),
                ),
              );
          }),
        );
      }
      // Installs the partner reports without one of our clicks: stored as unattributed.
      work.push(
        ignore(
          ingestPostback(
            deps,
            app.partner,
            app.postbackToken,
            { event: 'install', event_uid: `o-${appKey}-${day}` },
            {},
            meta(at(day)),
          ),
        ),
      );
      await Promise.all(work);
    }
  }

  for (const [pixelKey, pixel] of assets.pixels) {
    const entry = await directory.pixel(pixel.id);
    const events = [...new Set(entry?.events.values() ?? [])];
    const token = assets.apiTokens.get(pixelKey);
    for (let day = days - 1; day >= 0; day--) {
      const work: Promise<unknown>[] = [];
      for (let i = rnd.int(20, 45); i > 0; i--) {
        const eventId = i % 3 === 0 && events.length > 1 ? events[rnd.int(0, events.length - 1)] : events[0];
        const value = eventId === 'purchase' ? (rnd.int(1500, 25000) / 100).toFixed(2) : undefined;
        const time = at(day);
        if (pixel.mode === 2 && token) {
          work.push(
            ignore(
              ingestApiEvents(
                deps,
                token,
                {
                  data: [
                    {
                      event: eventId,
                      event_id: `${pixelKey}-${day}-${i}`,
                      user: { external_id: `customer-${rnd.int(1, 60)}` },
                      properties: value ? { value, currency: 'USD' } : undefined,
                    },
                  ],
                },
                meta(time),
              ),
            ),
          );
        } else {
          work.push(
            ignore(
              collectPixelEvents(
                deps,
                {
                  pixel_id: pixel.id,
                  event: eventId,
                  event_id: `${pixelKey}-${day}-${i}`,
                  uid: `browser-${rnd.int(1, 80)}`,
                  url: `https://${SITES[pixelKey] ?? 'shop.example'}/`,
                  value,
                  currency: value ? 'USD' : undefined,
                },
                meta(time),
              ),
            ),
          );
        }
      }
      await Promise.all(work);
    }
    // A refused attempt, so the panel shows what a mistake looks like.
    await ignore(
      collectPixelEvents(
        deps,
        { pixel_id: pixel.id, event: 'AddToWishlist', event_id: `${pixelKey}-bad` },
        meta(new Date(now - 120_000)),
      ),
    );
  }
  await writer.drain();
}
