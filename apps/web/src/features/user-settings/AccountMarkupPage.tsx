import { orgCan, type TAdvertiserMarkupRow } from '@scaler/domain';
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { OnceOpened } from '../../components/OnceOpened';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { AdvStatusBadge } from '../advertisers/AdvStatusBadge';
import { orgAccessOf } from '../advertisers/access';
import { useMarkups, useRemoveMarkup } from '../advertisers/api';
import { PAGE_SIZES, readAdvertiserFilters, writeAdvertiserFilters } from '../advertisers/listQuery';
import { formatPercent, markupPhase } from './markup';

// Dialogs load when first opened.
const MarkupModal = lazy(() => import('./MarkupModal').then((m) => ({ default: m.MarkupModal })));
const MarkupHistoryDrawer = lazy(() =>
  import('./MarkupHistoryDrawer').then((m) => ({ default: m.MarkupHistoryDrawer })),
);

const PHASE_COLOR = { scheduled: 'blue', active: 'green', ended: 'default' } as const;

/** /setting/account-markup: markup on the center's own accounts (org admins of agency centers). */
export function AccountMarkupPage() {
  const { t } = useTranslation(['userSettings', 'common']);
  const navigate = useNavigate();
  const { org, currentOrg, pathname, search } = useConsoleContext();
  const allowed = !!currentOrg && orgCan(orgAccessOf(currentOrg), 'markup.manage');
  // The same URL filters as the account list (`q`, `page`, `page_size`); the server pages.
  const filters = readAdvertiserFilters(search);
  const markups = useMarkups(org, { q: filters.q, page: filters.page, page_size: filters.pageSize }, allowed);
  const remove = useRemoveMarkup();
  const [editing, setEditing] = useState<TAdvertiserMarkupRow | null>(null);
  const [viewing, setViewing] = useState<TAdvertiserMarkupRow | null>(null);
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const go = (patch: Parameters<typeof writeAdvertiserFilters>[1]) =>
    navigate(`${pathname}${writeAdvertiserFilters(search, patch)}`);
  const today = dayjs().format('YYYY-MM-DD');

  const header = (
    <div>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('markup.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('markup.subtitle')}</Typography.Text>
    </div>
  );
  if (!allowed)
    return (
      <Flex vertical gap={16}>
        {header}
        <Card>
          <Empty description={t('markup.not_allowed')} />
        </Card>
      </Flex>
    );

  return (
    <Flex vertical gap={16}>
      {header}
      <Alert type="info" showIcon title={t('markup.explain_title')} description={t('markup.explain')} />
      <Card>
        <Input.Search
          allowClear
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(value) => go({ q: value })}
          placeholder={t('markup.search')}
          aria-label={t('markup.search')}
          maxLength={64}
          style={{ width: 280, marginBottom: 16 }}
        />
        {markups.isError && !markups.data ? (
          <ErrorState onRetry={() => markups.refetch()} message={markups.error.message} />
        ) : (
          <Table<TAdvertiserMarkupRow>
            rowKey="adv_id"
            loading={markups.isFetching}
            dataSource={markups.data?.list ?? []}
            pagination={{
              current: filters.page,
              pageSize: filters.pageSize,
              total: markups.data?.total ?? 0,
              hideOnSinglePage: filters.pageSize === 20,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => t('markup.total', { count: total }),
              onChange: (page, pageSize) => go(pageSize !== filters.pageSize ? { pageSize } : { page }),
            }}
            scroll={{ x: 960 }}
            locale={{
              emptyText: <Empty description={t(filters.q ? 'markup.empty_search' : 'markup.empty')} />,
            }}
            columns={[
              {
                title: t('markup.columns.account'),
                key: 'account',
                width: 240,
                render: (_, r) => (
                  <div>
                    <Typography.Text strong>{r.adv_name}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('common:id')}: {r.adv_id}
                      </Typography.Text>
                    </div>
                  </div>
                ),
              },
              {
                title: t('markup.columns.status'),
                key: 'status',
                width: 140,
                render: (_, r) => <AdvStatusBadge status={r.status} closed={false} />,
              },
              {
                title: t('markup.columns.ratio'),
                key: 'ratio',
                width: 160,
                render: (_, r) =>
                  r.markup ? (
                    <Flex gap={6} align="center">
                      {formatPercent(r.markup.ratio)}
                      <Tag color={PHASE_COLOR[markupPhase(r.markup, today)]}>
                        {t(`markup.phase.${markupPhase(r.markup, today)}`)}
                      </Tag>
                    </Flex>
                  ) : (
                    <Typography.Text type="secondary">{t('markup.none')}</Typography.Text>
                  ),
              },
              {
                title: t('markup.columns.start'),
                key: 'start',
                width: 120,
                render: (_, r) => r.markup?.start_date ?? '—',
              },
              {
                title: t('markup.columns.end'),
                key: 'end',
                width: 120,
                render: (_, r) => (r.markup ? (r.markup.end_date ?? t('markup.no_end')) : '—'),
              },
              {
                title: t('markup.columns.role'),
                key: 'role',
                width: 120,
                render: (_, r) => (r.markup ? t('markup.role_advertiser') : '—'),
              },
              {
                title: t('markup.columns.actions'),
                key: 'actions',
                fixed: 'right',
                width: 240,
                render: (_, r) => (
                  <Flex gap={0}>
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      {r.markup ? t('markup.edit') : t('markup.set')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setViewing(r)}>
                      {t('markup.history.open')}
                    </Button>
                    {r.markup && (
                      <Popconfirm
                        title={t('markup.remove_title', { name: r.adv_name })}
                        description={t('markup.remove_text')}
                        okText={t('markup.remove')}
                        okButtonProps={{ danger: true, loading: remove.isPending }}
                        cancelText={t('common:cancel')}
                        onConfirm={() => remove.mutateAsync(r.adv_id)}
                      >
                        <Button type="link" size="small" danger>
                          {t('markup.remove')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
      <OnceOpened open={editing !== null}>
        <MarkupModal row={editing} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened open={viewing !== null}>
        <MarkupHistoryDrawer org={org} row={viewing} onClose={() => setViewing(null)} />
      </OnceOpened>
    </Flex>
  );
}
