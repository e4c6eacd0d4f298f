import { randomBytes } from 'node:crypto';
import {
  ATTRIBUTION_PARTNERS,
  type AttributionPartner,
  CLICK_ID_PARAM,
  type ClickMacro,
  fillClickMacros,
  PARTNERS,
  type TApiEvent,
  type TCollectEvent,
  type TrackingReason,
  type TrackingSource,
  ZApiEventsBody,
  ZCollectBody,
} from '@scaler/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, trackingTouches } from '../../db/schema';
import { hashApiToken } from '../assets/tokens';
import type { AssetDirectory, TrackedAsset } from './directory';
import { appEventCandidates, parsePostback } from './partners';
import { type SignedParam, verifySignature } from './signing';
import {
  addressKey,
  assertStorableText,
  clipped,
  countryCode,
  MAX_CLOCK_SKEW_MS,
  malformed,
  optionalText,
  osCode,
  parseCurrency,
  parseDecimal,
  parseEventTime,
  sha256,
  storableText,
  TrackingRejection,
} from './values';
import { type EventRow, type IngestWriter, type LogRow, TOUCH_KIND } from './writer';

export interface TrackingDeps {
  db: Db;
  writer: IngestWriter;
  directory: AssetDirectory;
  /** The click-URL signing key. */
  key: () => Promise<Buffer>;
}

/** Who sent the request. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  now: Date;
}

type Touch = typeof trackingTouches.$inferSelect;

export interface IngestResult {
  accepted: number;
  duplicate: number;
  events: { event_id: string; status: 'accepted' | 'duplicate' }[];
}

const unknownAsset = (what: string) => new TrackingRejection(404, 'unknown_asset', `Unknown ${what}.`);

/** A rejection whose live-panel entry belongs to a known asset. */
class AssetRejection extends TrackingRejection {
  constructor(
    readonly asset: TrackedAsset,
    readonly entry: Omit<LogRow, 'advId' | 'receivedAt' | 'accepted' | 'reason' | 'source'>,
    cause: TrackingRejection,
  ) {
    super(cause.status, cause.reason, cause.message, cause.data);
  }
}

function logRow(
  asset: TrackedAsset,
  source: TrackingSource,
  now: Date,
  reason: TrackingReason | null,
  fields: Omit<LogRow, 'advId' | 'receivedAt' | 'accepted' | 'reason' | 'source'>,
): LogRow {
  return {
    advId: asset.advId,
    appId: asset.kind === 'app' ? asset.id : '',
    pixelId: asset.kind === 'pixel' ? asset.id : '',
    receivedAt: now,
    source,
    accepted: reason === null || reason === 'unattributed',
    reason,
    ...fields,
    event: storableText(fields.event).slice(0, 100),
    clickId: fields.clickId ? storableText(fields.clickId).slice(0, 200) : null,
    detail: fields.detail ? storableText(fields.detail).slice(0, 300) : null,
  };
}

/** Writes the rejection's live-panel entry (when it belongs to an asset) and rethrows it. */
function logAndRethrow(deps: TrackingDeps, source: TrackingSource, now: Date, error: unknown): never {
  if (error instanceof AssetRejection) {
    deps.writer.logOnly([
      logRow(error.asset, source, now, error.reason, {
        ...error.entry,
        detail: error.entry.detail ?? error.message,
      }),
    ]);
  }
  throw error;
}

/** The asset event a sender's name stands for; the cached copy is read again before refusing. */
async function resolveEvent(
  deps: TrackingDeps,
  asset: TrackedAsset,
  candidates: string[],
): Promise<{ asset: TrackedAsset; eventId: string } | null> {
  for (const attempt of [asset, null]) {
    const current =
      attempt ??
      (asset.kind === 'pixel'
        ? await deps.directory.pixel(asset.id, true)
        : await deps.directory.app(asset.id, true));
    if (!current || current.deleted) return null;
    for (const name of candidates) {
      const eventId = current.events.get(name.toLowerCase());
      if (eventId) return { asset: current, eventId };
    }
  }
  return null;
}

async function touchesById(db: Db, ids: (string | null | undefined)[]): Promise<Map<string, Touch>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(trackingTouches).where(inArray(trackingTouches.clickId, wanted));
  return new Map(rows.map((r) => [r.clickId, r]));
}

