import { type Locale, normalizeLocale, REPORT_METRICS, type TReportRequestInput } from '@scaler/domain';
import { Card, DatePicker, Flex, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { reportToday } from '../assets/dateRange';
import { useCampaignOptions } from '../campaigns/api';
import { formatValue } from '../campaigns/columns';
import { useCustomReport } from './api';
import { byHour, readHourlyState, writeHourlyState } from './hourlyState';
import { METRIC_FORMAT } from './metricFormats';
import { TemplatesMenu } from './TemplatesMenu';
import { TrendChart } from './TrendChart';

const hourRequest = (day: string, campaignIds: number[]): TReportRequestInput => ({
  start_date: day,
  end_date: day,
  dimensions: ['hour'],
  campaign_ids: campaignIds,
  adgroup_ids: [],
  creative_ids: [],
  countries: [],
  os: [],
  bundles: [],
  events: [],
  cohort: false,
  sort_field: 'hour',
  sort_order: 'asc',
  page: 1,
  page_size: 24,
});

/**
 * `/report/hourly`: one day by hour of the report time zone (24 rows) beside a comparison day, one metric
 * charted for both, the day's totals; everything in the URL.
 */
export function HourlyReportPage() {
  const { t, i18n } = useTranslation(['reports', 'campaigns']);
  const locale: Locale = normalizeLocale(i18n.language);
  const navigate = useNavigate();
  const ctx = useConsoleContext();
  const { pathname, search, adv } = ctx;
  const today = reportToday();
  const state = readHourlyState(search, today);
  const showFee = ctx.user?.status_fee === 1;
  const metrics = REPORT_METRICS.filter((m) => m !== 'gmv_fee' || showFee);
  const day = useCustomReport(adv, hourRequest(state.day, state.campaignIds));
  const compare = useCustomReport(adv, hourRequest(state.compare, state.campaignIds));
  const campaigns = useCampaignOptions();
  const update = (next: Parameters<typeof writeHourlyState>[1]) =>
    navigate(`${pathname}${writeHourlyState(search, next)}`, { replace: true });
  const label = useCallback((m: string) => t(`metrics.${m}` as 'metrics.gmv'), [t]);
  const format = useCallback(
    (v: number) => formatValue(METRIC_FORMAT[state.metric], v, locale),
    [state.metric, locale],
  );

  const values = useMemo(() => byHour(day.data?.list ?? [], state.metric), [day.data, state.metric]);
  const compared = useMemo(
    () => byHour(compare.data?.list ?? [], state.metric),
    [compare.data, state.metric],
  );
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const rows = hours.map((hour, h) => ({ hour, h, value: values[h], compare: compared[h] }));
  const change = (a: number, b: number) =>
    b === 0 ? (a === 0 ? '0.00%' : '—') : `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(2)}%`;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('hourly.title')}
        </Typography.Title>
        <TemplatesMenu page="/report/hourly" search={search} />
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
        <Select
          aria-label={t('trend_metric')}
          value={state.metric}
          style={{ width: 200 }}
          onChange={(metric) => update({ metric })}
          options={metrics.map((m) => ({ value: m, label: label(m) }))}
        />
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
      </Flex>
      {day.isError && !day.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void day.refetch()} />
      ) : (
        <>
          <Card size="small" title={label(state.metric)}>
            <TrendChart
              labels={hours}
              series={[
                { name: state.day, values },
                { name: state.compare, values: compared },
              ]}
              name={t('hourly.chart', { metric: label(state.metric) })}
              format={format}
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
                render: (v: number) => format(v),
              },
              {
                key: 'compare',
                dataIndex: 'compare',
                title: state.compare,
                align: 'right',
                render: (v: number) => format(v),
              },
              {
                key: 'change',
                title: t('hourly.change'),
                align: 'right',
                render: (_: unknown, r: (typeof rows)[number]) => change(r.value, r.compare),
              },
            ]}
            summary={() => (
              <Table.Summary fixed="top">
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('hourly.day_total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {format(Number(day.data?.totals[state.metric] ?? 0))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {format(Number(compare.data?.totals[state.metric] ?? 0))}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {change(
                      Number(day.data?.totals[state.metric] ?? 0),
                      Number(compare.data?.totals[state.metric] ?? 0),
                    )}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </>
      )}
    </Flex>
  );
}
