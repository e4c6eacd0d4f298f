import type { Locale } from '@scaler/domain';
import { eventName, formatValue } from './columns';

/**
 * The change history in the forms' words: each recorded field (the wire's name) with the label the form
 * gives it, each value as the form shows it (codes as words, money with its currency, countries by
 * name, lists as names). The log keeps display text of the wire's values (`"2"`, `"[\"US\",\"CA\"]"`,
 * `"true"`), so a value that cannot be read back is shown as recorded.
 */

/** A translation function over the namespaces the drawer loads (`ns:key`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface HistoryLookups {
  locale: Locale;
  /** Country name by ISO code (the form's country list). */
  country: (code: string) => string | undefined;
  /** App or pixel name by id. */
  asset: (id: string) => string | undefined;
}

type ValueFormat = (value: string, t: Translate, look: HistoryLookups) => string;

const money: ValueFormat = (v, _t, look) => formatValue('money', v, look.locale);
const code =
  (prefix: string): ValueFormat =>
  (v, t) =>
    t(`${prefix}.${v}`, { defaultValue: v });
/** A code whose words live under other keys of the form: `{ '0': 'ns:key', … }`. */
const pick =
  (keys: Record<string, string>): ValueFormat =>
  (v, t) =>
    keys[v] ? t(keys[v]) : v;
const BUDGET_TYPE = { '0': 'campaignEditor:budget.daily', '1': 'campaignEditor:budget.lifetime' };
const yesNo: ValueFormat = (v, t) =>
  v === 'true' ? t('campaigns:history_values.yes') : v === 'false' ? t('campaigns:history_values.no') : v;

function parseJson<T>(v: string): T | undefined {
  try {
    return JSON.parse(v) as T;
  } catch {
    return undefined;
  }
}

const countries: ValueFormat = (v, t, look) => {
  const list = parseJson<string[]>(v);
  if (!Array.isArray(list)) return v;
  if (list.length === 0) return t('campaignEditor:adgroup.all_countries');
  return list.map((c) => look.country(c) ?? c).join(t('campaigns:history_values.separator'));
};

const idList: ValueFormat = (v, t) => {
  const list = parseJson<unknown[]>(v);
  if (!Array.isArray(list)) return v;
  return list.length === 0 ? '—' : list.map(String).join(t('campaigns:history_values.separator'));
};

const events: ValueFormat = (v, t, look) => {
  const list = parseJson<{ event_id: string; bid: number }[]>(v);
  if (!Array.isArray(list)) return v;
  if (list.length === 0) return '—';
  return list
    .map(
      (e) =>
        `${eventName(e.event_id, look.locale)} (${e.event_id}) ${formatValue('money', e.bid, look.locale)}`,
    )
    .join(t('campaigns:history_values.separator'));
};

const bundles: ValueFormat = (v, t) => {
  const list = parseJson<string[]>(v);
  if (!Array.isArray(list)) return v;
  if (list.length === 0) return '—';
  const shown = list.slice(0, 5).join(t('campaigns:history_values.separator'));
  return `${t('campaignEditor:publishers.count', { count: list.length })}: ${shown}${list.length > 5 ? '…' : ''}`;
};

const overbids: ValueFormat = (v, t) => {
  const list = parseJson<{ bundle: string; percent: number }[]>(v);
  if (!Array.isArray(list)) return v;
  if (list.length === 0) return '—';
  return list
    .map((o) => `${o.bundle} ${o.percent > 0 ? '+' : ''}${o.percent}%`)
    .join(t('campaigns:history_values.separator'));
};

const dayparting: ValueFormat = (v, t) =>
  /^[01]{168}$/.test(v)
    ? t('campaigns:history_values.hours', { count: [...v].filter((c) => c === '1').length })
    : v;

const materials: ValueFormat = (v, t) =>
  v
    .split(', ')
    .filter(Boolean)
    .map((m) => {
      const [role, file] = m.split(':');
      return file ? `${t(`campaignEditor:creative.roles.${role}`, { defaultValue: role })} ${file}` : m;
    })
    .join(t('campaigns:history_values.separator'));

const os: ValueFormat = (v) => ({ '1': 'iOS', '2': 'Android' })[v] ?? v;
const asset: ValueFormat = (v, _t, look) => look.asset(v) ?? v;
const reason: ValueFormat = (v, t) => `${t(`creative:reason.${v}`, { defaultValue: v })}`;
const optStatus: ValueFormat = (v, t) =>
  v === '1' ? t('campaigns:history_values.on') : v === '0' ? t('campaigns:history_values.off') : v;

