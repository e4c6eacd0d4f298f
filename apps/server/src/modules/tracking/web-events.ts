/** Web events: the pixel's collection endpoint and the server-to-server events API of API sources. */
import { randomBytes } from 'node:crypto';
import {
  MAX_EVENTS_PER_REQUEST,
  OBJECT_ID_RE,
  type TApiEvent,
  type TCollectEvent,
  ZApiEventsBody,
  ZCollectBatch,
  ZCollectEvent,
} from '@scaler/domain';
import type { z } from 'zod';
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
  type EventRefusal,
  malformed,
  parseCurrency,
  parseDecimal,
  parseEventTime,
  refusedEvents,
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

/**
 * Validates every event of a pixel request first, then stores them together: all or nothing. A request
 * with invalid events is refused with every one of them listed (index, reason, message), and each gets
 * its line in the pixel's live panel.
 */
async function ingestWebEvents(
  deps: TrackingDeps,
  source: 'pixel' | 'api',
  pixel: TrackedAsset,
  inputs: WebEventInput[],
  meta: RequestMeta,
  apiSourceId?: string,
): Promise<IngestResult> {
  const touches = await touchesById(
    deps.db,
    inputs.map((e) => e.clickId),
  );
  const prepared: { row: EventRow; log: LogRow; senderId: string }[] = [];
  const refusals: AssetRejection['refusals'] = [];
  const errors: EventRefusal[] = [];
  for (const [index, input] of inputs.entries()) {
    const entry = { event: input.event, clickId: input.clickId, detail: input.url };
    try {
      const resolved = await resolveEvent(deps, pixel, [input.event]);
      if (!resolved) {
        throw new TrackingRejection(400, 'unknown_event', {
          key: 'tracking.unknown_event_pixel',
          params: { event: input.event.slice(0, 100) },
        });
      }
      const value = parseDecimal(input.value, 'value');
      const currency = parseCurrency(input.currency);
      const eventTime = parseEventTime(input.time, meta.now);
      const touch = input.clickId ? touches.get(input.clickId) : undefined;
      const attributedTouch = attributable(touch, pixel, eventTime);
      const senderId = input.senderId ?? randomBytes(12).toString('hex');
      // `Object.assign`, not a spread of the placement: that cost microseconds an event (`npm run bench`).
      const row: EventRow = Object.assign(
        {
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
        },
        placement(attributedTouch, eventTime),
      );
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
      if (!(error instanceof TrackingRejection)) throw error;
      refusals.push({ entry, rejection: error });
      errors.push({ index, reason: error.reason, text: error.text });
    }
  }
  if (errors.length > 0) {
    const rejection = refusedEvents(errors);
    throw new AssetRejection(pixel, refusals[0].entry, rejection, refusals);
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
  if (typeof id !== 'string' || !OBJECT_ID_RE.test(id)) return null;
  const pixel = await deps.directory.pixel(id);
  return pixel && !pixel.deleted ? pixel : null;
}

/** What a schema's complaint about a field says, with the event's position when it is one of a list. */
function issueRefusal(issue: z.core.$ZodIssue, list: 'events' | 'data' | null): EventRefusal {
  const inList = list !== null && issue.path[0] === list && typeof issue.path[1] === 'number';
  const index = inList ? (issue.path[1] as number) : null;
  const field = (inList ? issue.path.slice(2) : issue.path).join('.') || 'body';
  const key =
    issue.code === 'invalid_type'
      ? 'tracking.field_missing'
      : issue.code === 'too_big'
        ? 'tracking.field_too_long'
        : issue.code === 'too_small'
          ? 'tracking.field_empty'
          : 'tracking.field_invalid';
  return { index, field, reason: 'malformed', text: { key, params: { field } } };
}

/** Refuses a body its schema does not accept: every complaint listed, the first in the named pixel's panel. */
async function refuseSchema(
  deps: TrackingDeps,
  json: unknown,
  issues: z.core.$ZodIssue[],
  list: 'events' | 'data',
  pixel: TrackedAsset | null,
): Promise<never> {
  const errors = issues.slice(0, MAX_EVENTS_PER_REQUEST).map((i) => issueRefusal(i, list));
  const rejection = refusedEvents(errors);
  const named = pixel ?? (await pixelNamedIn(deps, json));
  if (!named) throw rejection;
  const entry = { event: '?', detail: null };
  const refusals = errors.map((e) => ({ entry, rejection: new TrackingRejection(400, e.reason, e.text) }));
  throw new AssetRejection(named, entry, rejection, refusals);
}

/** `POST /px/collect`: events of the pixel script (or any page that posts the same JSON), of one pixel. */
export async function collectPixelEvents(deps: TrackingDeps, body: unknown, meta: RequestMeta) {
  try {
    const json = parseJsonBody(body);
    try {
      assertStorableText(json);
    } catch (error) {
      const pixel = await pixelNamedIn(deps, json);
      throw pixel
        ? new AssetRejection(pixel, { event: '?', detail: null }, error as TrackingRejection)
        : error;
    }
    const isBatch = typeof json === 'object' && json !== null && 'events' in json;
    const parsed = isBatch ? ZCollectBatch.safeParse(json) : ZCollectEvent.safeParse(json);
    if (!parsed.success) return await refuseSchema(deps, json, parsed.error.issues, 'events', null);
    const events: TCollectEvent[] = 'events' in parsed.data ? parsed.data.events : [parsed.data];
    const named = [...new Set(events.map((e) => e.pixel_id))];
    if (named.length > 1) {
      const pixel = await pixelNamedIn(deps, json);
      const rejection = malformed('tracking.one_pixel', { count: named.length });
      throw pixel ? new AssetRejection(pixel, { event: '?', detail: null }, rejection) : rejection;
    }
    const pixel = OBJECT_ID_RE.test(named[0]) ? await deps.directory.pixel(named[0]) : null;
    if (!pixel) throw unknownAsset('tracking.unknown_pixel');
    if (pixel.deleted) {
      throw new AssetRejection(
        pixel,
        { event: events[0].event, detail: events[0].url ?? null },
        unknownAsset('tracking.deleted_pixel'),
      );
    }
    return await ingestWebEvents(
      deps,
      'pixel',
      pixel,
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
      const rejection = new TrackingRejection(401, 'bad_token', { key: 'tracking.bad_token' });
      throw named ? new AssetRejection(named, { event: '?', detail: null }, rejection) : rejection;
    }
    const pixel = await deps.directory.pixel(source.pixelId);
    if (!pixel || pixel.deleted) throw unknownAsset('tracking.unknown_pixel');
    let json: unknown;
    try {
      json = parseJsonBody(body);
      assertStorableText(json);
    } catch (error) {
      throw new AssetRejection(pixel, { event: '?', detail: null }, error as TrackingRejection);
    }
    const parsed = ZApiEventsBody.safeParse(json);
    if (!parsed.success) return await refuseSchema(deps, json, parsed.error.issues, 'data', pixel);
    if (parsed.data.pixel_id && parsed.data.pixel_id !== pixel.id) {
      throw new AssetRejection(pixel, { event: '?', detail: null }, malformed('tracking.pixel_mismatch'));
    }
    const data: TApiEvent[] = parsed.data.data;
    return await ingestWebEvents(
      deps,
      'api',
      pixel,
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
