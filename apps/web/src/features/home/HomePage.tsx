import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { advCan, type Locale, normalizeLocale, type TStatis } from '@scaler/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Flex, List, Row, Select, Spin, Statistic, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { request } from '../../api/client';
import { queryRoot } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { readDateRange, reportToday, writeDateRange } from '../assets/dateRange';
import { useCampaignOptions } from '../campaigns/api';
import { type ColumnFormat, formatValue } from '../campaigns/columns';
import { ReportRangePicker } from '../reports/ReportRangePicker';
import { TrendChart } from '../reports/TrendChart';
import { BalanceCard } from './BalanceCard';
import { changeOf } from './change';
import { homeDefaultEnd, rangeNote } from './range';

const KPIS: { key: string; format: ColumnFormat; lowerIsBetter?: boolean }[] = [
  { key: 'gmv', format: 'money' },
  { key: 'impression', format: 'count' },
  { key: 'clicks', format: 'count' },
  { key: 'ctr', format: 'percent' },
  { key: 'actives', format: 'count' },
  { key: 'cpi', format: 'money', lowerIsBetter: true },
];

/**
 * `/home/index`: where the account stands for a range of days (report time zone): key figures with the
 * change against the same number of days before, their trend, the top campaigns and publishers by
 * cost, and what needs attention (`GET /scaler/v3/statis`). The range is in the URL.
 */
