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
  ZBidAmount,
  ZBudgetAmount,
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
import { type HTMLAttributes, useMemo, useState } from 'react';
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
  type ColumnLayout,
  columnsOf,
  defaultWidth,
  eventName,
  eventsOf,
  formatValue,
  loadLayout,
  loadVisible,
  NAME_WIDTH,
  placeColumn,
  STATUS_WIDTH,
  saveLayout,
  saveVisible,
} from './columns';
import { DeliveryStatus } from './DeliveryStatus';
import { HeaderCell, type HeaderCellProps } from './HeaderCell';
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
 * A name in at most two lines, cut by CSS (the text stays whole for search, copy and assistive
 * technology; the tooltip shows it all).
 */
const nameStyle = (maxWidth: number) =>
  ({
    maxWidth,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    wordBreak: 'break-word',
    lineHeight: '18px',
  }) as const;
/** What antd hands a header cell (`HeaderCell`'s own props ride along). */
const headerProps = (p: HeaderCellProps) => p as unknown as HTMLAttributes<HTMLElement>;

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
  // The order and widths of the columns, kept per user and level (`columns.ts`, local storage).
  const [layoutByLevel, setLayoutByLevel] = useState<Partial<Record<PerfLevel, ColumnLayout>>>({});
  const layout = layoutByLevel[level] ?? loadLayout(userId, level, allColumns);
  const setLayout = (next: ColumnLayout, save = true) => {
    if (save) saveLayout(userId, level, next);
    setLayoutByLevel((v) => ({ ...v, [level]: next }));
  };
  const widthOf = (key: string, fallback: number) => layout.widths[key] ?? fallback;
  const resizer = (key: string, label: string) => ({
    colWidth: widthOf(key, key === 'name' ? NAME_WIDTH : key === 'status' ? STATUS_WIDTH : 120),
    resizeLabel: t('columns.resize', { column: label }),
    onResize: (width: number, done: boolean) =>
      setLayout({ ...layout, widths: { ...layout.widths, [key]: width } }, done),
  });
  const resetColumns = () => {
    setLayout({ order: [...new Set(allColumns.map((c) => c.key))], widths: {} });
    setVisible(new Set(allColumns.filter((c) => c.defaultVisible).map((c) => c.key)));
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
          rule={ZBidAmount}
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
          rule={ZBudgetAmount}
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
          rule={ZBudgetAmount}
          onSave={(v) => setAdGroupMoney.mutateAsync({ id: row.adgroup_id as number, budget: v })}
        />
      );
    }
    return text;
  };

  const sortOrderOf = (key: string) =>
    state.sortField === key ? (state.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const byKey = new Map(allColumns.map((c) => [c.key, c]));
  const shownDefs = layout.order
    .filter((k) => visible.has(k))
    .map((k) => byKey.get(k))
    .filter((c): c is ColumnDef => c !== undefined);
  const metricColumns: TableColumnsType<Row> = shownDefs.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.event?.suffix.startsWith('_uv') ? (
      <Tooltip title={t('columns.uv_hint')}>{columnLabel(c)}</Tooltip>
    ) : (
      columnLabel(c)
    ),
    width: widthOf(c.key, defaultWidth(c)),
    ellipsis: false,
    onHeaderCell: () =>
      headerProps({
        ...resizer(c.key, columnLabel(c)),
        colWidth: widthOf(c.key, defaultWidth(c)),
        columnKey: c.key,
        onDropColumn: (dragged: string, target: string) =>
          setLayout({
            ...layout,
            order: placeColumn(
              layout.order,
              dragged,
              target,
              layout.order.indexOf(dragged) < layout.order.indexOf(target) ? 'after' : 'before',
            ),
          }),
      }),
    align:
      c.format === 'money' || c.format === 'count' || c.format === 'percent' ? ('right' as const) : undefined,
    sorter: c.sortable,
    sortOrder: sortOrderOf(c.key),
    sortDirections: ['descend', 'ascend', 'descend'],
    render: render(c),
  }));

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

  /** Edit (or view), report and history of a row: icons with their names as tooltips and labels. */
  const actions = (row: Row, name: string) => {
    const editing = canEdit && row.status !== 14;
    const edit = editing ? t('edit') : t('view');
    return (
      <Flex gap={0} className="perf-row-actions">
        <Tooltip title={edit}>
          <Link to={editLink(search, row)} aria-label={`${edit} ${name}`}>
            <Button
              size="small"
              type="text"
              icon={editing ? <EditOutlined /> : <EyeOutlined />}
              tabIndex={-1}
            />
          </Link>
        </Tooltip>
        <Tooltip title={t('report')}>
          <Link to={reportLink(row)} aria-label={`${t('report')} ${name}`}>
            <Button size="small" type="text" icon={<BarChartOutlined />} tabIndex={-1} />
          </Link>
        </Tooltip>
        <Tooltip title={t('history')}>
          <Button
            size="small"
            type="text"
            icon={<HistoryOutlined />}
            aria-label={`${t('history')} ${name}`}
            onClick={() => setHistory({ id: row[ID_KEY[level]] as number, name })}
          />
        </Tooltip>
      </Flex>
    );
  };

  const nameWidth = widthOf('name', NAME_WIDTH);
  const nameColumn: TableColumnsType<Row>[number] = {
    key: 'name',
    title: t('columns.name'),
    fixed: 'left',
    width: nameWidth,
    onHeaderCell: () => headerProps(resizer('name', t('columns.name'))),
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
      const textWidth = Math.max(60, nameWidth - 52);
      return (
        <Flex vertical gap={2}>
          <Flex gap={8} align="center">
            <Switch
              size="small"
              aria-label={t('switch_on', { name })}
              // A deleted object delivers nothing and cannot be switched on again: drawn off and disabled.
              checked={row.opt_status === 1 && !deleted}
              disabled={!canEdit || deleted || patch.isPending}
              onChange={(on) => patch.mutate({ ids: [id], opt_status: on ? 1 : 0 })}
            />
            <Tooltip title={name} placement="topLeft" mouseEnterDelay={0.5}>
              {link ? (
                <Link to={link} style={nameStyle(textWidth)}>
                  {name}
                </Link>
              ) : (
                <span style={nameStyle(textWidth)}>{name}</span>
              )}
            </Tooltip>
          </Flex>
          <Flex gap={4} align="center" style={{ fontSize: 12 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              ID {id}
            </Typography.Text>
            {actions(row, name)}
          </Flex>
        </Flex>
      );
    },
  };

  const statusColumn: TableColumnsType<Row>[number] = {
    key: 'status',
    dataIndex: 'status',
    title: t('columns.status'),
    width: widthOf('status', STATUS_WIDTH),
    sorter: true,
    sortOrder: sortOrderOf('status'),
    sortDirections: ['descend', 'ascend', 'descend'],
    onHeaderCell: () => headerProps(resizer('status', t('columns.status'))),
    render: (_: unknown, row: Row) => (
      <Flex vertical gap={2} align="start">
        <DeliveryStatus status={row.status} />
        {level === 'creative' && row.status === 2 && row.reject_code ? (
          <RejectionTag
            code={row.reject_code as number}
            note={(row.reject_reason as string | null) ?? null}
          />
        ) : null}
        {row.status === 0 && row.delivered === false ? (
          <Tooltip title={t('waiting_hint')}>
            <Tag color="processing" style={{ marginInlineEnd: 0 }}>
              {t('waiting')}
            </Tag>
          </Tooltip>
        ) : null}
      </Flex>
    ),
  };

  const columns = [nameColumn, statusColumn, ...metricColumns];
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

  /** A filter chip's parent by name (`list2`'s `parents`); the id until the answer is there. */
  const parentName = (kind: 'campaigns' | 'adgroups', id: number): string | null =>
    list.data?.parents?.[kind].find((p) => p.id === id)?.name ?? null;

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
          {t(`level.${level}`)}
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
              {parentName('campaigns', id) === null
                ? t('parent.campaign', { id })
                : t('parent.campaign_named', { name: parentName('campaigns', id) })}
            </Tag>
          ))}
          {level === 'creative' &&
            state.adgroupIds.map((id) => (
              <Tag
                key={`g${id}`}
                closable
                onClose={() => update({ adgroupIds: state.adgroupIds.filter((x) => x !== id) })}
              >
                {parentName('adgroups', id) === null
                  ? t('parent.adgroup', { id })
                  : t('parent.adgroup_named', { name: parentName('adgroups', id) })}
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
        <ColumnSettings
          columns={allColumns}
          visible={visible}
          order={layout.order}
          label={columnLabel}
          onChange={setVisible}
          onOrder={(order) => setLayout({ ...layout, order })}
          onReset={resetColumns}
        />
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
          components={{ header: { cell: HeaderCell } }}
          scroll={{ x: columns.reduce((w, c) => w + (Number(c.width) || 120), canEdit ? 40 : 0), y: 600 }}
          rowSelection={
            canEdit
              ? {
                  fixed: true,
                  columnWidth: 40,
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
                  {/* Cells are numbered as the table's columns are: after the selection column only
                      when there is one (read-only roles have none). */}
                  {canEdit && <Table.Summary.Cell index={0} />}
                  {columns.map((c, i) => {
                    const index = i + (canEdit ? 1 : 0);
                    if (c.key === 'name')
                      return (
                        <Table.Summary.Cell key="name" index={index}>
                          <Typography.Text strong>
                            {t('totals', { count: list.data?.total ?? 0 })}
                          </Typography.Text>
                        </Table.Summary.Cell>
                      );
                    const def = byKey.get(String(c.key));
                    const v = totals[String(c.key)];
                    return (
                      <Table.Summary.Cell key={String(c.key)} index={index} align="right">
                        {def && v !== undefined ? formatValue(def.format, v, locale) : ''}
                      </Table.Summary.Cell>
                    );
                  })}
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
