import { type Locale, normalizeLocale, type TReportEvent } from '@scaler/domain';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppOptions, usePixelOptions } from '../campaign-editor/api';
import { CountryPicker } from '../campaign-editor/CountryPicker';
import { useAdGroupOptions, useCampaignOptions } from '../campaigns/api';
import { eventName } from '../campaigns/columns';
import { useCreativeSearch, useReportEventSearch } from './api';
import { STANDARD_EVENT_TYPES } from './reportColumns';
import { hourLabel, type ReportState, type writeReportState } from './reportState';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * The custom report's filters, one per dimension (the date is the range): campaigns, ad groups,
 * publishers, countries, OS, creatives (searched), apps, pixels, hours of the day and, grouped by event,
 * events (standard ones and the account's custom events, searched). Each change goes to the URL.
 */
export function ReportFilters({
  adv,
  state,
  byEvent,
  customNames,
  update,
  omit = [],
}: {
  adv: number | null;
  state: ReportState;
  byEvent: boolean;
  /** Filters a page has no use for (the publisher filter of the publisher report, the hours of the hourly one). */
  omit?: readonly ('bundles' | 'hours')[];
  customNames: ReadonlyMap<string, TReportEvent>;
  update: (next: Parameters<typeof writeReportState>[1]) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const locale: Locale = normalizeLocale(i18n.language);
  const [creativeQuery, setCreativeQuery] = useState('');
  const [eventQuery, setEventQuery] = useState('');
  const campaigns = useCampaignOptions();
  const adgroups = useAdGroupOptions();
  const appOptions = useAppOptions(true);
  const pixelOptions = usePixelOptions(true);
  const creativeSearch = useCreativeSearch(adv, useDeferredValue(creativeQuery));
  const eventSearch = useReportEventSearch(adv, useDeferredValue(eventQuery), byEvent);
  return (
    <>
      <Select
        mode="multiple"
        allowClear
        aria-label={t('filter_campaigns')}
        placeholder={t('filter_campaigns')}
        value={state.campaignIds}
        style={{ minWidth: 220 }}
        showSearch
        optionFilterProp="label"
        onChange={(campaignIds) => update({ campaignIds })}
        options={(campaigns.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }))}
      />
      <Select
        mode="multiple"
        allowClear
        aria-label={t('filter_adgroups')}
        placeholder={t('filter_adgroups')}
        value={state.adgroupIds}
        style={{ minWidth: 200 }}
        showSearch
        optionFilterProp="label"
        onChange={(adgroupIds) => update({ adgroupIds })}
        options={(adgroups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.id})` }))}
      />
      {!omit.includes('bundles') && (
        <Select
          mode="tags"
          allowClear
          aria-label={t('filter_bundles')}
          placeholder={t('filter_bundles')}
          value={state.bundles}
          style={{ minWidth: 200 }}
          tokenSeparators={[',', ' ']}
          onChange={(bundles: string[]) =>
            update({
              bundles: bundles
                .map((b) => b.trim())
                .filter((b) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(b)),
            })
          }
          open={false}
        />
      )}
      <CountryPicker
        ariaLabel={t('filter_countries')}
        placeholder={t('filter_countries')}
        value={state.countries}
        style={{ minWidth: 180 }}
        onChange={(list) => update({ countries: list })}
      />
      <Select
        mode="multiple"
        allowClear
        aria-label={t('filter_os')}
        placeholder={t('filter_os')}
        value={state.os}
        style={{ minWidth: 140 }}
        onChange={(os) => update({ os })}
        options={[
          { value: 1, label: 'iOS' },
          { value: 2, label: 'Android' },
        ]}
      />
      <Select
        mode="multiple"
        allowClear
        aria-label={t('filter_creatives')}
        placeholder={t('filter_creatives')}
        value={state.creativeIds}
        style={{ minWidth: 200 }}
        showSearch
        filterOption={false}
        onSearch={setCreativeQuery}
        loading={creativeSearch.isFetching}
        onChange={(creativeIds: number[]) => update({ creativeIds })}
        options={[
          ...state.creativeIds
            .filter((id) => !(creativeSearch.data ?? []).some((c) => c.creative_id === id))
            .map((id) => ({ value: id, label: String(id) })),
          ...(creativeSearch.data ?? []).map((c) => ({
            value: c.creative_id,
            label: `${c.name} (${c.creative_id})`,
          })),
        ]}
      />
      <Select
        mode="multiple"
        allowClear
        aria-label={t('filter_apps')}
        placeholder={t('filter_apps')}
        value={state.appIds}
        style={{ minWidth: 180 }}
        showSearch
        optionFilterProp="label"
        onChange={(appIds: string[]) => update({ appIds })}
        options={(appOptions.data ?? []).map((a) => ({
          value: a._id,
          label: `${a.name} (${a.os === 1 ? 'iOS' : 'Android'})`,
        }))}
      />
      <Select
        mode="multiple"
        allowClear
        aria-label={t('filter_pixels')}
        placeholder={t('filter_pixels')}
        value={state.pixelIds}
        style={{ minWidth: 180 }}
        showSearch
        optionFilterProp="label"
        onChange={(pixelIds: string[]) => update({ pixelIds })}
        options={(pixelOptions.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
      />
      {!omit.includes('hours') && (
        <Select
          mode="multiple"
          allowClear
          aria-label={t('filter_hours')}
          placeholder={t('filter_hours')}
          value={state.hours}
          style={{ minWidth: 160 }}
          onChange={(hours: number[]) => update({ hours: [...hours].sort((x, y) => x - y) })}
          options={HOURS.map((h) => ({ value: h, label: hourLabel(h) }))}
        />
      )}
      {byEvent && (
        <Select
          mode="multiple"
          allowClear
          aria-label={t('filter_events')}
          placeholder={t('filter_events')}
          value={state.eventFilter}
          style={{ minWidth: 200 }}
          showSearch
          onSearch={setEventQuery}
          filterOption={(input, option) =>
            String(option?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
          onChange={(eventFilter: string[]) => update({ eventFilter })}
          options={[
            ...[...STANDARD_EVENT_TYPES].map((e) => ({ value: e, label: eventName(e, locale) })),
            ...[
              ...new Map(
                [
                  ...(eventSearch.data ?? []),
                  ...state.eventFilter.flatMap((id) => customNames.get(id) ?? []),
                ].map((e) => [e.event_id, e]),
              ).values(),
            ].map((e) => ({ value: e.event_id, label: `${e.event_name} (${e.event_id})` })),
          ]}
        />
      )}
    </>
  );
}
