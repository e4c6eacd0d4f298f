import type { TReportEvent } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { type PerfDeps, requireAds } from '../account-scope/scope';

/**
 * `GET /scaler/v3/report/events`: the account's custom events (defined on its apps and pixels) for the
 * report's event columns and filter: those whose id or name contains `q`, or the ids asked for by name
 * (`ids`, a report opened from a link). At most 50, by name; deleted pixels' events stay nameable.
 */
export async function reportEvents(deps: PerfDeps & { q: string; ids: string[] }): Promise<TReportEvent[]> {
  const adv = await requireAds(deps, 'ads.view');
  const q = deps.q.trim();
  const ids = deps.ids.slice(0, 50);
  const match =
    ids.length > 0
      ? sql`e.event_id in (${sql.join(ids, sql`, `)})`
      : q === ''
        ? sql`true`
        : sql`(e.event_id ilike ${containsPattern(q)} or e.event_name ilike ${containsPattern(q)})`;
  const result = await deps.db.execute(sql`
    select e.event_id, e.event_name, e.source, e.asset_name from (
      select ae.event_id, ae.event_name, 'app' as source, a.name as asset_name
        from app_events ae join apps a on a.id = ae.app_id
        where ae.adv_id = ${adv.adv_id} and ae.type = 2
      union all
      select pe.event_id, pe.event_name, 'pixel' as source, p.name as asset_name
        from pixel_events pe join pixels p on p.id = pe.pixel_id
        where pe.adv_id = ${adv.adv_id} and pe.type = 2
    ) e
    where ${match}
    order by lower(e.event_name), e.event_id
    limit 50`);
  return (result as unknown as { rows: TReportEvent[] }).rows.map((r) => ({
    event_id: r.event_id,
    event_name: r.event_name,
    source: r.source,
    asset_name: r.asset_name,
  }));
}
