import type { AttributionPartner } from './codes';
import { TRACKING_PATHS, trimOrigin } from './tracking';

/**
 * The eight attribution partners' links as the console shows them (decisions 3): each partner's click
 * and impression link with our macros, and our postback URL in that partner's macro syntax.
 */
/** Our network name at the partners (AppsFlyer `pid`, Branch `$3p`, ...). */
export const NETWORK_ID = 'scaler';

/** A partner's postback macros for the parameters of our postback endpoint. */
export interface PostbackMacros {
  click_id: string;
  event: string;
  revenue: string;
  currency: string;
  /** The partner's id of this event, so a resent postback is recognised. */
  event_uid: string;
  ts: string;
  idfa: string;
  gaid: string;
  /** Further parameters the partner needs (Adjust: the activity kind beside the event name). */
  extra?: Record<string, string>;
}

export interface PartnerDef {
  id: AttributionPartner;
  name: string;
  /** The partner's click link composed from the app's id at the partner, with our macros. */
  clickUrl: (appId: string) => string;
  impressionUrl: (appId: string) => string;
  postback: PostbackMacros;
}

/** Branch's FreeMarker placeholder for a webhook field. */
const freemarker = (path: string) => `\${(${path})!}`;

const q = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** The eight partners of decisions 3 (attribution-partners.md), their links and postback macros. */
export const PARTNERS: Record<AttributionPartner, PartnerDef> = {
  appsflyer: {
    id: 'appsflyer',
    name: 'AppsFlyer',
    clickUrl: (id) =>
      `https://app.appsflyer.com/${id}?${q({
        pid: `${NETWORK_ID}_int`,
        c: '{campaign_name}',
        af_c_id: '{campaign_id}',
        af_adset: '{adgroup_name}',
        af_adset_id: '{adgroup_id}',
        af_ad: '{creative_name}',
        af_ad_id: '{creative_id}',
        af_siteid: '{bundle}',
        clickid: '{click_id}',
        idfa: '{idfa}',
        advertising_id: '{gaid}',
        af_ip: '{ip}',
        af_ua: '{ua}',
        af_lang: '{lang}',
      })}`,
    impressionUrl: (id) =>
      `https://impression.appsflyer.com/${id}?${q({
        pid: `${NETWORK_ID}_int`,
        c: '{campaign_name}',
        af_c_id: '{campaign_id}',
        af_adset_id: '{adgroup_id}',
        af_ad_id: '{creative_id}',
        af_siteid: '{bundle}',
        clickid: '{click_id}',
        idfa: '{idfa}',
        advertising_id: '{gaid}',
        af_viewthrough_lookback: '24h',
      })}`,
    postback: {
      click_id: '(clickid)',
      event: '(event-name)',
      revenue: '(event-revenue)',
      currency: '(event-revenue-currency)',
      event_uid: '(event-id)',
      ts: '(event-unix-ts)',
      idfa: '(idfa)',
      gaid: '(advertiserId)',
    },
  },
  adjust: {
    id: 'adjust',
    name: 'Adjust',
    clickUrl: (id) =>
      `https://app.adjust.com/${id}?${q({
        campaign: '{campaign_name}%20({campaign_id})',
        adgroup: '{adgroup_name}%20({adgroup_id})',
        creative: '{creative_name}%20({creative_id})',
        idfa: '{idfa}',
        gps_adid: '{gaid}',
        ip_address: '{ip}',
        user_agent: '{ua}',
        click_id: '{click_id}',
      })}`,
    impressionUrl: (id) =>
      `https://view.adjust.com/impression/${id}?${q({
        campaign: '{campaign_name}%20({campaign_id})',
        adgroup: '{adgroup_name}%20({adgroup_id})',
        creative: '{creative_name}%20({creative_id})',
        idfa: '{idfa}',
        gps_adid: '{gaid}',
        click_id: '{click_id}',
      })}`,
    postback: {
      click_id: '{click_id}',
      event: '{event_name}',
      revenue: '{revenue}',
      currency: '{currency}',
      event_uid: '{activity_kind}_{adid}_{created_at}',
      ts: '{created_at}',
      idfa: '{idfa}',
      gaid: '{gps_adid}',
      extra: { activity_kind: '{activity_kind}' },
    },
  },
  branch: {
    id: 'branch',
    name: 'Branch',
    clickUrl: (id) =>
      `https://${id}.app.link/?${q({
        '%243p': `a_${NETWORK_ID}`,
        '~click_id': '{click_id}',
        '%24idfa': '{idfa}',
        '%24aaid': '{gaid}',
        '~campaign': '{campaign_name}',
        '~campaign_id': '{campaign_id}',
        '~ad_set_id': '{adgroup_id}',
        '~creative_id': '{creative_id}',
        '~secondary_publisher': '{bundle}',
        '%24s2s': 'true',
        device_ip: '{ip}',
        user_agent: '{ua}',
      })}`,
    impressionUrl: (id) =>
      `https://${id}.app.link/?${q({
        '%243p': `a_${NETWORK_ID}`,
        '~click_id': '{click_id}',
        '%24idfa': '{idfa}',
        '%24aaid': '{gaid}',
        '~campaign_id': '{campaign_id}',
        '~creative_id': '{creative_id}',
        '~secondary_publisher': '{bundle}',
        '%24impression': 'true',
        '%24s2s': 'true',
      })}`,
    postback: {
      click_id: freemarker('last_attributed_touch_data.~click_id'),
      event: freemarker('name'),
      revenue: freemarker('event_data.revenue'),
      currency: freemarker('event_data.currency'),
      event_uid: freemarker('id'),
      ts: freemarker('timestamp'),
      idfa: freemarker('user_data.idfa'),
      gaid: freemarker('user_data.aaid'),
    },
  },
  kochava: {
    id: 'kochava',
    name: 'Kochava',
    clickUrl: (id) =>
      `https://control.kochava.com/v1/cpi/click?${q({
        campaign_id: id,
        network_id: NETWORK_ID,
        click_id: '{click_id}',
        device_id: '{idfa}{gaid}',
        device_id_type: '{os}',
        site_id: '{bundle}',
        creative_id: '{creative_id}',
        ip_address: '{ip}',
        device_ua: '{ua}',
      })}`,
    impressionUrl: (id) =>
      `https://imp.control.kochava.com/track/impression?${q({
        campaign_id: id,
        network_id: NETWORK_ID,
        click_id: '{click_id}',
        device_id: '{idfa}{gaid}',
        site_id: '{bundle}',
        creative_id: '{creative_id}',
      })}`,
    postback: {
      click_id: '{click_id}',
      event: '{event_name}',
      revenue: '{event_value}',
      currency: '{currency}',
      event_uid: '{event_id}',
      ts: '{event_time}',
      idfa: '{idfa}',
      gaid: '{adid}',
    },
  },
  singular: {
    id: 'singular',
    name: 'Singular',
    clickUrl: (id) =>
      `https://${NETWORK_ID}.sng.link/${id}?${q({
        cl: '{click_id}',
        idfa: '{idfa}',
        aifa: '{gaid}',
        ip: '{ip}',
        ua: '{ua}',
        psid: '{bundle}',
        pcn: '{campaign_name}',
        pcid: '{campaign_id}',
        pcrid: '{creative_id}',
      })}`,
    impressionUrl: (id) =>
      `https://${NETWORK_ID}.sng.link/${id}?${q({
        cl: '{click_id}',
        idfa: '{idfa}',
        aifa: '{gaid}',
        psid: '{bundle}',
        pcid: '{campaign_id}',
        _imp: 'true',
      })}`,
    postback: {
      click_id: '{cl}',
      event: '{event_name}',
      revenue: '{revenue}',
      currency: '{currency}',
      event_uid: '{event_id}',
      ts: '{utc_timestamp}',
      idfa: '{idfa}',
      gaid: '{aifa}',
    },
  },
  tenjin: {
    id: 'tenjin',
    name: 'Tenjin',
    clickUrl: (id) =>
      `https://track.tenjin.io/v0/click/${id}?${q({
        advertising_id: '{idfa}{gaid}',
        click_id: '{click_id}',
        campaign_id: '{campaign_id}',
        campaign_name: '{campaign_name}',
        site_id: '{bundle}',
        creative_id: '{creative_id}',
        ip_address: '{ip}',
        user_agent: '{ua}',
      })}`,
    impressionUrl: (id) =>
      `https://track.tenjin.io/v0/impression/${id}?${q({
        advertising_id: '{idfa}{gaid}',
        click_id: '{click_id}',
        campaign_id: '{campaign_id}',
        site_id: '{bundle}',
      })}`,
    postback: {
      click_id: '{{click_id}}',
      event: '{{event}}',
      revenue: '{{revenue_usd_gross}}',
      currency: 'USD',
      event_uid: '{{event_uuid}}',
      ts: '{{created_at}}',
      idfa: '{{advertising_id}}',
      gaid: '{{advertising_id}}',
    },
  },
  airbridge: {
    id: 'airbridge',
    name: 'Airbridge',
    clickUrl: (id) =>
      `https://abr.ge/@${id}/${NETWORK_ID}?${q({
        click_id: '{click_id}',
        sub_id: '{bundle}',
        gaid_raw: '{gaid}',
        ifa_raw: '{idfa}',
        campaign: '{campaign_name}',
        campaign_id: '{campaign_id}',
        ad_group: '{adgroup_name}',
        ad_group_id: '{adgroup_id}',
        ad_creative: '{creative_name}',
        ad_creative_id: '{creative_id}',
        ad_type: 'click',
      })}`,
    impressionUrl: (id) =>
      `https://abr.ge/@${id}/${NETWORK_ID}?${q({
        click_id: '{click_id}',
        sub_id: '{bundle}',
        gaid_raw: '{gaid}',
        ifa_raw: '{idfa}',
        campaign_id: '{campaign_id}',
        ad_group_id: '{adgroup_id}',
        ad_creative_id: '{creative_id}',
        ad_type: 'view',
      })}`,
    postback: {
      click_id: '{click_id}',
      event: '{event_category}',
      revenue: '{event_value}',
      currency: '{currency}',
      event_uid: '{event_uuid}',
      ts: '{event_timestamp}',
      idfa: '{ifa}',
      gaid: '{gaid}',
    },
  },
  appmetrica: {
    id: 'appmetrica',
    name: 'AppMetrica',
    clickUrl: (id) =>
      `https://redirect.appmetrica.yandex.com/serve/${id}?${q({
        click_id: '{click_id}',
        google_aid: '{gaid}',
        ios_ifa: '{idfa}',
        device_ip: '{ip}',
        device_ua: '{ua}',
        site_id: '{bundle}',
        creative_id: '{creative_id}',
        campaign_id: '{campaign_id}',
      })}`,
    impressionUrl: (id) =>
      `https://impression.appmetrica.yandex.com/serve/${id}?${q({
        click_id: '{click_id}',
        google_aid: '{gaid}',
        ios_ifa: '{idfa}',
        site_id: '{bundle}',
        creative_id: '{creative_id}',
      })}`,
    postback: {
      click_id: '{click_id}',
      event: '{event_name}',
      revenue: '{revenue}',
      currency: '{currency}',
      event_uid: '{transaction_id}',
      ts: '{event_timestamp}',
      idfa: '{ios_ifa}',
      gaid: '{google_aid}',
    },
  },
};

/** Our postback URL for an app, with its partner's macros as values, to configure at the partner. */
export function postbackUrl(origin: string, partner: AttributionPartner, postbackToken: string): string {
  const { extra, ...m } = PARTNERS[partner].postback;
  return `${trimOrigin(origin)}${TRACKING_PATHS.postback}/${partner}/${postbackToken}?${q({ ...m, ...extra })}`;
}

/**
 * The URLs the app page shows: the partner's click and impression links (pasted or composed) and our
 * postback, which embeds the app's secret: null when the caller may not read it (`mayReadAssetSecrets`).
 */
export function partnerLinks(
  origin: string,
  app: {
    partner: AttributionPartner;
    partner_app_id: string;
    partner_click_url: string;
    partner_impression_url: string;
    postback_token: string | null;
  },
): { click_url: string; impression_url: string; postback_url: string | null } {
  const def = PARTNERS[app.partner];
  return {
    click_url: app.partner_click_url || def.clickUrl(app.partner_app_id),
    impression_url: app.partner_impression_url || def.impressionUrl(app.partner_app_id),
    postback_url: app.postback_token === null ? null : postbackUrl(origin, app.partner, app.postback_token),
  };
}
