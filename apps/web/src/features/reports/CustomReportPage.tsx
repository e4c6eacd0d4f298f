import {
  EVENT_DIMENSION_METRICS,
  type Locale,
  normalizeLocale,
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  type TReportRequestInput,
  type TReportRow,
} from '@scaler/domain';
import { Card, Flex, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { totalsRow } from '../../components/TotalsRow';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { readDateRange, reportToday, writeDateRange } from '../assets/dateRange';
import { type ColumnFormat, eventName, formatValue } from '../campaigns/columns';
import { fetchAllRows, useCustomReport, useReportEventNames } from './api';
import { ExportButtons } from './ExportButtons';
import type { ExportColumn } from './exportRows';
import { columnDecimals, formatCell, METRIC_FORMAT } from './metricFormats';
import { ReportColumnSettings } from './ReportColumnSettings';
import { ReportFilters } from './ReportFilters';
import { ReportRangePicker } from './ReportRangePicker';
import { ReportSettingsNote } from './ReportSettingsNote';
import {
  COHORT_COLS,
  cohortAllowed as cohortAllowedFor,
  DEFAULT_COLS,
  loadChoice,
  STANDARD_EVENT_TYPES,
  saveChoice,
  visibleMetrics,
} from './reportColumns';
import {
  DIMENSION_COLUMNS,
  detailLink,
  hasDetail,
  hourLabel,
  REPORT_PAGE_SIZES,
  readReportState,
  rowHasDetail,
  rowKeyOf,
  writeReportState,
} from './reportState';
import { TemplatesMenu } from './TemplatesMenu';
import { TrendChart } from './TrendChart';

type Row = TReportRow & Record<string, unknown>;

const EVENT_SUFFIXES = ['_pv', '_pv_cpa', '_uv', '_uv_cpa'] as const;

/**
 * `/report/index`: the custom report. Dimensions in any combination and order, filters, the date range
 * (days of the report time zone; conversions by the report type of the global settings), sort by any
 * column, a totals row, a trend of any metric, CSV and XLSX of exactly what is shown; everything in the
 * URL, the columns too (a report opened without them takes the user's remembered choice). The server
 * groups, sorts, counts and pages (`report/custom`), so 10,000 rows cost one page; the table is
 * virtualised for pages of up to 5,000 rows.
 */
export function CustomReportPage({ detail = false }: { detail?: boolean }) {
  const { t, i18n } = useTranslation(['reports', 'campaigns']);
  const locale: Locale = normalizeLocale(i18n.language);
  const navigate = useNavigate();
  const ctx = useConsoleContext();
  const { pathname, search, adv } = ctx;
  const state = readReportState(search);
  const today = reportToday();
  const range = readDateRange(search, today);
  const showFee = ctx.user?.status_fee === 1;
  const userId = ctx.user?._id ?? null;
  // Grouped by event, a report counts conversions: those are its metrics.
  const byEvent = state.dims.includes('event');
  const cohortAllowed = cohortAllowedFor(state.dims, state);
  const chosen = visibleMetrics(state.cols, showFee);
  const metrics: (keyof typeof METRIC_FORMAT)[] = byEvent
    ? [...EVENT_DIMENSION_METRICS]
    : chosen.filter((m): m is (typeof REPORT_METRICS)[number] =>
        (REPORT_METRICS as readonly string[]).includes(m),
      );
  const cohortColumns = byEvent || !cohortAllowed ? [] : chosen.filter((c) => COHORT_COLS.has(c));

  const body: TReportRequestInput = {
    start_date: range.start_date,
    end_date: range.end_date,
    dimensions: state.dims,
    campaign_ids: state.campaignIds,
    adgroup_ids: state.adgroupIds,
    creative_ids: state.creativeIds,
    app_ids: state.appIds,
    pixel_ids: state.pixelIds,
    hours: state.hours,
    event_filter: byEvent ? state.eventFilter : [],
    countries: state.countries,
    os: state.os,
    bundles: state.bundles,
    events: byEvent ? [] : state.events,
    cohort: cohortColumns.length > 0,
    sort_field:
      byEvent &&
      !(metrics as string[]).includes(state.sortField) &&
      !state.dims.some((d) => DIMENSION_COLUMNS[d].key === state.sortField)
        ? 'conversions'
        : state.sortField,
    sort_order: state.sortOrder,
    page: state.page,
    page_size: state.pageSize,
  };
  const report = useCustomReport(adv, body);
  const byHour = state.dims.includes('hour');
  // Custom events are named by the account's definitions (a link carries only their ids).
  const customIds = [...state.events, ...state.eventFilter].filter((e) => !STANDARD_EVENT_TYPES.has(e));
  const customEvents = useReportEventNames(adv, customIds);
  const customNames = useMemo(
    () => new Map((customEvents.data ?? []).map((e) => [e.event_id, e])),
    [customEvents.data],
  );
  const nameOfEvent = (id: string) => customNames.get(id)?.event_name ?? eventName(id, locale);

  // Opened without its columns: the user's remembered choice (or the defaults), written into the URL
  // so a copied link shows what this user sees.
  useEffect(() => {
    if (state.cols !== null) return;
    const remembered = loadChoice(userId);
    navigate(
      `${pathname}${writeReportState(search, {
        cols: remembered?.cols ?? [...DEFAULT_COLS],
        events: state.events.length > 0 ? state.events : (remembered?.events ?? []),
        page: state.page,
      })}`,
      { replace: true },
    );
  }, [state.cols, state.events, state.page, userId, pathname, search, navigate]);

  const update = (next: Parameters<typeof writeReportState>[1]) =>
    navigate(`${pathname}${writeReportState(search, next)}`, { replace: true });
  const metricLabel = useCallback((m: string) => t(`metrics.${m}` as 'metrics.gmv'), [t]);
  const dimensionText = (row: Row, d: (typeof REPORT_DIMENSIONS)[number]) => {
    const { key, name } = DIMENSION_COLUMNS[d];
    const value = row[key];
    if (d === 'os') return value === 1 ? 'iOS' : value === 2 ? 'Android' : '—';
    if (d === 'hour') return hourLabel(Number(value));
    if (d === 'event')
      return (row.event_name as string | null | undefined) ?? eventName(String(value), locale);
    if (name)
      return value === null || value === undefined ? '—' : `${String(row[name] ?? '')} (${String(value)})`;
    return value === '' || value === null || value === undefined ? t('unknown') : String(value);
  };

  const rows = (report.data?.list ?? []) as Row[];
  const totals = report.data?.totals ?? {};
  // Money: one number of decimals per column (spec 9), from its rows and total.
  const decimals = columnDecimals(
    [
      ...metrics.map((m) => ({ key: m as string, format: METRIC_FORMAT[m] })),
      ...(byEvent ? [] : state.events).flatMap((e) =>
        ['_pv_cpa', '_uv_cpa'].map((suffix) => ({ key: `${e}${suffix}`, format: 'money' as const })),
      ),
    ],
    rows,
    totals,
  );

  const sortOrderOf = (key: string) =>
    state.sortField === key ? (state.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const columns: TableColumnsType<Row> = [
    ...state.dims.map((d, i) => ({
      key: DIMENSION_COLUMNS[d].key,
      title: t(`dimensions.${d}` as 'dimensions.date'),
      fixed: i === 0 ? ('left' as const) : undefined,
      width:
        d === 'campaign' || d === 'adgroup' || d === 'creative' || d === 'app' || d === 'pixel' ? 240 : 130,
      sorter: true,
      sortOrder: sortOrderOf(DIMENSION_COLUMNS[d].key),
      // Plain text, cut by CSS with the whole text as the cell's title: a Typography with an ellipsis
      // tooltip in every cell (it measures itself and mounts a tooltip) made each scroll step of a
      // 5,000-row page a long task (`npm run bench:render`).
      ellipsis: true,
      render: (_: unknown, row: Row) => dimensionText(row, d),
    })),
    ...metrics.map((m) => ({
      key: m,
      dataIndex: m,
      title: metricLabel(m),
      width: 130,
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOrderOf(m),
      sortDirections: ['descend' as const, 'ascend' as const, 'descend' as const],
      render: (v: unknown) => formatCell(METRIC_FORMAT[m], v, locale, decimals.get(m)),
    })),
  ];
  const eventColumns = (byEvent ? [] : state.events).flatMap((e) =>
    EVENT_SUFFIXES.map((suffix) => ({ key: `${e}${suffix}`, event: e, suffix })),
  );
  const eventTitle = (c: (typeof eventColumns)[number]) =>
    t(`campaigns:columns.event${c.suffix}` as 'campaigns:columns.event_pv', {
      event: nameOfEvent(c.event),
    });
  for (const c of eventColumns) {
    columns.push({
      key: c.key,
      dataIndex: c.key,
      title: eventTitle(c),
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(c.key),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (v: unknown) =>
        formatCell(c.suffix.endsWith('_cpa') ? 'money' : 'count', v, locale, decimals.get(c.key)),
    });
  }
  const cohortTitle = (k: string) =>
    k.startsWith('roas')
      ? t('cohort.roas', { days: k.slice(4) })
      : t('cohort.retention', { day: k.slice(1) });
  for (const k of cohortColumns) {
    columns.push({
      key: k,
      dataIndex: k,
      title: cohortTitle(k),
      width: 110,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(k),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (v: unknown) => formatValue('percent', v, locale),
    });
  }
  // The columns of values in their order, for the totals row and the trend. The trend: one of them,
  // with the same filters by day (by hour when the report is by hour), summed per point (grouped by
  // event: over the events).
  const valueColumns: { key: string; label: string; format: ColumnFormat }[] = [
    ...metrics.map((m) => ({ key: m as string, label: metricLabel(m), format: METRIC_FORMAT[m] })),
    ...eventColumns.map((c) => ({
      key: c.key,
      label: eventTitle(c),
      format: c.suffix.endsWith('_cpa') ? ('money' as const) : ('count' as const),
    })),
    ...cohortColumns.map((k) => ({ key: k, label: cohortTitle(k), format: 'percent' as const })),
  ];
  const chart = valueColumns.find((o) => o.key === state.chart) ?? valueColumns[0];
  const chartEvent = eventColumns.find((c) => c.key === chart.key)?.event;
  const timeDims: TReportRequestInput['dimensions'] = byHour ? ['date', 'hour'] : ['date'];
  const trendBody: TReportRequestInput = {
    ...body,
    events: chartEvent ? [chartEvent] : [],
    cohort: COHORT_COLS.has(chart.key),
    dimensions: byEvent ? [...timeDims, 'event'] : timeDims,
    sort_field: 'date',
    sort_order: 'asc',
    page: 1,
    page_size: 5000,
  };
  const trend = useCustomReport(adv, trendBody, range.start_date !== range.end_date || byHour);
  if (!detail && hasDetail(state.dims)) {
    columns.push({
      key: 'detail',
      title: t('detail.column'),
      fixed: 'right',
      width: 100,
      render: (_: unknown, row: Row) =>
        rowHasDetail(state.dims, row) ? (
          <Link
            to={detailLink(search, state.dims, row)}
            aria-label={t('detail.open', { row: state.dims.map((d) => dimensionText(row, d)).join(' · ') })}
          >
            {t('detail.link')}
          </Link>
        ) : (
          '—'
        ),
    });
  }
  const exportColumns: ExportColumn[] = [
    ...state.dims.flatMap((d): ExportColumn[] => {
      const { key, name } = DIMENSION_COLUMNS[d];
      const title = t(`dimensions.${d}` as 'dimensions.date');
      if (!name) return [{ title, value: (r) => dimensionText(r as Row, d) }];
      return [
        { title: `${title} ID`, value: (r) => (r[key] as string | number | null) ?? '' },
        { title, value: (r) => String(r[name] ?? '') },
      ];
    }),
    ...valueColumns.map(
      (c): ExportColumn => ({
        title: c.label,
        kind: c.format === 'money' || c.format === 'percent' ? c.format : 'count',
        value: (r) => (r[c.key] === undefined || r[c.key] === null ? null : Number(r[c.key])),
      }),
    ),
  ];
  const chartData = useMemo(() => {
    const points = new Map<string, number>();
    for (const r of trend.data?.list ?? []) {
      const label = byHour ? `${r.date} ${hourLabel(Number(r.hour))}` : String(r.date);
      points.set(label, (points.get(label) ?? 0) + Number((r as Record<string, unknown>)[chart.key] ?? 0));
    }
    const labels = [...points.keys()].sort();
    return {
      labels,
      series: [{ name: chart.label, values: labels.map((l) => points.get(l) ?? 0) }],
    };
  }, [trend.data, byHour, chart.key, chart.label]);
  const chartFormat = useCallback(
    (v: number) => formatValue(chart.format, v, locale),
    [chart.format, locale],
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {detail ? t('detail.title') : t('title')}
        </Typography.Title>
        <Space>
          {!detail && <TemplatesMenu page="/report/index" search={search} />}
          <ExportButtons
            load={() => fetchAllRows(body)}
            columns={exportColumns}
            fileName={`report-${range.start_date}-${range.end_date}`}
            sheetName={t('title')}
            disabled={rows.length === 0}
          />
        </Space>
      </Flex>
      {detail && (
        <Flex gap={8} wrap align="center" aria-label={t('detail.filters')}>
          {state.campaignIds.map((id) => (
            <Tag key={`c${id}`}>{t('detail.campaign', { id })}</Tag>
          ))}
          {state.adgroupIds.map((id) => (
            <Tag key={`g${id}`}>{t('detail.adgroup', { id })}</Tag>
          ))}
          {state.creativeIds.map((id) => (
            <Tag key={`cr${id}`}>{t('detail.creative', { id })}</Tag>
          ))}
          {state.bundles.map((b) => (
            <Tag key={`b${b}`}>{b}</Tag>
          ))}
        </Flex>
      )}
      <Flex gap={8} wrap align="center">
        <ReportRangePicker
          range={range}
          today={today}
          label={t('range')}
          onChange={(next) =>
            navigate(`${pathname}${writeDateRange(writeReportState(search, {}), next, today)}`, {
              replace: true,
            })
          }
        />
        <ReportSettingsNote />
        <Select
          mode="multiple"
          aria-label={t('dimensions_label')}
          placeholder={t('dimensions_label')}
          value={state.dims}
          maxCount={5}
          style={{ minWidth: 260 }}
          onChange={(dims) => dims.length > 0 && update({ dims })}
          options={REPORT_DIMENSIONS.map((d) => ({
            value: d,
            label: t(`dimensions.${d}` as 'dimensions.date'),
          }))}
        />
        <ReportColumnSettings
          adv={adv}
          choice={{ cols: state.cols ?? [...DEFAULT_COLS], events: state.events }}
          disabled={byEvent}
          cohortAllowed={cohortAllowed}
          customNames={customNames}
          label={(key) => (COHORT_COLS.has(key) ? cohortTitle(key) : metricLabel(key))}
          onChange={(next) => {
            saveChoice(userId, next);
            update({ cols: next.cols, events: next.events, page: state.page });
          }}
        />
        <ReportFilters adv={adv} state={state} byEvent={byEvent} customNames={customNames} update={update} />
      </Flex>
      {(range.start_date !== range.end_date || byHour) && (
        <Card
          size="small"
          title={t('trend')}
          extra={
            <Select
              aria-label={t('trend_metric')}
              size="small"
              value={chart.key}
              style={{ width: 220 }}
              showSearch
              optionFilterProp="label"
              onChange={(key: string) => update({ chart: key, page: state.page })}
              options={valueColumns.map((o) => ({ value: o.key, label: o.label }))}
            />
          }
        >
          {chartData.labels.length > 0 ? (
            <TrendChart
              labels={chartData.labels}
              series={chartData.series}
              name={chart.label}
              format={chartFormat}
            />
          ) : (
            <Typography.Text type="secondary">{t('empty')}</Typography.Text>
          )}
        </Card>
      )}
      {report.isError && !report.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void report.refetch()} />
      ) : (
        <Table<Row>
          virtual
          size="small"
          rowKey={(r) => rowKeyOf(state.dims, r)}
          loading={report.isFetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: columns.reduce((w, c) => w + (Number(c.width) || 130), 0), y: 600 }}
          onChange={(_p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            if (!s?.columnKey || !s.order) return update({ sortField: '' });
            update({ sortField: String(s.columnKey), sortOrder: s.order === 'ascend' ? 'asc' : 'desc' });
          }}
          locale={{ emptyText: t('empty') }}
          summary={() =>
            rows.length === 0
              ? null
              : totalsRow({
                  selection: false,
                  labelSpan: state.dims.length,
                  label: (
                    <Typography.Text strong>
                      {t('totals', { count: report.data?.total ?? 0 })}
                    </Typography.Text>
                  ),
                  values: valueColumns.map((c) => ({
                    key: c.key,
                    content:
                      totals[c.key] === undefined
                        ? ''
                        : formatCell(c.format, totals[c.key], locale, decimals.get(c.key)),
                  })),
                  trailing: columns.length - state.dims.length - valueColumns.length,
                })
          }
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: report.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: REPORT_PAGE_SIZES.map(String),
            showTotal: (total) => t('totals', { count: total }),
            onChange: (page, pageSize) => update(pageSize !== state.pageSize ? { pageSize } : { page }),
          }}
        />
      )}
    </Flex>
  );
}

/** `/report/detail`: one row of a report on its own, by date (hidden from the menu). */
export function DetailReportPage() {
  return <CustomReportPage detail />;
}
