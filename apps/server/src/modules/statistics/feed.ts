import { BILLING_TYPE } from '@scaler/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type CohortFact, writeCohorts } from './cohorts';
import { decimal, micros } from './micros';
import { type DeliveryFact, writeFacts } from './writer';

/**
 * Tracking feeds the store (decisions 6): what the public endpoints stored in this transaction becomes
 * delivery facts, once. The tracking writer calls `addTracked` with the rows it has just inserted (a
 * replayed notice, click, postback or event was not inserted, so it is not here): its raw rows are the
 * source keys of these facts.
 *
 * - an impression (`/t/imp`) → `impressions`, at no cost: a viewer's request is no price;
 * - a win notice of the bidder (`/rtb/win`, signed) → `wins`;
 * - a billing notice of the bidder (`/rtb/bill`, signed: the impression of record) → `impressions`, and
 *   its cost at the exchange's clearing price when the ad group bills per impression (CPM);
 * - a click → `clicks` (nothing bills per click);
 * - an attributed install → `installs` (`actives`), its cost at the ad group's bid when it bills per
 *   install (CPI); a click has one install (`tracking_events_install_click_uq`);
 * - an attributed event the ad group optimises for → its cost at that event's bid when it bills per
 *   event (CPA); its count stays in the per-event hourly counts the tracking writer keeps;
 * - an attributed event's value in the account's currency (or none given) → `revenue` and
 *   `revenue_final`, and the ROAS cohort of the user's install (days since install 0–30).
 *
 * Facts count only for a campaign, ad group and creative of the account that belong together: a touch
 * whose signed ids do not (a test link) is kept by tracking but adds nothing here. A fact's hour is the
 * hour of the touch, or of the event.
 */

export type Tracked =
  | {
      kind: 'impression' | 'click' | 'win' | 'bill';
      advId: number;
      campaignId: string;
      adgroupId: string;
      creativeId: string;
      bundle: string;
      country: string;
      os: number;
      at: Date;
      /** CPM clearing price of a win or billing notice (decimal string), else null. */
      price: string | null;
    }
  | {
      kind: 'event';
      advId: number;
      appId: string;
      eventId: string;
      attributed: boolean;
      campaignId: string;
      adgroupId: string;
      creativeId: string;
      bundle: string;
      country: string;
      os: number;
      at: Date;
      value: string | null;
      currency: string | null;
      userKey: string;
    };

interface Group {
  advId: number;
  campaignId: number;
  billingType: number;
  bidPrice: string;
  currency: string;
  creatives: Set<number>;
  events: Map<string, string>;
}

const ID_RE = /^\d{1,10}$/;
const DAY = 86_400_000;

