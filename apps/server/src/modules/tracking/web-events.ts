/** Web events: the pixel's collection endpoint and the server-to-server events API of API sources. */
import { randomBytes } from 'node:crypto';
import { type TApiEvent, type TCollectEvent, ZApiEventsBody, ZCollectBody } from '@scaler/domain';
import { hashApiToken } from '../assets/tokens';
import type { TrackedAsset } from './directory';
import {
  AssetRejection,
  attributable,
  type IngestResult,
  logAndRethrow,
  logRow,
  parseJsonBody,
  parseJsonBodySafe,
  placement,
  type RequestMeta,
  resolveEvent,
  summarise,
  type TrackingDeps,
  touchesById,
  unknownAsset,
} from './service';
import {
  addressKey,
  assertStorableText,
  malformed,
  parseCurrency,
  parseDecimal,
  parseEventTime,
  TrackingRejection,
} from './values';
import type { EventRow, LogRow } from './writer';

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