export function HomePage() {
  const { t, i18n } = useTranslation(['home', 'reports', 'campaigns']);
  const locale: Locale = normalizeLocale(i18n.language);
  const navigate = useNavigate();
  const ctx = useConsoleContext();
  const { pathname, search, adv } = ctx;
  const today = reportToday();
  // Full days only by default (up to yesterday); the line under the title says which days are compared.
  const defaultEnd = homeDefaultEnd(today);
  const range = readDateRange(search, defaultEnd);
  const [metric, setMetric] = useState('gmv');
  const statis = useQuery({
    queryKey: useHeadersKey([...queryRoot('reports'), adv, 'statis', range] as const),
    queryFn: () =>
      request<TStatis>('/scaler/v3/statis', {
        query: { start_date: range.start_date, end_date: range.end_date },
      }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
  const account = ctx.orgAdvs.find((a) => a.adv_id === adv);
  const canEdit = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'ads.edit')
    : false;
  // The account's money: its admins and the client's admin (the server refuses a partner's shared access
  // and an advertiser-type center, and the card then stays away).
  const canSeeMoney = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'finance.view')
    : false;
  // A new account has nothing to compare: its first step is a campaign.
  const campaigns = useCampaignOptions();
  const noCampaigns = campaigns.data?.length === 0;
  const data = statis.data;
  const note = rangeNote(range, today);
  const kpi = KPIS.find((k) => k.key === metric) ?? KPIS[0];
  const format = useCallback((v: number) => formatValue(kpi.format, v, locale), [kpi, locale]);
  const chart = useMemo(
    () => ({
      labels: (data?.days ?? []).map((d) => d.date),
      series: [
        {
          name: t(`reports:metrics.${metric}` as 'reports:metrics.gmv'),
          values: (data?.days ?? []).map((d) => Number((d as Record<string, unknown>)[metric] ?? 0)),
        },
      ],
    }),
    [data, metric, t],
  );
  const keep = (path: string, extra: Record<string, string> = {}) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `${path}?${p.toString()}`;
  };
  const alerts = [
    data?.alerts.account_limit_reached
      ? { key: 'limit', text: t('alerts.account_limit'), to: keep('/setting/payment') }
      : null,
    account && account.status !== 1
      ? {
          key: 'account',
          text: t('alerts.account', { status: t(`account_status.${account.status}` as 'account_status.0') }),
          to: null,
        }
      : null,
    data && data.alerts.rejected_creatives > 0
      ? {
          key: 'rejected',
          text: t('alerts.rejected', { count: data.alerts.rejected_creatives }),
          to: keep('/perf/creative', { status: '2' }),
        }
      : null,
    data && data.alerts.campaigns_budget_reached > 0
      ? {
          key: 'campaigns',
          text: t('alerts.campaign_budgets', { count: data.alerts.campaigns_budget_reached }),
          to: keep('/perf/campaign'),
        }
      : null,
    data && data.alerts.adgroups_budget_reached > 0
      ? {
          key: 'adgroups',
          text: t('alerts.adgroup_budgets', { count: data.alerts.adgroups_budget_reached }),
          to: keep('/perf/adgroup'),
        }
      : null,
  ].filter((a): a is { key: string; text: string; to: string | null } => a !== null);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <ReportRangePicker
          range={range}
          today={today}
          label={t('reports:range')}
          onChange={(next) =>
            navigate(`${pathname}${writeDateRange(search, next, defaultEnd)}`, { replace: true })
          }
        />
      </Flex>
      {!noCampaigns && (
        <Typography.Text type="secondary" data-testid="home-range">
          {t('range.compared', {
            start: range.start_date,
            end: range.end_date,
            prev_start: data?.previous_range.start_date ?? '…',
            prev_end: data?.previous_range.end_date ?? '…',
          })}
          {note && ` ${t(`range.${note}`)}`}
        </Typography.Text>
      )}
      {noCampaigns ? (
        <Card data-testid="home-first-step">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('first.title')}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(canEdit ? 'first.text' : 'first.text_read_only')}
                </Typography.Text>
              </Flex>
            }
          >
            {canEdit && (
              <LinkButton
                type="primary"
                icon={<PlusOutlined />}
                to={withContext('/perf/new', { org: ctx.org, adv })}
              >
                {t('first.create')}
              </LinkButton>
            )}
          </Empty>
        </Card>
      ) : statis.isError && !data ? (
        <ErrorState message={t('load_error')} onRetry={() => void statis.refetch()} />
      ) : !data ? (
        <Spin />
      ) : (
        <>
          {alerts.length > 0 && (
            <Alert
              type="warning"
              showIcon
              icon={<WarningOutlined />}
              title={t('alerts.title')}
              description={
                <List
                  size="small"
                  dataSource={alerts}
                  renderItem={(a) => <List.Item>{a.to ? <Link to={a.to}>{a.text}</Link> : a.text}</List.Item>}
                />
              }
            />
          )}
          <BalanceCard adv={adv} org={ctx.org} visible={canSeeMoney} />
          <Row gutter={[16, 16]}>
            {KPIS.map((k) => {
              const current = Number(data.current[k.key] ?? 0);
              const change = changeOf(current, Number(data.previous[k.key] ?? 0));
              const good = change === null || change === 0 ? null : change > 0 !== !!k.lowerIsBetter;
              return (
                <Col key={k.key} xs={12} md={8} xl={4}>
                  <Card size="small" data-testid={`kpi-${k.key}`}>
                    <Statistic
                      title={t(`reports:metrics.${k.key}` as 'reports:metrics.gmv')}
                      value={formatValue(k.format, current, locale)}
                    />
                    <Typography.Text
                      type={good === null ? 'secondary' : good ? 'success' : 'danger'}
                      style={{ fontSize: 12 }}
                    >
                      {change === null ? (
                        t('no_comparison')
                      ) : (
                        <>
                          {change > 0 ? <ArrowUpOutlined /> : change < 0 ? <ArrowDownOutlined /> : null}{' '}
                          {t('change', { value: `${(Math.abs(change) * 100).toFixed(2)}%` })}
                        </>
                      )}
                    </Typography.Text>
                  </Card>
                </Col>
              );
            })}
          </Row>
          <Card
            size="small"
            title={t('trend')}
            extra={
              <Select
                size="small"
                aria-label={t('reports:trend_metric')}
                value={metric}
                style={{ width: 180 }}
                onChange={setMetric}
                options={KPIS.map((k) => ({
                  value: k.key,
                  label: t(`reports:metrics.${k.key}` as 'reports:metrics.gmv'),
                }))}
              />
            }
          >
            {chart.labels.length > 0 ? (
              <TrendChart
                labels={chart.labels}
                series={chart.series}
                name={chart.series[0].name}
                format={format}
              />
            ) : (
              <Empty description={t('reports:empty')} />
            )}
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('top_campaigns')}>
                <List
                  size="small"
                  dataSource={data.top_campaigns}
                  locale={{ emptyText: t('reports:empty') }}
                  renderItem={(c) => (
                    <List.Item extra={formatValue('money', c.gmv, locale)}>
                      <Link to={keep('/perf/adgroup', { campaign_ids: String(c.campaign_id) })}>
                        {c.campaign_name}
                      </Link>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('top_bundles')}>
                <List
                  size="small"
                  dataSource={data.top_bundles}
                  locale={{ emptyText: t('reports:empty') }}
                  renderItem={(b) => (
                    <List.Item extra={formatValue('money', b.gmv, locale)}>
                      <Link to={keep('/report/detail', { bundles: b.bundle })}>
                        {b.bundle || t('reports:unknown')}
                      </Link>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Flex>
  );
}
