import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import {
  advCan,
  type Locale,
  normalizeLocale,
  REPORT_METRICS,
  type TReportEvent,
  type TReportRequestInput,
} from '@scaler/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, request } from '../../api/client';
import { useInvalidate } from '../../api/invalidation';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { totalsRow } from '../../components/TotalsRow';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { readDateRange, reportToday, writeDateRange } from '../assets/dateRange';
import { AdGroupListPicker } from './AdGroupListPicker';
import { fetchAllRows, useCustomReport } from './api';
import { ExportButtons } from './ExportButtons';
import type { ExportColumn } from './exportRows';
import { addedMessage, ListKindsHint } from './listKinds';
import { columnDecimals, formatCell, METRIC_FORMAT } from './metricFormats';
import { ReportFilters } from './ReportFilters';
import { ReportRangePicker } from './ReportRangePicker';
import { ReportSettingsNote } from './ReportSettingsNote';
import { REPORT_PAGE_SIZES, readReportState, writeReportState } from './reportState';

type Row = Record<string, unknown> & { bundle: string };

/** The publisher report has no event columns: no custom events to name. */
const NO_EVENTS = new Map<string, TReportEvent>();

/**
 * `/report/bundle`: performance per publisher for the range (sorted, paged and counted by the server),
 * and the action a media buyer takes on it: the selected publishers added to the block or allow list of
 * chosen ad groups (`adgroups/bundles`).
 */
export function BundleReportPage() {
  const { t, i18n } = useTranslation(['reports', 'campaigns']);
  const locale: Locale = normalizeLocale(i18n.language);
  const navigate = useNavigate();
  const ctx = useConsoleContext();
  const { pathname, search, adv } = ctx;
  const state = readReportState(search);
  const today = reportToday();
  const range = readDateRange(search, today);
  const showFee = ctx.user?.status_fee === 1;
  const metrics = REPORT_METRICS.filter((m) => m !== 'gmv_fee' || showFee);
  const account = ctx.orgAdvs.find((a) => a.adv_id === adv);
  const canEdit = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'ads.edit')
    : false;
  const [selected, setSelected] = useState<string[]>([]);
  const [listMode, setListMode] = useState<1 | 2 | null>(null);

  const body: TReportRequestInput = {
    start_date: range.start_date,
    end_date: range.end_date,
    dimensions: ['bundle'],
    campaign_ids: state.campaignIds,
    adgroup_ids: state.adgroupIds,
    creative_ids: state.creativeIds,
    app_ids: state.appIds,
    pixel_ids: state.pixelIds,
    hours: state.hours,
    countries: state.countries,
    os: state.os,
    bundles: [],
    events: [],
    cohort: false,
    ...(state.sorted &&
    (state.sortField === 'bundle' || (REPORT_METRICS as readonly string[]).includes(state.sortField))
      ? { sort_field: state.sortField, sort_order: state.sortOrder }
      : { sort_field: 'gmv', sort_order: 'desc' as const }),
    page: state.page,
    page_size: state.pageSize,
  };
  const report = useCustomReport(adv, body);
  const update = (next: Parameters<typeof writeReportState>[1]) => {
    setSelected([]);
    navigate(`${pathname}${writeReportState(search, next)}`, { replace: true });
  };
  const sortOrderOf = (key: string) =>
    body.sort_field === key ? (body.sort_order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const rows = (report.data?.list ?? []) as Row[];
  const totals = report.data?.totals ?? {};
  // Money: one number of decimals per column (spec 9), from its rows and total.
  const decimals = columnDecimals(
    metrics.map((m) => ({ key: m, format: METRIC_FORMAT[m] })),
    rows,
    totals,
  );
  const exportColumns: ExportColumn[] = [
    { title: t('dimensions.bundle'), value: (r) => String(r.bundle ?? '') },
    ...metrics.map(
      (m): ExportColumn => ({
        title: t(`metrics.${m}` as 'metrics.gmv'),
        kind: METRIC_FORMAT[m] === 'money' || METRIC_FORMAT[m] === 'percent' ? METRIC_FORMAT[m] : 'count',
        value: (r) => (r[m] === undefined || r[m] === null ? null : Number(r[m])),
      }),
    ),
  ];
  const detail = (bundle: string) => {
    const p = new URLSearchParams(search);
    for (const k of ['sort', 'order', 'page', 'page_size', 'dims']) p.delete(k);
    p.set('bundles', bundle);
    p.set('dims', 'date');
    return `/report/detail?${p.toString()}`;
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('bundle.title')}
        </Typography.Title>
        <Space>
          <ExportButtons
            load={() => fetchAllRows(body)}
            columns={exportColumns}
            fileName={`bundles-${range.start_date}-${range.end_date}`}
            sheetName={t('bundle.title')}
            disabled={rows.length === 0}
          />
          <Link
            to={`/report/bundle/manage?${new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => k === 'org' || k === 'adv')).toString()}`}
          >
            {t('lists.title')}
          </Link>
        </Space>
      </Flex>
      <Flex gap={8} wrap align="center">
        <ReportRangePicker
          range={range}
          today={today}
          label={t('range')}
          onChange={(next) => {
            setSelected([]);
            navigate(`${pathname}${writeDateRange(writeReportState(search, {}), next, today)}`, {
              replace: true,
            });
          }}
        />
        <ReportSettingsNote />
        <ReportFilters
          adv={adv}
          state={state}
          byEvent={false}
          customNames={NO_EVENTS}
          update={update}
          omit={['bundles']}
        />
        {canEdit && selected.length > 0 && (
          <Flex
            gap={8}
            align="center"
            role="toolbar"
            aria-label={t('bundle.selected', { count: selected.length })}
          >
            <Typography.Text>{t('bundle.selected', { count: selected.length })}</Typography.Text>
            <Button icon={<StopOutlined />} onClick={() => setListMode(2)}>
              {t('bundle.to_block')}
            </Button>
            <Button icon={<CheckCircleOutlined />} onClick={() => setListMode(1)}>
              {t('bundle.to_allow')}
            </Button>
          </Flex>
        )}
      </Flex>
      {report.isError && !report.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void report.refetch()} />
      ) : (
        <Table<Row>
          virtual
          size="small"
          rowKey="bundle"
          loading={report.isFetching}
          dataSource={rows}
          scroll={{ x: 260 + metrics.length * 130, y: 600 }}
          rowSelection={
            canEdit
              ? {
                  fixed: true,
                  columnWidth: 48,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as string[]),
                  getCheckboxProps: (r) => ({ disabled: r.bundle === '', 'aria-label': r.bundle }),
                }
              : undefined
          }
          columns={[
            {
              key: 'bundle',
              title: t('dimensions.bundle'),
              fixed: 'left',
              width: 260,
              sorter: true,
              sortOrder: sortOrderOf('bundle'),
              render: (_: unknown, r: Row) =>
                r.bundle ? <Link to={detail(r.bundle)}>{r.bundle}</Link> : t('unknown'),
            },
            ...metrics.map((m) => ({
              key: m,
              dataIndex: m,
              title: t(`metrics.${m}` as 'metrics.gmv'),
              width: 130,
              align: 'right' as const,
              sorter: true,
              sortOrder: sortOrderOf(m),
              sortDirections: ['descend' as const, 'ascend' as const, 'descend' as const],
              render: (v: unknown) => formatCell(METRIC_FORMAT[m], v, locale, decimals.get(m)),
            })),
          ]}
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
                  selection: canEdit,
                  label: (
                    <Typography.Text strong>
                      {t('totals', { count: report.data?.total ?? 0 })}
                    </Typography.Text>
                  ),
                  values: metrics.map((m) => ({
                    key: m,
                    content:
                      totals[m] === undefined
                        ? ''
                        : formatCell(METRIC_FORMAT[m], totals[m], locale, decimals.get(m)),
                  })),
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
      {listMode !== null && (
        <AddToListModal
          mode={listMode}
          bundles={selected}
          onClose={(done) => {
            setListMode(null);
            if (done) setSelected([]);
          }}
        />
      )}
    </Flex>
  );
}

