import {
  BarChartOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  advCan,
  type Locale,
  normalizeLocale,
  type PerfLevel,
  STATUS_FILTERS,
  type TList2Request,
  type TList2Row,
} from '@scaler/domain';
import {
  Alert,
  Button,
  Flex,
  Input,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeferredRangePicker } from '../../components/DeferredRangePicker';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { RejectionTag } from '../../components/RejectionReason';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { readDateRange, reportToday, writeDateRange } from '../assets/dateRange';
import { editLink } from '../campaign-editor/editorState';
import { AssignCreativesModal } from './AssignCreativesModal';
import { useList2, usePatchObjects, useSetAdGroupMoney, useSetCampaignBudget } from './api';
import { BatchBidsModal } from './BatchBidsModal';
import { ColumnSettings } from './ColumnSettings';
import {
  type ColumnDef,
  columnsOf,
  eventName,
  eventsOf,
  formatValue,
  loadVisible,
  saveVisible,
} from './columns';
import { DeliveryStatus } from './DeliveryStatus';
import { HistoryDrawer } from './HistoryDrawer';
import { drillDown, PAGE_SIZES, readListState, writeListState } from './listState';
import { MoneyCell } from './MoneyCell';
import { PRESETS, presetRange } from './presets';

type Row = TList2Row & Record<string, unknown>;

const ID_KEY: Record<PerfLevel, 'campaign_id' | 'adgroup_id' | 'creative_id'> = {
  campaign: 'campaign_id',
  adgroup: 'adgroup_id',
  creative: 'creative_id',
};
const NAME_KEY: Record<PerfLevel, 'campaign_name' | 'adgroup_name' | 'creative_name'> = {
  campaign: 'campaign_name',
  adgroup: 'adgroup_name',
  creative: 'creative_name',
};
const OBJECT_TYPE: Record<PerfLevel, 1 | 2 | 3> = { campaign: 1, adgroup: 2, creative: 3 };

/**
 * `/perf/campaign`, `/perf/adgroup`, `/perf/creative`: one list for the three levels (spec 2). Every
 * filter, the sort, the page and the range live in the URL; the server pages, filters, sorts and totals
 * (`list2`), so a page costs the same with 10,000 rows. Rows are virtualised (antd's virtual table) under
 * a sticky header and the totals row.
 */