/** How long after a click (or an impression, view-through) an event is still attributed to it. */
export const CLICK_WINDOW_MS = 7 * 86_400_000;
export const IMPRESSION_WINDOW_MS = 86_400_000;

/** The touch an event of `asset` at `eventTime` is attributed to: the asset's own, inside the window. */
function attributable(touch: Touch | undefined, asset: TrackedAsset, eventTime: Date): Touch | undefined {
  if (!touch) return undefined;
  const own = asset.kind === 'app' ? touch.appId === asset.id : touch.pixelId === asset.id;
  const age = eventTime.getTime() - touch.createdAt.getTime();
  const window = touch.kind === TOUCH_KIND.click ? CLICK_WINDOW_MS : IMPRESSION_WINDOW_MS;
  // A little clock skew between our click and the sender's event time is tolerated.
  return own && age > -MAX_CLOCK_SKEW_MS && age <= window ? touch : undefined;
}

/** The placement of an attributed event, from its click; an unattributed event has none. */
function placement(touch: Touch | undefined, eventTime: Date) {
  if (!touch) return { attributed: false, requestTime: eventTime };
  return {
    attributed: true,
    requestTime: touch.createdAt,
    campaignId: touch.campaignId,
    adgroupId: touch.adgroupId,
    creativeId: touch.creativeId,
    bundle: touch.bundle,
    country: touch.country,
    os: touch.os,
  };
}

function summarise(rows: { dedupKey: string; senderId: string }[], outcomes: string[]): IngestResult {
  const events = rows.map((r, i) => ({
    event_id: r.senderId,
    status: (outcomes[i] === 'stored' ? 'accepted' : 'duplicate') as 'accepted' | 'duplicate',
  }));
  return {
    accepted: events.filter((e) => e.status === 'accepted').length,
    duplicate: events.filter((e) => e.status === 'duplicate').length,
    events,
  };
}

/* ---------------------------------------------------------------------------------------------- */
/* Web pixel and events API                                                                        */

interface WebEventInput {
  event: string;
  senderId: string | null;
  time: unknown;
  url: string | null;
  userKey: string;
  clickId: string | null;
  value: unknown;
  currency: unknown;
}

/** Validates every event of a pixel request first, then stores them together: all or nothing. */
async function ingestWebEvents(
  deps: TrackingDeps,
  source: 'pixel' | 'api',
  pixelOf: (index: number) => Promise<TrackedAsset>,
  inputs: WebEventInput[],
  meta: RequestMeta,
  apiSourceId?: string,
): Promise<IngestResult> {
  const touches = await touchesById(
    deps.db,
    inputs.map((e) => e.clickId),
  );
  const prepared: { row: EventRow; log: LogRow; senderId: string }[] = [];
  for (const [index, input] of inputs.entries()) {
    const pixel = await pixelOf(index);
    const entry = { event: input.event, clickId: input.clickId, detail: input.url };
    try {
      const resolved = await resolveEvent(deps, pixel, [input.event]);
      if (!resolved) {
        throw new TrackingRejection(400, 'unknown_event', `"${input.event}" is not an event of this pixel.`, {
          index,
        });
      }
      const value = parseDecimal(input.value, 'value');
      const currency = parseCurrency(input.currency);
      const eventTime = parseEventTime(input.time, meta.now);
      const touch = input.clickId ? touches.get(input.clickId) : undefined;
      const attributedTouch = attributable(touch, pixel, eventTime);
      const senderId = input.senderId ?? randomBytes(12).toString('hex');
      const row: EventRow = {
        // The sender's id counts once per event type (an order id may name a checkout and a purchase);
        // the browser and the events API have keys of their own, so neither can pre-empt the other.
        dedupKey: `${source === 'api' ? 'api' : 'px'}:${pixel.id}:${resolved.eventId}:${senderId}`,
        source,
        advId: pixel.advId,
        pixelId: pixel.id,
        eventId: resolved.eventId,
        eventName: input.event.slice(0, 100),
        eventTime,
        receivedAt: meta.now,
        clickId: input.clickId,
        userKey: input.userKey,
        value,
        currency,
        url: input.url?.slice(0, 2048) ?? null,
        ...placement(attributedTouch, eventTime),
      };
      const unattributed = input.clickId && !attributedTouch;
      prepared.push({
        row,
        senderId,
        log: logRow(pixel, source, meta.now, unattributed ? 'unattributed' : null, {
          event: input.event,
          eventId: resolved.eventId,
          value,
          currency,
          clickId: input.clickId,
          detail: input.url,
        }),
      });
    } catch (error) {
      if (error instanceof TrackingRejection) {
        const data = { ...error.data, index };
        throw new AssetRejection(
          pixel,
          entry,
          new TrackingRejection(error.status, error.reason, error.message, data),
        );
      }
      throw error;
    }
  }
  const outcomes = await deps.writer.submit(
    prepared.map((p) => ({ kind: 'event', row: p.row, log: p.log, apiSourceId })),
  );
  return summarise(
    prepared.map((p) => ({ dedupKey: p.row.dedupKey, senderId: p.senderId })),
    outcomes,
  );
}