/** The ad groups the facts name, with what their cost depends on: one statement. */
async function groupsOf(tx: Tx, adgroupIds: string[]): Promise<Map<number, Group>> {
  const ids = [...new Set(adgroupIds.filter((id) => ID_RE.test(id)))].map(Number);
  if (ids.length === 0) return new Map();
  const result = (await tx.execute(sql`
    select g.id, g.adv_id, g.campaign_id, g.billing_type, g.bid_price::text as bid_price, a.currency,
      coalesce((select array_agg(c.id) from creatives c where c.adgroup_id = g.id), '{}') as creatives,
      coalesce((select json_agg(json_build_array(e.event_id, e.bid::text)) from ad_group_events e
        where e.adgroup_id = g.id), '[]') as events
    from ad_groups g join advertisers a on a.adv_id = g.adv_id
    where g.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as {
    rows: {
      id: number;
      adv_id: number;
      campaign_id: number;
      billing_type: number;
      bid_price: string;
      currency: string;
      creatives: number[];
      events: [string, string][] | string;
    }[];
  };
  return new Map(
    result.rows.map((r) => [
      r.id,
      {
        advId: r.adv_id,
        campaignId: r.campaign_id,
        billingType: r.billing_type,
        bidPrice: r.bid_price,
        currency: r.currency,
        creatives: new Set(r.creatives.map(Number)),
        events: new Map(typeof r.events === 'string' ? JSON.parse(r.events) : r.events),
      },
    ]),
  );
}

/** The installs of the users whose attributed events bring revenue: their cohort. */
async function installsOf(tx: Tx, events: Extract<Tracked, { kind: 'event' }>[]) {
  const keys = [...new Set(events.map((e) => `${e.appId}\u0001${e.userKey}`))];
  if (keys.length === 0)
    return new Map<
      string,
      { day: string; campaignId: string; adgroupId: string; creativeId: string; country: string; os: number }
    >();
  const result = (await tx.execute(sql`
    select distinct on (app_id, user_key) app_id, user_key, event_time, campaign_id, adgroup_id,
      creative_id, country, os
    from tracking_events
    where event_id = 'install' and attributed
      and (app_id, user_key) in (${sql.join(
        keys.map((k) => {
          const [app, user] = k.split('\u0001');
          return sql`(${app}, ${user})`;
        }),
        sql`, `,
      )})
    order by app_id, user_key, event_time`)) as unknown as {
    rows: {
      app_id: string;
      user_key: string;
      event_time: string | Date;
      campaign_id: string;
      adgroup_id: string;
      creative_id: string;
      country: string;
      os: number;
    }[];
  };
  return new Map(
    result.rows.map((r) => [
      `${r.app_id}\u0001${r.user_key}`,
      {
        day: new Date(r.event_time).toISOString().slice(0, 10),
        campaignId: r.campaign_id,
        adgroupId: r.adgroup_id,
        creativeId: r.creative_id,
        country: r.country,
        os: r.os,
      },
    ]),
  );
}

/** The ids as the store keeps them, when they name a creative of an ad group of the account. */
function placed(
  groups: Map<number, Group>,
  t: Pick<Tracked, 'advId' | 'campaignId' | 'adgroupId' | 'creativeId'>,
) {
  if (!ID_RE.test(t.adgroupId) || !ID_RE.test(t.creativeId) || !ID_RE.test(t.campaignId)) return null;
  const group = groups.get(Number(t.adgroupId));
  const creativeId = Number(t.creativeId);
  if (!group || group.advId !== t.advId || group.campaignId !== Number(t.campaignId)) return null;
  if (!group.creatives.has(creativeId)) return null;
  return {
    group,
    ids: { advId: t.advId, campaignId: group.campaignId, adgroupId: Number(t.adgroupId), creativeId },
  };
}

/** Adds what tracking stored in this transaction to the store (call in the tracking writer's transaction). */
export async function addTracked(tx: Tx, tracked: Tracked[]): Promise<number> {
  if (tracked.length === 0) return 0;
  const revenueEvents = tracked.filter(
    (t): t is Extract<Tracked, { kind: 'event' }> =>
      t.kind === 'event' && t.attributed && t.value !== null && t.appId !== '' && micros(t.value) !== 0n,
  );
  const installs = await installsOf(tx, revenueEvents);
  const groups = await groupsOf(tx, [
    ...tracked.map((t) => t.adgroupId),
    ...[...installs.values()].map((i) => i.adgroupId),
  ]);
  if (groups.size === 0) return 0;

  const facts: DeliveryFact[] = [];
  const cohorts: CohortFact[] = [];
  for (const t of tracked) {
    const at = placed(groups, t);
    if (!at) continue;
    const { group, ids } = at;
    const fact: DeliveryFact = { ...ids, hour: t.at, bundle: t.bundle, country: t.country, os: t.os };
    if (t.kind === 'impression') {
      fact.impressions = 1;
    } else if (t.kind === 'win') {
      fact.wins = 1;
    } else if (t.kind === 'bill') {
      fact.impressions = 1;
      if (t.price !== null && group.billingType === BILLING_TYPE.CPM)
        fact.cost = decimal(micros(t.price) / 1000n);
    } else if (t.kind === 'click') {
      fact.clicks = 1;
    } else if (t.kind === 'event') {
      if (!t.attributed) continue;
      if (t.eventId === 'install') {
        fact.installs = 1;
        if (group.billingType === BILLING_TYPE.CPI) fact.cost = group.bidPrice;
      }
      const eventBid = group.events.get(t.eventId);
      if (eventBid !== undefined && group.billingType === BILLING_TYPE.CPA) fact.cost = eventBid;
      const value =
        t.value !== null && (t.currency === null || t.currency === group.currency) ? t.value : null;
      if (value !== null) {
        fact.revenue = value;
        fact.revenueFinal = value;
        const install = installs.get(`${t.appId}\u0001${t.userKey}`);
        const dayN = install
          ? Math.floor((Date.parse(t.at.toISOString().slice(0, 10)) - Date.parse(install.day)) / DAY)
          : -1;
        const cohort = install && placed(groups, { advId: t.advId, ...install });
        if (install && cohort && dayN >= 0 && dayN <= 30) {
          cohorts.push({
            ...cohort.ids,
            installDay: install.day,
            country: install.country,
            os: install.os,
            dayN,
            retained: 0,
            revenue: value,
          });
        }
      }
      if (!fact.installs && fact.cost === undefined && fact.revenue === undefined) continue;
    }
    facts.push(fact);
  }
  await writeFacts(tx, facts);
  await writeCohorts(tx, cohorts);
  return facts.length;
}
