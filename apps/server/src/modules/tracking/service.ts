/**
 * What the public tracking endpoints share: their dependencies, the live-panel entries and refusals of
 * an asset, event-name resolution, and attribution of an event to a click or impression.
 */
import type { TrackingMessage, TrackingReason, TrackingSource } from '@scaler/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trackingTouches } from '../../db/schema';
import type { AssetDirectory, TrackedAsset } from './directory';
import { MAX_CLOCK_SKEW_MS, malformed, storableText, TrackingRejection } from './values';
import { type IngestWriter, type LogRow, TOUCH_KIND } from './writer';

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

export type Touch = typeof trackingTouches.$inferSelect;

export interface IngestResult {
  accepted: number;
  duplicate: number;
  events: { event_id: string; status: 'accepted' | 'duplicate' }[];
}

export const unknownAsset = (key: TrackingMessage['key'], params?: TrackingMessage['params']) =>
  new TrackingRejection(404, 'unknown_asset', { key, params });

/** What a live-panel entry says about the attempt, beside the asset, time, source and outcome. */
export type LogFields = Omit<
  LogRow,
  'advId' | 'receivedAt' | 'accepted' | 'reason' | 'source' | 'message' | 'params'
>;

/**
 * A rejection whose live-panel entries belong to a known asset: one per refused event (`refusals`), or
 * one for the request as a whole.
 */
export class AssetRejection extends TrackingRejection {
  constructor(
    readonly asset: TrackedAsset,
    readonly entry: LogFields,
    cause: TrackingRejection,
    readonly refusals: { entry: LogFields; rejection: TrackingRejection }[] = [],
  ) {
    super(cause.status, cause.reason, cause.text, cause.data, cause.errors);
  }
}

export function logRow(
  asset: TrackedAsset,
  source: TrackingSource,
  now: Date,
  reason: TrackingReason | null,
  fields: LogFields,
  message?: TrackingMessage,
): LogRow {
  // Every field named (no `...fields`): object spreads in the per-event path cost microseconds each in
  // Node 20's V8 (`npm run bench`).
  return {
    advId: asset.advId,
    appId: fields.appId ?? (asset.kind === 'app' ? asset.id : ''),
    pixelId: fields.pixelId ?? (asset.kind === 'pixel' ? asset.id : ''),
    receivedAt: now,
    source,
    accepted: reason === null || reason === 'unattributed',
    reason,
    message: message?.key ?? null,
    params: message?.params ? storableParams(message.params) : null,
    eventId: fields.eventId,
    value: fields.value,
    currency: fields.currency,
    event: storableText(fields.event).slice(0, 100),
    clickId: fields.clickId ? storableText(fields.clickId).slice(0, 200) : null,
    detail: fields.detail ? storableText(fields.detail).slice(0, 300) : null,
  };
}

/** Message parameters quote what a sender sent: kept short and storable. */
const storableParams = (params: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? v : storableText(v).slice(0, 200)]),
  );

/** Most live-panel entries one refused request writes (one per refused event). */
const MAX_REFUSAL_ENTRIES = 50;

/** Writes the rejection's live-panel entries (when it belongs to an asset) and rethrows it. */
export function logAndRethrow(deps: TrackingDeps, source: TrackingSource, now: Date, error: unknown): never {
  if (error instanceof AssetRejection) {
    const refusals =
      error.refusals.length > 0
        ? error.refusals
        : [{ entry: error.entry, rejection: error as TrackingRejection }];
    deps.writer.logOnly(
      refusals
        .slice(0, MAX_REFUSAL_ENTRIES)
        .map((r) => logRow(error.asset, source, now, r.rejection.reason, r.entry, r.rejection.text)),
    );
  }
  throw error;
}

/** The asset event a sender's name stands for; the cached copy is read again before refusing. */
export async function resolveEvent(
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

export async function touchesById(db: Db, ids: (string | null | undefined)[]): Promise<Map<string, Touch>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(trackingTouches).where(inArray(trackingTouches.clickId, wanted));
  return new Map(rows.map((r) => [r.clickId, r]));
}

/** How long after a click (or an impression, view-through) an event is still attributed to it. */
export const CLICK_WINDOW_MS = 7 * 86_400_000;
export const IMPRESSION_WINDOW_MS = 86_400_000;

/** The touch an event of `asset` at `eventTime` is attributed to: the asset's own, inside the window. */
export function attributable(
  touch: Touch | undefined,
  asset: TrackedAsset,
  eventTime: Date,
): Touch | undefined {
  if (!touch) return undefined;
  const own = asset.kind === 'app' ? touch.appId === asset.id : touch.pixelId === asset.id;
  const age = eventTime.getTime() - touch.createdAt.getTime();
  const window = touch.kind === TOUCH_KIND.click ? CLICK_WINDOW_MS : IMPRESSION_WINDOW_MS;
  // A little clock skew between our click and the sender's event time is tolerated.
  return own && age > -MAX_CLOCK_SKEW_MS && age <= window ? touch : undefined;
}

/** Where an event is placed: its click's campaign, ad group, creative and context, when attributed. */
export interface Placement {
  attributed: boolean;
  requestTime: Date;
  campaignId?: string;
  adgroupId?: string;
  creativeId?: string;
  bundle?: string;
  country?: string;
  os?: number;
}

/** The placement of an attributed event, from its click; an unattributed event has none. */
export function placement(touch: Touch | undefined, eventTime: Date): Placement {
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

export function summarise(rows: { dedupKey: string; senderId: string }[], outcomes: string[]): IngestResult {
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

export function parseJsonBody(body: unknown): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      throw malformed('tracking.not_json');
    }
  }
  if (Buffer.isBuffer(body)) return parseJsonBody(body.toString('utf8'));
  return body;
}

export function parseJsonBodySafe(body: unknown): unknown {
  try {
    return parseJsonBody(body);
  } catch {
    return null;
  }
}