function parseJsonBody(body: unknown): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      throw malformed('The body is not JSON.');
    }
  }
  if (Buffer.isBuffer(body)) return parseJsonBody(body.toString('utf8'));
  return body;
}

/** Finds the pixel a malformed body names, so its panel can show the refusal. */
async function pixelNamedIn(deps: TrackingDeps, body: unknown): Promise<TrackedAsset | null> {
  const obj = body as { pixel_id?: unknown; events?: { pixel_id?: unknown }[] } | null;
  const id = obj?.pixel_id ?? (Array.isArray(obj?.events) ? obj.events[0]?.pixel_id : undefined);
  if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) return null;
  const pixel = await deps.directory.pixel(id);
  return pixel && !pixel.deleted ? pixel : null;
}

/** `POST /px/collect`: events of the pixel script (or any page that posts the same JSON). */
export async function collectPixelEvents(deps: TrackingDeps, body: unknown, meta: RequestMeta) {
  try {
    const json = parseJsonBody(body);
    try {
      assertStorableText(json);
    } catch (error) {
      const pixel = await pixelNamedIn(deps, json);
      throw pixel
        ? new AssetRejection(
            pixel,
            { event: '?', detail: (error as Error).message },
            error as TrackingRejection,
          )
        : error;
    }
    const parsed = ZCollectBody.safeParse(json);
    if (!parsed.success) {
      const pixel = await pixelNamedIn(deps, json);
      const issue = parsed.error.issues[0];
      const rejection = malformed(`Malformed event: ${issue.path.join('.') || 'body'} ${issue.message}`);
      throw pixel
        ? new AssetRejection(pixel, { event: '?', detail: rejection.message }, rejection)
        : rejection;
    }
    const events: TCollectEvent[] = 'events' in parsed.data ? parsed.data.events : [parsed.data];
    const pixels = new Map<string, TrackedAsset>();
    for (const e of events) {
      if (pixels.has(e.pixel_id)) continue;
      const pixel = /^[0-9a-f]{24}$/.test(e.pixel_id) ? await deps.directory.pixel(e.pixel_id) : null;
      if (!pixel) throw unknownAsset('pixel');
      if (pixel.deleted) {
        throw new AssetRejection(
          pixel,
          { event: e.event, detail: e.url ?? null },
          unknownAsset('pixel (deleted)'),
        );
      }
      pixels.set(e.pixel_id, pixel);
    }
    return await ingestWebEvents(
      deps,
      'pixel',
      async (i) => pixels.get(events[i].pixel_id) as TrackedAsset,
      events.map((e) => ({
        event: e.event,
        senderId: e.event_id ?? null,
        time: e.ts,
        url: e.url ?? null,
        userKey: e.uid ? `u:${e.uid}` : addressKey(meta.ip, meta.userAgent),
        clickId: e.click_id || null,
        value: e.value,
        currency: e.currency,
      })),
      meta,
    );
  } catch (error) {
    logAndRethrow(deps, 'pixel', meta.now, error);
  }
}

