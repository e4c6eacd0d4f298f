import {
  downloadLinkProblem,
  EVENT_KIND,
  findStandardEvent,
  parseStoreLink,
  type TCheckLinkAnswer,
  type TPromotedAsset,
  translate,
} from '@scaler/domain';
import { and, eq } from 'drizzle-orm';
import { appEvents, apps, campaigns, pixelEvents, pixels } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type PerfDeps, requireAds } from '../account-scope/scope';
import { zoneAnswer } from '../clock/zone';

/**
 * `check/link`: the valid download link rule of the assets (decisions: https; a store page of the
 * app's platform whose id is its package, or an APK link for Android). With `app_id` the link is
 * checked for that app of the account; without, it must be a store page or another https link.
 */
export async function checkLink(
  deps: PerfDeps & { url: string; appId: string | null },
): Promise<TCheckLinkAnswer> {
  const adv = await requireAds(deps, 'ads.view');
  const store = parseStoreLink(deps.url);
  const answer = (problem: string | null): TCheckLinkAnswer => ({
    valid: problem === null,
    message: problem === null ? '' : translate(deps.locale, problem),
    os: store?.os ?? null,
    bundle_id: store?.bundle_id ?? null,
  });
  if (deps.appId !== null) {
    const [app] = await deps.db
      .select()
      .from(apps)
      .where(and(eq(apps.advId, adv.adv_id), eq(apps.id, deps.appId)));
    if (!app) throw new AppError('NOT_FOUND');
    return answer(
      downloadLinkProblem({
        os: app.os as 1 | 2,
        download_type: store ? 1 : 3,
        download_link: deps.url,
        bundle_id: app.bundleId,
      }),
    );
  }
  let https = false;
  try {
    const u = new URL(deps.url);
    https = u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password;
  } catch {
    https = false;
  }
  return answer(store || https ? null : 'validation.download_link');
}

/** Standard events are named in the request's language (the stored name is the English one). */
function named<E extends { event_type: string; event_name: string; type: number }>(
  kind: 'web' | 'app',
  locale: PerfDeps['locale'],
  events: E[],
): E[] {
  return events.map((e) => {
    const standard = e.type === EVENT_KIND.standard ? findStandardEvent(kind, e.event_type) : undefined;
    return standard ? { ...e, event_name: standard.names[locale] } : e;
  });
}

/** `adgroup/app/info`: the campaign's app or pixel and its events, for the ad group form. */
export async function promotedAsset(deps: PerfDeps & { campaignId: number }): Promise<TPromotedAsset> {
  const adv = await requireAds(deps, 'ads.view');
  const [c] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.advId, adv.adv_id), eq(campaigns.id, deps.campaignId)));
  if (!c) throw new AppError('NOT_FOUND');
  if (c.appId) {
    const [app] = await deps.db.select().from(apps).where(eq(apps.id, c.appId));
    const events = await deps.db
      .select({
        event_id: appEvents.eventId,
        event_type: appEvents.eventType,
        event_name: appEvents.eventName,
        type: appEvents.type,
      })
      .from(appEvents)
      .where(eq(appEvents.appId, c.appId))
      .orderBy(appEvents.type, appEvents.eventId);
    return {
      link_type: c.linkType,
      os: c.os,
      ...zoneAnswer(adv.timezone),
      app: app ? { _id: app.id, name: app.name, bundle_id: app.bundleId, os: app.os } : null,
      pixel: null,
      landing_url: null,
      events: named('app', deps.locale, events),
    };
  }
  const [pixel] = await deps.db
    .select()
    .from(pixels)
    .where(eq(pixels.id, c.pixelId ?? ''));
  const events = await deps.db
    .select({
      event_id: pixelEvents.eventId,
      event_type: pixelEvents.eventType,
      event_name: pixelEvents.eventName,
      type: pixelEvents.type,
    })
    .from(pixelEvents)
    .where(eq(pixelEvents.pixelId, c.pixelId ?? ''))
    .orderBy(pixelEvents.type, pixelEvents.eventId);
  return {
    link_type: c.linkType,
    os: c.os,
    ...zoneAnswer(adv.timezone),
    app: null,
    pixel: pixel ? { _id: pixel.id, name: pixel.name } : null,
    landing_url: c.landingUrl,
    events: named('web', deps.locale, events),
  };
}