/** Per field: the label's key (`ns:key`) and how to show its values. */
const FIELDS: Record<string, { label: string | Record<1 | 2 | 3, string>; value?: ValueFormat }> = {
  name: {
    label: {
      1: 'campaignEditor:campaign.name',
      2: 'campaignEditor:adgroup.name',
      3: 'campaignEditor:creative.name',
    },
  },
  campaign_type: { label: 'campaignEditor:campaign.type', value: code('campaignEditor:campaign.types') },
  promote_goal: { label: 'campaignEditor:campaign.goal', value: code('campaigns:goal') },
  os: { label: 'campaignEditor:campaign.os', value: os },
  link_type: { label: 'campaignEditor:campaign.link_type', value: code('campaignEditor:campaign.link') },
  app_id: { label: 'campaignEditor:campaign.app', value: asset },
  pixel_id: { label: 'campaignEditor:campaign.pixel', value: asset },
  landing_url: { label: 'campaignEditor:campaign.landing_url' },
  budget_type: {
    label: 'campaignEditor:budget.label',
    value: pick(BUDGET_TYPE),
  },
  campaign_budget: { label: 'campaigns:columns.campaign_budget', value: money },
  ad_group_budget: { label: 'campaigns:columns.ad_group_budget', value: money },
  campaign_id: { label: 'campaignEditor:steps.campaign' },
  bidding_type: { label: 'campaignEditor:adgroup.bidding_type', value: code('campaigns:bidding') },
  billing_type: {
    label: 'campaignEditor:adgroup.billing_type',
    value: code('campaignEditor:adgroup.billing'),
  },
  bid_price: { label: 'campaignEditor:adgroup.bid_price', value: money },
  events: { label: 'campaignEditor:adgroup.section.events', value: events },
  schedule_type: {
    label: 'campaignEditor:adgroup.schedule',
    value: pick({
      '0': 'campaignEditor:adgroup.schedule_continuous',
      '1': 'campaignEditor:adgroup.schedule_range',
    }),
  },
  start_date: { label: 'campaigns:history_fields.start_date' },
  end_date: { label: 'campaigns:history_fields.end_date' },
  dayparting_type: {
    label: 'campaignEditor:adgroup.dayparting',
    value: pick({
      '0': 'campaignEditor:adgroup.dayparting_all',
      '1': 'campaignEditor:adgroup.dayparting_custom',
    }),
  },
  dayparting: { label: 'campaignEditor:dayparting.label', value: dayparting },
  countries: { label: 'campaignEditor:adgroup.countries', value: countries },
  min_os_version: { label: 'campaignEditor:adgroup.min_os_version' },
  audience_include: { label: 'campaignEditor:adgroup.audience_include', value: idList },
  audience_exclude: { label: 'campaignEditor:adgroup.audience_exclude', value: idList },
  bundle_mode: {
    label: 'campaignEditor:adgroup.publishers',
    value: pick({
      '0': 'campaignEditor:adgroup.publishers_all',
      '1': 'campaignEditor:adgroup.publishers_allow',
      '2': 'campaignEditor:adgroup.publishers_block',
    }),
  },
  bundles: { label: 'campaignEditor:publishers.label', value: bundles },
  overbids: { label: 'campaignEditor:adgroup.section.overbid', value: overbids },
  search_arbitrage: { label: 'campaignEditor:adgroup.search_arbitrage', value: yesNo },
  creative_type: { label: 'campaignEditor:creative.type', value: code('campaignEditor:creative.types') },
  materials: { label: 'campaigns:history_fields.materials', value: materials },
  html: { label: 'campaignEditor:creative.html' },
  title: { label: 'campaignEditor:creative.title' },
  description: { label: 'campaignEditor:creative.description' },
  call_to_action: { label: 'campaignEditor:creative.cta', value: code('campaignEditor:creative.ctas') },
  click_url: { label: 'campaignEditor:creative.click_url' },
  impression_url: { label: 'campaignEditor:creative.impression_url' },
  review_status: {
    label: 'campaigns:history_fields.review_status',
    value: code('campaignEditor:creative.review'),
  },
  reject_code: { label: 'campaigns:history_fields.reject_code', value: reason },
  reject_reason: { label: 'campaigns:history_fields.reject_reason' },
  opt_status: { label: 'campaigns:columns.switch', value: optStatus },
  deleted: { label: 'campaigns:status.14', value: yesNo },
};

/** The field's label as its form shows it; an unknown field keeps its wire name. */
export function fieldLabel(objectType: 1 | 2 | 3, field: string, t: Translate): string {
  const def = FIELDS[field];
  if (!def) return field;
  const key = typeof def.label === 'string' ? def.label : def.label[objectType];
  return t(key, { defaultValue: field });
}

/** A recorded value as the form shows it; null (not set) is a dash, an empty text too. */
export function fieldValue(field: string, value: string | null, t: Translate, look: HistoryLookups): string {
  if (value === null || value === '') {
    if (field === 'budget_type') return t('campaignEditor:budget.none');
    if (field === 'min_os_version') return t('campaignEditor:adgroup.any_version');
    return '—';
  }
  const format = FIELDS[field]?.value;
  return format ? format(value, t, look) : value;
}