/** The token of an events-API request: `Authorization: Bearer <token>` or an `access-token` header. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  const value = Array.isArray(auth) ? auth[0] : auth;
  const m = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  if (m) return m[1];
  const alt = headers['access-token'];
  return (Array.isArray(alt) ? alt[0] : alt)?.trim() || null;
}

/** `POST /open/v1/events`: server-to-server events of an API source, idempotent by `event_id`. */
export async function ingestApiEvents(
  deps: TrackingDeps,
  token: string | null,
  body: unknown,
  meta: RequestMeta,
): Promise<IngestResult> {
  try {
    const source = token ? await deps.directory.apiSource(hashApiToken(token)) : null;
    if (!source) {
      const named = await pixelNamedIn(deps, parseJsonBodySafe(body));
      const rejection = new TrackingRejection(
        401,
        'bad_token',
        'The access token is missing, unknown or revoked.',
      );
      throw named
        ? new AssetRejection(named, { event: '?', detail: rejection.message }, rejection)
        : rejection;
    }
    const pixel = await deps.directory.pixel(source.pixelId);
    if (!pixel || pixel.deleted) throw unknownAsset('pixel');
    const json = parseJsonBody(body);
    try {
      assertStorableText(json);
    } catch (error) {
      throw new AssetRejection(pixel, { event: '?', detail: null }, error as TrackingRejection);
    }
    const parsed = ZApiEventsBody.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue.path.join('.');
      throw new AssetRejection(
        pixel,
        { event: '?', detail: null },
        malformed(`Malformed payload: ${path || 'body'} ${issue.message}`, {
          errors: parsed.error.issues
            .slice(0, 20)
            .map((i) => ({ path: i.path.join('.'), message: i.message })),
        }),
      );
    }
    if (parsed.data.pixel_id && parsed.data.pixel_id !== pixel.id) {
      throw new AssetRejection(
        pixel,
        { event: '?', detail: null },
        malformed('pixel_id is not the pixel of this access token.'),
      );
    }
    const data: TApiEvent[] = parsed.data.data;
    return await ingestWebEvents(
      deps,
      'api',
      async () => pixel,
      data.map((e) => ({
        event: e.event,
        senderId: e.event_id,
        time: e.event_time,
        url: e.page?.url ?? null,
        userKey: e.user?.external_id
          ? `x:${e.user.external_id}`
          : e.user?.ip || e.user?.user_agent
            ? addressKey(e.user.ip, e.user.user_agent)
            : `e:${e.event_id}`,
        clickId: e.click_id || null,
        value: e.properties?.value,
        currency: e.properties?.currency,
      })),
      meta,
      source.id,
    );
  } catch (error) {
    logAndRethrow(deps, 'api', meta.now, error);
  }
}

