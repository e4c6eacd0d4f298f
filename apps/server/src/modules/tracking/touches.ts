/** Click and impression tracking: signed URLs recorded with their placement, then the redirect. */
import { createHash, randomBytes } from 'node:crypto';
import {
  type AttributionPartner,
  CLICK_ID_PARAM,
  type ClickMacro,
  fillClickMacros,
  PARTNERS,
  type TrackingSource,
} from '@scaler/domain';
import { eq } from 'drizzle-orm';
import { apps } from '../../db/schema';
import { logRow, type RequestMeta, type TrackingDeps, unknownAsset } from './service';
import { type SignedParam, verifySignature } from './signing';
import {
  assertStorableText,
  clipped,
  countryCode,
  malformed,
  optionalText,
  osCode,
  TrackingRejection,
} from './values';
import { TOUCH_KIND } from './writer';

/* ---------------------------------------------------------------------------------------------- */
/* Clicks and impressions                                                                          */

const TOUCH_ID_RE = /^[0-9a-f]{24}$/;

/** Adds our click id to a landing URL without re-encoding the page's own query string. */
export function withClickId(url: string, clickId: string): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${CLICK_ID_PARAM}=${clickId}${fragment}`;
}

/**
 * `/t/click` and `/t/imp`: checks the signature, records the touch with a fresh click id and the
 * placement, and for a click answers where to send the user: the app's partner link with our macros
 * filled in, or the landing page with the click id for the pixel.
 */
export async function recordTouch(
  deps: TrackingDeps,
  kind: 'click' | 'impression',
  query: Record<string, unknown>,
  meta: RequestMeta,
): Promise<{ clickId: string; location: string | null }> {
  assertStorableText(query);
  const str = (name: string, max = 2048) => optionalText(query[name], name, max) ?? '';
  // Placement values come from the supply side: clipped, never a reason to strand the user.
  const placed = (name: string, max: number) => clipped(query[name], max);
  const signed: Partial<Record<SignedParam, string>> = {
    a: str('a', 12),
    app: str('app', 64),
    px: str('px', 64),
    c: str('c', 64),
    g: str('g', 64),
    cr: str('cr', 64),
    u: str('u'),
    n: str('n', 64),
  };
  const sig = str('sig', 64);
  if (!signed.a || !/^\d+$/.test(signed.a)) throw malformed('tracking.account_required');
  if (Boolean(signed.app) === Boolean(signed.px)) throw malformed('tracking.one_asset');
  const assetId = (signed.app || signed.px) as string;
  const unknown = () => unknownAsset(signed.app ? 'tracking.unknown_app' : 'tracking.unknown_pixel');
  if (!TOUCH_ID_RE.test(assetId)) throw unknown();
  const asset = signed.app ? await deps.directory.app(assetId) : await deps.directory.pixel(assetId);
  if (!asset || asset.deleted || asset.advId !== Number(signed.a)) throw unknown();
  const source: TrackingSource = kind;
  const fail = (rejection: TrackingRejection): never => {
    deps.writer.logOnly([
      logRow(asset, source, meta.now, rejection.reason, { event: kind, detail: null }, rejection.text),
    ]);
    throw rejection;
  };
  if (!sig || !verifySignature(await deps.key(), kind, signed, sig)) {
    fail(new TrackingRejection(403, 'bad_signature', { key: 'tracking.bad_signature' }));
  }
  let landing: URL | null = null;
  if (signed.u) {
    try {
      landing = new URL(signed.u);
    } catch {
      fail(malformed('tracking.landing_invalid'));
    }
    if (landing && !['http:', 'https:'].includes(landing.protocol))
      fail(malformed('tracking.landing_invalid'));
  }
  if (kind === 'click' && asset.kind === 'pixel' && !landing) fail(malformed('tracking.landing_required'));

  // A notice id names one served impression: its impression and its click each have one id, so a
  // replay is a duplicate. Without one, every request is a new touch (a test link).
  const clickId = signed.n
    ? createHash('sha256').update(`${kind}\u0001${signed.a}\u0001${signed.n}`).digest('hex').slice(0, 24)
    : randomBytes(12).toString('hex');
  const os = osCode(query.os);
  const row = {
    clickId,
    kind: kind === 'click' ? TOUCH_KIND.click : TOUCH_KIND.impression,
    advId: asset.advId,
    appId: asset.kind === 'app' ? asset.id : '',
    pixelId: asset.kind === 'pixel' ? asset.id : '',
    campaignId: signed.c ?? '',
    adgroupId: signed.g ?? '',
    creativeId: signed.cr ?? '',
    bundle: placed('bundle', 200),
    country: countryCode(query.country),
    os,
    idfa: placed('idfa', 64) || null,
    gaid: placed('gaid', 64) || null,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 512),
    destination: null as string | null,
    price: null,
    createdAt: meta.now,
  };
  let location: string | null = null;
  if (kind === 'click') {
    if (asset.kind === 'app') {
      const [app] = await deps.db.select().from(apps).where(eq(apps.id, asset.id));
      const def = PARTNERS[app.partner as AttributionPartner];
      const template = app.partnerClickUrl || def.clickUrl(app.partnerAppId);
      const values: Partial<Record<ClickMacro, string>> = {
        click_id: clickId,
        idfa: row.idfa ?? '',
        gaid: row.gaid ?? '',
        ip: meta.ip,
        ua: meta.userAgent,
        lang: placed('lang', 35),
        campaign_id: row.campaignId,
        adgroup_id: row.adgroupId,
        creative_id: row.creativeId,
        bundle: row.bundle,
        country: row.country,
        os: os === 1 ? 'ios' : os === 2 ? 'android' : '',
        timestamp: String(Math.floor(meta.now.getTime() / 1000)),
      };
      // Through URL, so characters a header cannot carry are percent-encoded.
      location = new URL(fillClickMacros(template, values)).href;
    } else if (landing) {
      location = withClickId(landing.href, clickId);
    }
    row.destination = location;
  }
  await deps.writer.submit([
    {
      kind: 'touch',
      row,
      log: logRow(asset, source, meta.now, null, {
        event: kind,
        clickId,
        detail: [row.campaignId, row.bundle, row.country].filter(Boolean).join(' · ') || null,
      }),
    },
  ]);
  return { clickId, location };
}
