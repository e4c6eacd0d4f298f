import type { EVENT_DIMENSION_METRICS, ReportMetric } from '@scaler/domain';
import type { ColumnFormat } from '../campaigns/columns';

/** How each report metric is written (spec 9: money `$0,0.00` with two to four decimals, percentages with two). */
export const METRIC_FORMAT: Record<ReportMetric | (typeof EVENT_DIMENSION_METRICS)[number], ColumnFormat> = {
  conversions: 'count',
  conversion_users: 'count',
  conversion_value: 'money',
  gmv: 'money',
  gmv_fee: 'money',
  impression: 'count',
  clicks: 'count',
  ctr: 'percent',
  cvr: 'percent',
  actives: 'count',
  cpi: 'money',
  ecpm: 'money',
  advertiser_revenue1: 'money',
  advertiser_final_revenue: 'money',
};