function parseJsonBodySafe(body: unknown): unknown {
  try {
    return parseJsonBody(body);
  } catch {
    return null;
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* Partner postbacks                                                                               */

export const isPartner = (name: string): name is AttributionPartner =>
  (ATTRIBUTION_PARTNERS as readonly string[]).includes(name);

/**
 * `/t/postback/<partner>/<token>`: an install or in-app event from the app's attribution partner. It is
 * attributed to our click (or impression) by the echoed click id; without a known click it is stored as
 * unattributed. A resent postback (same partner event id, or the same identifying fields) counts once.
 */
export async function ingestPostback(
  deps: TrackingDeps,
  partner: string,
  token: string,
  query: Record<string, unknown>,
  body: unknown,
  meta: RequestMeta,
): Promise<{ status: 'accepted' | 'duplicate'; attributed: boolean; event_id: string }> {
  if (!isPartner(partner)) throw new TrackingRejection(404, 'unknown_asset', `Unknown partner "${partner}".`);
  const app = /^[0-9a-f]{16,64}$/.test(token) ? await deps.directory.appByToken(token) : null;
  if (!app) throw unknownAsset('app (the postback URL is not valid any more)');
  let entry: Omit<LogRow, 'advId' | 'receivedAt' | 'accepted' | 'reason' | 'source'> = {
    event: '?',
    detail: PARTNERS[partner].name,
  };
  try {
    try {
      const parsedBody = parseJsonBodySafe(body) ?? {};
      assertStorableText(query);
      assertStorableText(parsedBody);
      const pb = parsePostback(partner, query, parsedBody);
      entry = {
        event: pb.event || 'install',
        clickId: pb.clickId,
        value: pb.revenue,
        currency: pb.currency,
        detail: PARTNERS[partner].name,
      };
      const resolved = await resolveEvent(deps, app, appEventCandidates(pb.event));
      if (!resolved) {
        throw new TrackingRejection(
          400,
          'unknown_event',
          `"${pb.event || 'install'}" is not an event of this app.`,
        );
      }
      const eventTime = parseEventTime(pb.ts, meta.now);
      const touch = pb.clickId ? (await touchesById(deps.db, [pb.clickId])).get(pb.clickId) : undefined;
      const attributedTouch = attributable(touch, app, eventTime);
      const identity = pb.eventUid
        ? `uid:${pb.eventUid}`
        : `h:${sha256(
            JSON.stringify([resolved.eventId, pb.clickId, pb.idfa, pb.gaid, String(pb.ts ?? ''), pb.revenue]),
          )}`;
      const userKey = pb.idfa
        ? `d:${pb.idfa.toLowerCase()}`
        : pb.gaid
          ? `d:${pb.gaid.toLowerCase()}`
          : attributedTouch
            ? addressKey(attributedTouch.ip ?? '', attributedTouch.userAgent ?? '')
            : `e:${identity}`;
      const row: EventRow = {
        dedupKey: `pb:${app.id}:${resolved.eventId}:${identity}`,
        source: 'postback',
        advId: app.advId,
        appId: app.id,
        eventId: resolved.eventId,
        eventName: entry.event,
        eventTime,
        receivedAt: meta.now,
        clickId: pb.clickId,
        userKey,
        value: pb.revenue,
        currency: pb.currency,
        partner,
        payload: boundedPayload({ query, body: parsedBody }),
        ...placement(attributedTouch, eventTime),
      };
      const log = logRow(app, 'postback', meta.now, attributedTouch ? null : 'unattributed', {
        ...entry,
        eventId: resolved.eventId,
      });
      const [outcome] = await deps.writer.submit([{ kind: 'event', row, log }]);
      return {
        status: outcome === 'stored' ? 'accepted' : 'duplicate',
        attributed: Boolean(attributedTouch),
        event_id: resolved.eventId,
      };
    } catch (error) {
      if (error instanceof TrackingRejection) throw new AssetRejection(app, entry, error);
      throw error;
    }
  } catch (error) {
    logAndRethrow(deps, 'postback', meta.now, error);
  }
}

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

/** The postback as received, for support; a huge one is cut down to its query. */
function boundedPayload(payload: { query: Record<string, unknown>; body: unknown }) {
  return JSON.stringify(payload).length <= 8_000
    ? payload
    : { query: payload.query, body: '(too large to keep)' };
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
  };
  const sig = str('sig', 64);
  if (!signed.a || !/^\d+$/.test(signed.a)) throw malformed('a (the advertiser account) is required.');
  if (Boolean(signed.app) === Boolean(signed.px)) throw malformed('Exactly one of app or px is required.');
  const assetId = (signed.app || signed.px) as string;
  if (!TOUCH_ID_RE.test(assetId)) throw unknownAsset(signed.app ? 'app' : 'pixel');
  const asset = signed.app ? await deps.directory.app(assetId) : await deps.directory.pixel(assetId);
  if (!asset || asset.deleted || asset.advId !== Number(signed.a))
    throw unknownAsset(signed.app ? 'app' : 'pixel');
  const source: TrackingSource = kind;
  const fail = (rejection: TrackingRejection): never => {
    deps.writer.logOnly([
      logRow(asset, source, meta.now, rejection.reason, { event: kind, detail: rejection.message }),
    ]);
    throw rejection;
  };
  if (!sig || !verifySignature(await deps.key(), signed, sig)) {
    fail(new TrackingRejection(403, 'bad_signature', 'The tracking URL signature does not match.'));
  }
  let landing: URL | null = null;
  if (signed.u) {
    try {
      landing = new URL(signed.u);
    } catch {
      fail(malformed('u is not a URL.'));
    }
    if (landing && !['http:', 'https:'].includes(landing.protocol))
      fail(malformed('u must be an http(s) URL.'));
  }
  if (kind === 'click' && asset.kind === 'pixel' && !landing)
    fail(malformed('u (the landing page) is required.'));

  const clickId = randomBytes(12).toString('hex');
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
