import { PlusOutlined } from '@ant-design/icons';
import { ADV_STATUSES, orgCan, type TAdvertiserRow } from '@scaler/domain';
import { Button, Card, Empty, Flex, Input, Select, Typography } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { OnceOpened } from '../../components/OnceOpened';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import type { AccountFormTarget } from './AccountFormDrawer';
import { AccountTable } from './AccountTable';
import { orgAccessOf } from './access';
import { useAdvertisers } from './api';
import { readAdvertiserFilters, writeAdvertiserFilters } from './listQuery';
import { useCloseAccountConfirm } from './useCloseAccountConfirm';

// Dialogs load when first opened.
const AccountDetailDrawer = lazy(() =>
  import('./AccountDetailDrawer').then((m) => ({ default: m.AccountDetailDrawer })),
);
const AccountFormDrawer = lazy(() =>
  import('./AccountFormDrawer').then((m) => ({ default: m.AccountFormDrawer })),
);
const AccountMembersModal = lazy(() =>
  import('./AccountMembersModal').then((m) => ({ default: m.AccountMembersModal })),
);

/** /manage/account: the center's own and shared advertiser accounts. */
export function AccountListPage() {
  const { t } = useTranslation(['advertisers', 'common']);
  const navigate = useNavigate();
  const { org, currentOrg, pathname, search } = useConsoleContext();
  const filters = readAdvertiserFilters(search);
  const list = useAdvertisers(org, filters);
  const [q, setQ] = useState(filters.q);
  const [formTarget, setFormTarget] = useState<AccountFormTarget | null>(null);
  const [detail, setDetail] = useState<TAdvertiserRow | null>(null);
  const [members, setMembers] = useState<TAdvertiserRow | null>(null);
  const confirmClose = useCloseAccountConfirm();
  useEffect(() => setQ(filters.q), [filters.q]);
  const canCreate = currentOrg ? orgCan(orgAccessOf(currentOrg), 'accounts.create') : false;
  // `?create=1` (the getting-started step "Create advertiser account") opens the create form at once.
  const askedToCreate = new URLSearchParams(search).get('create') === '1';
  useEffect(() => {
    if (!askedToCreate) return;
    const p = new URLSearchParams(search);
    p.delete('create');
    if (canCreate) setFormTarget({ mode: 'create' });
    navigate(`${pathname}?${p.toString()}`, { replace: true });
  }, [askedToCreate, canCreate, navigate, pathname, search]);

  if (org === null || !currentOrg) return null;
  const access = orgAccessOf(currentOrg);
  const canManage = orgCan(access, 'accounts.manage');
  const canAssign = orgCan(access, 'members.manage');
  const go = (patch: Parameters<typeof writeAdvertiserFilters>[1]) =>
    navigate(`${pathname}${writeAdvertiserFilters(search, patch)}`);
  const filtered = filters.q !== '' || filters.status !== null;

  const create = () => setFormTarget({ mode: 'create' });
  const rows = list.data?.list ?? [];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('create')}
          </Button>
        )}
      </Flex>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={(value) => go({ q: value })}
            placeholder={t('search')}
            aria-label={t('search')}
            maxLength={64}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            value={filters.status ?? undefined}
            onChange={(value) => go({ status: value ?? null })}
            placeholder={t('status_filter')}
            aria-label={t('status_filter')}
            style={{ width: 180 }}
            options={ADV_STATUSES.map((s) => ({ value: s, label: t(`common:adv_status.${s}`) }))}
          />
        </Flex>
        {list.isError && !list.data ? (
          <ErrorState onRetry={() => list.refetch()} message={list.error.message} />
        ) : !list.isPending && rows.length === 0 && filters.page === 1 ? (
          <Empty description={filtered ? t('empty_filtered') : t('empty')} style={{ padding: '32px 0' }}>
            {filtered ? (
              <Button onClick={() => go({ q: '', status: null })}>{t('clear_filters')}</Button>
            ) : (
              canCreate && (
                <Button type="primary" onClick={create}>
                  {t('create')}
                </Button>
              )
            )}
          </Empty>
        ) : (
          <AccountTable
            rows={rows}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            filters={filters}
            org={org}
            canManage={canManage}
            canAssign={canAssign}
            onPage={(page, pageSize) => go(pageSize !== filters.pageSize ? { pageSize } : { page })}
            actions={{
              open: (row) => navigate(withContext('/home/index', { org, adv: row.adv_id })),
              details: setDetail,
              edit: (row) => setFormTarget({ mode: 'edit', advId: row.adv_id }),
              members: setMembers,
              close: confirmClose,
            }}
          />
        )}
      </Card>
      <OnceOpened open={formTarget !== null}>
        <AccountFormDrawer org={org} target={formTarget} onClose={() => setFormTarget(null)} />
      </OnceOpened>
      <OnceOpened open={detail !== null}>
        <AccountDetailDrawer org={org} row={detail} onClose={() => setDetail(null)} />
      </OnceOpened>
      <OnceOpened open={members !== null}>
        <AccountMembersModal org={org} account={members} onClose={() => setMembers(null)} />
      </OnceOpened>
    </Flex>
  );
}
