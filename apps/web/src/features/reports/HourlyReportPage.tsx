import {
  type Locale,
  normalizeLocale,
  parseUtcOffset,
  REPORT_METRICS,
  resolveTimeZone,
  type TReportEvent,
  type TReportRequestInput,
} from '@scaler/domain';
import { Card, DatePicker, Flex, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { totalsRow } from '../../components/TotalsRow';
import { getTimeZoneChoice } from '../../lib/preferences';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { reportToday } from '../assets/dateRange';
import { useCustomReport } from './api';
import { ExportButtons } from './ExportButtons';
import type { ExportColumn } from './exportRows';
import { byHour, changeOf, lastHourOf, readHourlyState, writeHourlyState } from './hourlyState';
import { formatCell, METRIC_FORMAT, moneyDecimals } from './metricFormats';
import { ReportFilters } from './ReportFilters';
import { ReportSettingsNote } from './ReportSettingsNote';
import { type ReportState, readReportState, writeReportState } from './reportState';
import { TemplatesMenu } from './TemplatesMenu';
import { TrendChart } from './TrendChart';

const hourRequest = (day: string, f: ReportState): TReportRequestInput => ({
  start_date: day,
  end_date: day,
  dimensions: ['hour'],
  campaign_ids: f.campaignIds,
  adgroup_ids: f.adgroupIds,
  creative_ids: f.creativeIds,
  app_ids: f.appIds,
  pixel_ids: f.pixelIds,
  countries: f.countries,
  os: f.os,
  bundles: f.bundles,
  events: [],
  cohort: false,
  sort_field: 'hour',
  sort_order: 'asc',
  page: 1,
  page_size: 24,
});

/** The hourly report has no event columns: no custom events to name. */
const NO_EVENTS = new Map<string, TReportEvent>();

const percentChange = (r: number | null) =>
  r === null
    ? ''
    : `${r >= 0 ? '+' : ''}${(r * 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

/**
 * `/report/hourly`: one day by hour of the report time zone (24 rows) beside a comparison day, one metric
 * charted for both, the day's totals, the custom report's filters, CSV and XLSX; everything in the URL.
 * Hours of today that have not begun are empty, not zero.
 */
export function HourlyReportPage() {
  const { t, i18n } = useTranslation(['reports', 'campaigns']);
  const locale: Locale = normalizeLocale(i18n.language);
  const navigate = useNavigate();
  const ctx = useConsoleContext();
  const { pathname, search, adv } = ctx;
  const today = reportToday();
  const state = readHourlyState(search, today);
  const filters = readReportState(search);
  const showFee = ctx.user?.status_fee === 1;
  const metrics = REPORT_METRICS.filter((m) => m !== 'gmv_fee' || showFee);
  const dayBody = hourRequest(state.day, filters);
  const compareBody = hourRequest(state.compare, filters);
  const day = useCustomReport(adv, dayBody);
  const compare = useCustomReport(adv, compareBody);
  const update = (next: Parameters<typeof writeHourlyState>[1]) =>
    navigate(`${pathname}${writeHourlyState(search, next)}`, { replace: true });
  const updateFilters = (next: Parameters<typeof writeReportState>[1]) =>
    navigate(`${pathname}${writeReportState(search, next)}`, { replace: true });
  const label = useCallback((m: string) => t(`metrics.${m}` as 'metrics.gmv'), [t]);
  const metricFormat = METRIC_FORMAT[state.metric];

  const offset = parseUtcOffset(resolveTimeZone(getTimeZoneChoice())) ?? 0;
  const now = Date.now();
  const dayLast = lastHourOf(state.day, today, now, offset);
  const compareLast = lastHourOf(state.compare, today, now, offset);
  const values = useMemo(
    () => byHour(day.data?.list ?? [], state.metric, dayLast),
    [day.data, state.metric, dayLast],
  );
  const compared = useMemo(
    () => byHour(compare.data?.list ?? [], state.metric, compareLast),
    [compare.data, state.metric, compareLast],
  );
  const dayTotal = day.data ? Number(day.data.totals[state.metric] ?? 0) : null;
  const compareTotal = compare.data ? Number(compare.data.totals[state.metric] ?? 0) : null;
  // One number of decimals for the metric's money in both days and their totals (spec 9).
  const decimals = moneyDecimals([...values, ...compared, dayTotal, compareTotal]);
  const format = useCallback(
    (v: number | null) => (v === null ? '' : formatCell(metricFormat, v, locale, decimals)),
    [metricFormat, locale, decimals],
  );
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const rows = hours.map((hour, h) => ({
    hour,
    h,
    value: values[h],
    compare: compared[h],
    change: changeOf(values[h], compared[h]),
  }));
  // A day still under way is not compared with a whole day.
  const totalChange = dayLast < 23 || compareLast < 23 ? null : changeOf(dayTotal, compareTotal);
  const chartFormat = useCallback((v: number) => format(v), [format]);

  const kind = metricFormat === 'money' || metricFormat === 'percent' ? metricFormat : 'count';
  const exportColumns: ExportColumn[] = [
    { title: t('dimensions.hour'), value: (r) => String(r.hour) },
    { title: `${label(state.metric)} ${state.day}`, kind, decimals, value: (r) => r.value as number | null },
    {
      title: `${label(state.metric)} ${state.compare}`,
      kind,
      decimals,
      value: (r) => r.compare as number | null,
    },
    { title: t('hourly.change'), kind: 'percent', value: (r) => r.change as number | null },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('hourly.title')}
        </Typography.Title>
        <Space>
          <TemplatesMenu page="/report/hourly" search={search} />
          <ExportButtons
            load={async () => ({
              rows,
              totals: { value: dayTotal, compare: compareTotal, change: totalChange },
            })}
            columns={exportColumns}
            fileName={`hourly-${state.day}-${state.compare}`}
            sheetName={t('hourly.title')}
            disabled={!day.data || !compare.data}
          />
        </Space>
      </Flex>
      <Flex gap={8} wrap align="center">
        <DatePicker
          aria-label={t('hourly.day')}
          allowClear={false}
          value={dayjs(state.day)}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          onChange={(d) => d && update({ day: d.format('YYYY-MM-DD') })}
        />
        <Typography.Text type="secondary">{t('hourly.versus')}</Typography.Text>
        <DatePicker
          aria-label={t('hourly.compare')}
          allowClear={false}
          value={dayjs(state.compare)}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          onChange={(d) => d && update({ compare: d.format('YYYY-MM-DD') })}
        />
        <ReportSettingsNote />
        <Select
          aria-label={t('trend_metric')}
          value={state.metric}
          style={{ width: 200 }}
          onChange={(metric) => update({ metric })}
          options={metrics.map((m) => ({ value: m, label: label(m) }))}
        />
        <ReportFilters
          adv={adv}
          state={filters}
          byEvent={false}
          customNames={NO_EVENTS}
          update={updateFilters}
          omit={['hours']}
        />
      </Flex>
      {day.isError && !day.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void day.refetch()} />
      ) : (
        <>
          <Card size="small" title={label(state.metric)}>
            <TrendChart
              labels={hours}
              series={[
                { name: state.day, values: values.map((v) => v ?? Number.NaN) },
                { name: state.compare, values: compared.map((v) => v ?? Number.NaN) },
              ]}
              name={t('hourly.chart', { metric: label(state.metric) })}
              format={chartFormat}
            />
          </Card>
          <Table
            size="small"
            rowKey="h"
            loading={day.isFetching || compare.isFetching}
            pagination={false}
            dataSource={rows}
            columns={[
              { key: 'hour', dataIndex: 'hour', title: t('dimensions.hour'), width: 100 },
              {
                key: 'value',
                dataIndex: 'value',
                title: state.day,
                align: 'right',
                render: (v: number | null) => format(v),
              },
              {
                key: 'compare',
                dataIndex: 'compare',
                title: state.compare,
                align: 'right',
                render: (v: number | null) => format(v),
              },
              {
                key: 'change',
                dataIndex: 'change',
                title: t('hourly.change'),
                align: 'right',
                render: (v: number | null) => percentChange(v),
              },
            ]}
            summary={() =>
              totalsRow({
                selection: false,
                label: <Typography.Text strong>{t('hourly.day_total')}</Typography.Text>,
                values: [
                  { key: 'value', content: format(dayTotal) },
                  { key: 'compare', content: format(compareTotal) },
                  { key: 'change', content: percentChange(totalChange) },
                ],
              })
            }
          />
        </>
      )}
    </Flex>
  );
}
