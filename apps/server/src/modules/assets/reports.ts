import {
  EVENT_KIND,
  type EventKind,
  findStandardEvent,
  type Locale,
  type ReportType,
  type TAssetEvent,
  type TEventReportRow,
  type TPixelStatis,
} from '@scaler/domain';
import { loadEvents, toAssetEvent } from './events';
import { findApp, findPixel } from './queries';
import { type DailyEventCount, dailyEventCounts } from './reports/daily-event-counts';
import { sumDecimals } from './reports/decimal';
import { type ReportRange, reportRange } from './reports/range';
import { type AssetDeps, requireAssetAccess } from './scope';

interface ReportDeps extends AssetDeps {
  startDate: string;
  endDate: string;
  /** Minutes east of UTC: the `timezone` header. */
  tzMinutes: number;
  /** Count by event time or by request (click) time: the `report-type` header. */
  basis: ReportType;
}

/** Names an event of the report from the asset's configured events; events removed since keep their id. */
function describe(
  kind: 'app' | 'pixel',
  configured: Map<string, TAssetEvent>,
  eventId: string,
  locale: Locale,
) {
  const known = configured.get(eventId);
  if (known) return { type: known.type, event_type: known.event_type, event_name: known.event_name };
  const standard = findStandardEvent(kind === 'pixel' ? 'web' : 'app', eventId);
  return standard
    ? {
        type: EVENT_KIND.standard as EventKind,
        event_type: standard.event_type,
        event_name: standard.names[locale],
      }
    : { type: EVENT_KIND.custom as EventKind, event_type: 'custom', event_name: eventId };
}

async function eventReport(
  deps: ReportDeps,
  kind: 'app' | 'pixel',
  assetId: string,
): Promise<{ rows: TEventReportRow[]; range: ReportRange; rank: (eventId: string) => number }> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  if (kind === 'app') await findApp(deps.db, adv.adv_id, assetId);
  else await findPixel(deps.db, adv.adv_id, assetId);
  const range = reportRange(deps.startDate, deps.endDate, deps.tzMinutes);
  const [events, counts] = await Promise.all([
    loadEvents(deps.db, kind, [assetId]),
    dailyEventCounts(deps.db, { kind, advId: adv.adv_id, assetId, range, basis: deps.basis }),
  ]);
  const configured = new Map(
    (events.get(assetId) ?? []).map((e) => {
      const ev = toAssetEvent(kind, e, deps.locale);
      return [ev.event_id, ev] as const;
    }),
  );
  const order = [...configured.keys()];
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i === -1 ? order.length : i;
  };
  const rows = counts
    .map((c: DailyEventCount) => ({
      date: c.date,
      ...describe(kind, configured, c.eventId, deps.locale),
      event_id: c.eventId,
      pv: c.pv,
      uv: c.uv,
      value: c.value,
      last_update_time: c.lastAt?.toISOString() ?? null,
    }))
    .sort(
      (a, b) =>
        b.date.localeCompare(a.date) ||
        rank(a.event_id) - rank(b.event_id) ||
        a.event_id.localeCompare(b.event_id),
    );
  return { rows, range, rank };
}

/** GET /scaler/v3/app/event/report1: each event of the app per day, with its last update time. */
export async function appEventReport(deps: ReportDeps & { appId: string }) {
  return { list: (await eventReport(deps, 'app', deps.appId)).rows };
}

/** GET /scaler/v3/pixel/event/report1. */
export async function pixelEventReport(deps: ReportDeps & { pixelId: string }) {
  return { list: (await eventReport(deps, 'pixel', deps.pixelId)).rows };
}

/** GET /scaler/v3/pixel/event/statis: the range's totals, per event and per day. */
export async function pixelEventStatis(deps: ReportDeps & { pixelId: string }): Promise<TPixelStatis> {
  const { rows, range, rank } = await eventReport(deps, 'pixel', deps.pixelId);
  const byEvent = new Map<string, TEventReportRow[]>();
  const byDay = new Map<string, TEventReportRow[]>();
  for (const r of rows) {
    byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r]);
    byDay.set(r.date, [...(byDay.get(r.date) ?? []), r]);
  }
  const sum = (list: TEventReportRow[]) => ({
    pv: list.reduce((n, r) => n + r.pv, 0),
    uv: list.reduce((n, r) => n + r.uv, 0),
    value: sumDecimals(list.map((r) => r.value)),
  });
  const latest = (list: TEventReportRow[]) =>
    list.reduce<string | null>(
      (max, r) => (r.last_update_time && (!max || r.last_update_time > max) ? r.last_update_time : max),
      null,
    );
  return {
    pixel_id: deps.pixelId,
    start_date: range.startDate,
    end_date: range.endDate,
    total: sum(rows),
    events: [...byEvent.values()]
      .sort((a, b) => rank(a[0].event_id) - rank(b[0].event_id) || a[0].event_id.localeCompare(b[0].event_id))
      .map((list) => {
        const { date: _date, ...first } = list[0];
        return { ...first, ...sum(list), last_update_time: latest(list) };
      }),
    days: [...byDay.entries()].map(([date, list]) => ({ date, ...sum(list) })),
  };
}