function AddToListModal({
  mode,
  bundles,
  onClose,
}: {
  mode: 1 | 2;
  bundles: string[];
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation('reports');
  const { message } = useFeedback();
  const [groups, setGroups] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { adgroup_ids: number[]; bundles: string[]; mode: 1 | 2 }) =>
      request<{ updated: number; added: number }>('/scaler/v3/adgroups/bundles', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: useInvalidate('campaign.change'),
  });
  const apply = async () => {
    setError(null);
    try {
      const res = await add.mutateAsync({ adgroup_ids: groups, bundles, mode });
      message.success(addedMessage(t, res));
      onClose(true);
    } catch (e) {
      const fields =
        e instanceof ApiError ? (e.data as { fields?: { message: string }[] } | null)?.fields : null;
      setError(fields?.[0]?.message ?? (e instanceof Error ? e.message : String(e)));
    }
  };
  return (
    <Modal
      open
      title={t(mode === 2 ? 'bundle.block_title' : 'bundle.allow_title', { count: bundles.length })}
      okText={t('bundle.apply')}
      cancelText={t('templates.cancel')}
      onOk={() => void apply()}
      okButtonProps={{ disabled: groups.length === 0 }}
      confirmLoading={add.isPending}
      onCancel={() => onClose(false)}
    >
      <Form layout="vertical">
        <Typography.Paragraph type="secondary">
          {bundles.slice(0, 10).join(', ')}
          {bundles.length > 10 ? '…' : ''}
        </Typography.Paragraph>
        <Form.Item label={t('bundle.adgroups')} extra={<ListKindsHint mode={mode} />}>
          <AdGroupListPicker mode={mode} value={groups} onChange={setGroups} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
