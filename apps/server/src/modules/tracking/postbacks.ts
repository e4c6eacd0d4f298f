/** Attribution-partner postbacks: installs and in-app events of an app, attributed by our click id. */
import { ATTRIBUTION_PARTNERS, type AttributionPartner, PARTNERS } from '@scaler/domain';
import { appEventCandidates, parsePostback } from './partners';
import {
  AssetRejection,
  attributable,
  type LogFields,
  logAndRethrow,
  logRow,
  parseJsonBodySafe,
  placement,
  type RequestMeta,
  resolveEvent,
  type TrackingDeps,
  touchesById,
  unknownAsset,
} from './service';
import {
  addressKey,
  assertStorableText,
  parseEventTime,
  sha256,
  storableText,
  TrackingRejection,
} from './values';
import type { EventRow } from './writer';

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
  if (!isPartner(partner))
    throw unknownAsset('tracking.unknown_partner', { partner: storableText(partner).slice(0, 40) });
  const app = /^[0-9a-f]{16,64}$/.test(token) ? await deps.directory.appByToken(token) : null;
  if (!app) throw unknownAsset('tracking.unknown_postback_token');
  let entry: LogFields = {
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
        throw new TrackingRejection(400, 'unknown_event', {
          key: 'tracking.unknown_event_app',
          params: { event: (pb.event || 'install').slice(0, 100) },
        });
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
      // `Object.assign`, not a spread of the placement: that cost microseconds an event (`npm run bench`).
      const row: EventRow = Object.assign(
        {
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
        },
        placement(attributedTouch, eventTime),
      );
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

/** The postback as received, for support; a huge one is cut down to its query. */
function boundedPayload(payload: { query: Record<string, unknown>; body: unknown }) {
  return JSON.stringify(payload).length <= 8_000
    ? payload
    : { query: payload.query, body: '(too large to keep)' };
}