export function PerfListPage() {
  const { t, i18n } = useTranslation('campaigns');
  const locale: Locale = normalizeLocale(i18n.language);
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const ctx = useConsoleContext();
  const { pathname, search, adv, org } = ctx;
  const state = readListState(pathname, search);
  const { level } = state;
  const today = reportToday();
  const range = readDateRange(search, today);
  const account = ctx.orgAdvs.find((a) => a.adv_id === adv);
  const canEdit = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'ads.edit')
    : false;
  const userId = ctx.user?._id ?? null;
  const showFee = ctx.user?.status_fee === 1;
  const allColumns = useMemo(() => columnsOf(level, showFee), [level, showFee]);
  const [visibleByLevel, setVisibleByLevel] = useState<Partial<Record<PerfLevel, Set<string>>>>({});
  const visible = visibleByLevel[level] ?? loadVisible(userId, level, allColumns);
  const setVisible = (next: Set<string>) => {
    saveVisible(userId, level, next);
    setVisibleByLevel((v) => ({ ...v, [level]: next }));
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);

  const body: TList2Request = {
    page: state.page,
    page_size: state.pageSize,
    start_date: range.start_date,
    end_date: range.end_date,
    status: state.status === null ? [] : [state.status],
    search: state.q,
    campaign_ids: state.campaignIds,
    adgroup_ids: state.adgroupIds,
    sort_field: state.sortField,
    sort_order: state.sortOrder,
    events: eventsOf(allColumns, visible),
  };
  const list = useList2(adv, level, body);
  const patch = usePatchObjects(level);
  const setBudget = useSetCampaignBudget();
  const setAdGroupMoney = useSetAdGroupMoney();

  const go = (next: string) => navigate(`${pathname}${next}`, { replace: true });
  const update = (p: Parameters<typeof writeListState>[1]) => {
    setSelected([]);
    go(writeListState(search, p));
  };

  const columnLabel = (c: ColumnDef) =>
    c.event
      ? t(`columns.event${c.event.suffix}` as 'columns.event_pv', { event: eventName(c.event.type, locale) })
      : t(`columns.${c.key}` as 'columns.gmv');

  const render = (c: ColumnDef) => (value: unknown, row: Row) => {
    const text =
      c.key === 'promote_goal'
        ? t(`goal.${String(value)}` as 'goal.app_install')
        : c.key === 'term_type'
          ? value === null
            ? '—'
            : t(`bidding.${String(value)}` as 'bidding.1')
          : formatValue(c.format, value, locale);
    const deleted = row.status === 14;
    if (c.key === 'bid_price' && level === 'adgroup') {
      return (
        <MoneyCell
          text={text}
          value={row.bid_price as number}
          editable={canEdit && !deleted}
          label={`${t('columns.bid_price')} ${row.adgroup_name}`}
          min={0.01}
          onSave={(v) => setAdGroupMoney.mutateAsync({ id: row.adgroup_id as number, bid: v })}
        />
      );
    }
    if (c.key === 'campaign_budget' && level === 'campaign') {
      return (
        <MoneyCell
          text={value === null ? t('no_budget') : text}
          value={value as number | null}
          editable={canEdit && !deleted}
          label={`${t('columns.campaign_budget')} ${row.campaign_name}`}
          min={1}
          onSave={(v) => setBudget.mutateAsync({ id: row.campaign_id, budget: v })}
        />
      );
    }
    if (c.key === 'ad_group_budget' && level === 'adgroup') {
      return (
        <MoneyCell
          text={value === null ? t('no_budget') : text}
          value={value as number | null}
          editable={canEdit && !deleted}
          label={`${t('columns.ad_group_budget')} ${row.adgroup_name}`}
          min={1}
          onSave={(v) => setAdGroupMoney.mutateAsync({ id: row.adgroup_id as number, budget: v })}
        />
      );
    }
    return text;
  };

  const sortOrderOf = (key: string) =>
    state.sortField === key ? (state.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const metricColumns: TableColumnsType<Row> = allColumns
    .filter((c) => visible.has(c.key))
    .map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: c.event?.suffix.startsWith('_uv') ? (
        <Tooltip title={t('columns.uv_hint')}>{columnLabel(c)}</Tooltip>
      ) : (
        columnLabel(c)
      ),
      width: c.key === 'created_time' || c.key === 'updated_time' ? 170 : 120,
      align:
        c.format === 'money' || c.format === 'count' || c.format === 'percent'
          ? ('right' as const)
          : undefined,
      sorter: c.sortable,
      sortOrder: sortOrderOf(c.key),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: render(c),
    }));

  const nameColumn: TableColumnsType<Row>[number] = {
    key: 'name',
    title: t('columns.name'),
    fixed: 'left',
    width: 300,
    render: (_: unknown, row: Row) => {
      const id = row[ID_KEY[level]] as number;
      const name = row[NAME_KEY[level]] as string;
      const deleted = row.status === 14;
      const link =
        level === 'campaign'
          ? drillDown(search, 'adgroup', { campaignId: row.campaign_id })
          : level === 'adgroup'
            ? drillDown(search, 'creative', { campaignId: row.campaign_id, adgroupId: id })
            : null;
      return (
        <Flex vertical gap={2}>
          <Flex gap={8} align="center">
            <Switch
              size="small"
              aria-label={t('switch_on', { name })}
              checked={row.opt_status === 1}
              disabled={!canEdit || deleted || patch.isPending}
              onChange={(on) => patch.mutate({ ids: [id], opt_status: on ? 1 : 0 })}
            />
            {link ? (
              <Link to={link}>
                <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 200, color: 'inherit' }}>
                  {name}
                </Typography.Text>
              </Link>
            ) : (
              <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 200 }}>
                {name}
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={8} align="center" style={{ fontSize: 12 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              ID {id}
            </Typography.Text>
            <DeliveryStatus status={row.status} />
            {level === 'creative' && row.status === 2 && row.reject_code ? (
              <RejectionTag
                code={row.reject_code as number}
                note={(row.reject_reason as string | null) ?? null}
              />
            ) : null}
          </Flex>
        </Flex>
      );
    },
  };

  /** The row's report by day (`/report/detail`), over the list's date range. */
  const reportLink = (row: Row) => {
    const p = new URLSearchParams(
      [...new URLSearchParams(search)].filter(([k]) => ['org', 'adv', 'start', 'end'].includes(k)),
    );
    p.set(
      level === 'campaign' ? 'campaign_ids' : level === 'adgroup' ? 'adgroup_ids' : 'creative_ids',
      String(row[ID_KEY[level]]),
    );
    return `/report/detail?${p.toString()}`;
  };

  const actionColumn: TableColumnsType<Row>[number] = {
    key: 'actions',
    title: t('columns.actions'),
    fixed: 'right',
    width: 260,
    render: (_: unknown, row: Row) => (
      <Flex gap={4}>
        <Link
          to={editLink(search, row)}
          aria-label={`${canEdit && row.status !== 14 ? t('edit') : t('view')} ${row[NAME_KEY[level]] as string}`}
        >
          <Button
            size="small"
            icon={canEdit && row.status !== 14 ? <EditOutlined /> : <EyeOutlined />}
            tabIndex={-1}
          >
            {canEdit && row.status !== 14 ? t('edit') : t('view')}
          </Button>
        </Link>
        <Link to={reportLink(row)} aria-label={`${t('report')} ${row[NAME_KEY[level]] as string}`}>
          <Button size="small" icon={<BarChartOutlined />} tabIndex={-1}>
            {t('report')}
          </Button>
        </Link>
        <Button
          size="small"
          icon={<HistoryOutlined />}
          aria-label={`${t('history')} ${row[NAME_KEY[level]] as string}`}
          onClick={() =>
            setHistory({ id: row[ID_KEY[level]] as number, name: row[NAME_KEY[level]] as string })
          }
        >
          {t('history')}
        </Button>
      </Flex>
    ),
  };

  const columns = [nameColumn, ...metricColumns, actionColumn];
  const totals = list.data?.totals ?? {};
  const rows = (list.data?.list ?? []) as Row[];
  const filtered = state.status !== null || state.q !== '';

  const bulk = (opt: 0 | 1) =>
    patch.mutate(
      { ids: selected, opt_status: opt },
      {
        onSuccess: (r) => {
          message.success(t('bulk.done', { count: r.updated }));
          setSelected([]);
        },
      },
    );
  const bulkDelete = () =>
    modal.confirm({
      title: t('delete_confirm.title', { count: selected.length }),
      content: t('delete_confirm.text'),
      okText: t('delete_confirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        patch.mutateAsync({ ids: selected, delete: true }).then((r) => {
          message.success(t('bulk.done', { count: r.updated }));
          setSelected([]);
        }),
    });

  const levelLink = (l: PerfLevel) => {
    const p = new URLSearchParams(search);
    for (const key of ['status', 'q', 'sort', 'order', 'page']) p.delete(key);
    if (l === 'campaign') {
      p.delete('campaign_ids');
      p.delete('adgroup_ids');
    }
    if (l === 'adgroup') p.delete('adgroup_ids');
    return `/perf/${l}?${p.toString()}`;
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() =>
              navigate(
                `/perf/new?${new URLSearchParams(
                  [...new URLSearchParams(search)].filter(([k]) => k === 'org' || k === 'adv'),
                ).toString()}`,
              )
            }
          >
            {t('create')}
          </Button>
        )}
      </Flex>
      {!canEdit && account && <Alert type="info" showIcon title={t('read_only')} />}
      <Tabs
        activeKey={level}
        onChange={(key) => navigate(levelLink(key as PerfLevel))}
        items={(['campaign', 'adgroup', 'creative'] as const).map((l) => ({
          key: l,
          label: t(`level.${l}`),
        }))}
      />
      {(state.campaignIds.length > 0 || state.adgroupIds.length > 0) && level !== 'campaign' && (
        <Flex gap={8} wrap align="center">
          {state.campaignIds.map((id) => (
            <Tag
              key={`c${id}`}
              closable
              onClose={() =>
                update({ campaignIds: state.campaignIds.filter((x) => x !== id), adgroupIds: [] })
              }
            >
              {t('parent.campaign', { id })}
            </Tag>
          ))}
          {level === 'creative' &&
            state.adgroupIds.map((id) => (
              <Tag
                key={`g${id}`}
                closable
                onClose={() => update({ adgroupIds: state.adgroupIds.filter((x) => x !== id) })}
              >
                {t('parent.adgroup', { id })}
              </Tag>
            ))}
        </Flex>
      )}
      <Flex gap={8} wrap align="center">
        <Input.Search
          allowClear
          aria-label={t('search')}
          placeholder={t('search')}
          defaultValue={state.q}
          key={state.q}
          onSearch={(q) => update({ q })}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('status_filter')}
          allowClear
          placeholder={t('status_filter')}
          value={state.status ?? undefined}
          onChange={(v) => update({ status: v ?? null })}
          style={{ width: 200 }}
          options={(STATUS_FILTERS[level] as readonly number[]).map((s) => ({
            value: s,
            label: t(`status.${s}` as 'status.0'),
          }))}
        />
        <DeferredRangePicker
          aria-label={t('range')}
          allowClear={false}
          value={[dayjs(range.start_date), dayjs(range.end_date)]}
          disabledDate={(day) => day.format('YYYY-MM-DD') > today}
          presets={PRESETS.map((p) => {
            const r = presetRange(p, today);
            return { label: t(`presets.${p}`), value: [dayjs(r.start_date), dayjs(r.end_date)] };
          })}
          onChange={(values) => {
            const [start, end] = values ?? [];
            if (!start || !end) return;
            setSelected([]);
            go(
              writeDateRange(
                writeListState(search, { page: 1 }),
                { start_date: start.format('YYYY-MM-DD'), end_date: end.format('YYYY-MM-DD') },
                today,
              ),
            );
          }}
        />
        <div style={{ flex: 1 }} />
        <ColumnSettings columns={allColumns} visible={visible} label={columnLabel} onChange={setVisible} />
      </Flex>
      {canEdit && selected.length > 0 && (
        <Flex
          gap={8}
          align="center"
          wrap
          role="toolbar"
          aria-label={t('selected', { count: selected.length })}
        >
          <Typography.Text>{t('selected', { count: selected.length })}</Typography.Text>
          <Button onClick={() => bulk(1)} loading={patch.isPending}>
            {t('bulk.on')}
          </Button>
          <Button onClick={() => bulk(0)} loading={patch.isPending}>
            {t('bulk.off')}
          </Button>
          {level === 'adgroup' && <Button onClick={() => setBatchOpen(true)}>{t('bulk.bids')}</Button>}
          {level === 'creative' && <Button onClick={() => setAssignOpen(true)}>{t('bulk.assign')}</Button>}
          <Button danger onClick={bulkDelete}>
            {t('bulk.delete')}
          </Button>
        </Flex>
      )}
      {list.isError && !list.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          virtual
          size="small"
          rowKey={(r) => r[ID_KEY[level]] as number}
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: columns.reduce((w, c) => w + (Number(c.width) || 120), 0), y: 600 }}
          rowSelection={
            canEdit
              ? {
                  fixed: true,
                  columnWidth: 48,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (r) => ({ disabled: r.status === 14 }),
                }
              : undefined
          }
          onChange={(_p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            if (!s?.columnKey || !s.order) return update({ sortField: 'created_time', sortOrder: 'desc' });
            update({ sortField: String(s.columnKey), sortOrder: s.order === 'ascend' ? 'asc' : 'desc' });
          }}
          locale={{
            emptyText: filtered ? (
              <Space direction="vertical">
                {t('empty_filtered')}
                <Button size="small" onClick={() => update({ status: null, q: '' })}>
                  {t('clear_filters')}
                </Button>
              </Space>
            ) : (
              t('empty', { level: t(`level.${level}`) })
            ),
          }}
          summary={() =>
            rows.length === 0 ? null : (
              <Table.Summary fixed="top">
                <Table.Summary.Row>
                  {canEdit && <Table.Summary.Cell index={0} />}
                  <Table.Summary.Cell index={1}>
                    <Typography.Text strong>{t('totals', { count: list.data?.total ?? 0 })}</Typography.Text>
                  </Table.Summary.Cell>
                  {metricColumns.map((c, i) => {
                    const def = allColumns.find((d) => d.key === c.key);
                    const v = totals[String(c.key)];
                    return (
                      <Table.Summary.Cell key={String(c.key)} index={i + 2} align="right">
                        {def && v !== undefined ? formatValue(def.format, v, locale) : ''}
                      </Table.Summary.Cell>
                    );
                  })}
                  <Table.Summary.Cell index={metricColumns.length + 2} />
                </Table.Summary.Row>
              </Table.Summary>
            )
          }
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('totals', { count: total }),
            onChange: (page, pageSize) => update(pageSize !== state.pageSize ? { pageSize } : { page }),
          }}
        />
      )}
      <HistoryDrawer
        adv={adv}
        objectType={OBJECT_TYPE[level]}
        object={history}
        onClose={() => setHistory(null)}
      />
      {batchOpen && (
        <BatchBidsModal
          ids={selected}
          onClose={() => {
            setBatchOpen(false);
            setSelected([]);
          }}
        />
      )}
      {assignOpen && (
        <AssignCreativesModal
          ids={selected}
          onClose={() => {
            setAssignOpen(false);
            setSelected([]);
          }}
        />
      )}
      {org === null && <Alert type="warning" title={t('no_account')} />}
    </Flex>
  );
}
