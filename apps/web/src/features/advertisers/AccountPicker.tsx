import type { AdvRole, TAdvAssignment, TAdvertiserRow } from '@scaler/domain';
import { Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountsLoadError } from './AccountsLoadError';
import { AdvStatusBadge } from './AdvStatusBadge';
import { capOf, PICKER_PAGE_SIZE, rolesUpTo, selectOnPage, setAssignmentRole } from './accountPicker';
import { useAccountSearch } from './api';

export interface AccountPickerProps {
  org: number;
  /** Only the center's own accounts (a partner cannot re-share what is shared with it). */
  ownOnly?: boolean;
  value?: TAdvAssignment[];
  onChange?: (value: TAdvAssignment[]) => void;
  emptyText?: string;
}

/**
 * Tick the center's advertiser accounts and pick a role for each (a controlled antd form field). The
 * accounts come from the server a page at a time, searched by name or id; closed accounts are left out
 * and shared ones offer at most the role they are shared with. Ticks on other pages are kept.
 */
export function AccountPicker({ org, ownOnly = false, value = [], onChange, emptyText }: AccountPickerProps) {
  const { t } = useTranslation(['advertisers', 'common']);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const accounts = useAccountSearch(org, {
    q,
    closed: false,
    shared: ownOnly ? false : undefined,
    page,
    page_size: PICKER_PAGE_SIZE,
  });
  const rows = accounts.data?.list ?? [];
  const roles = new Map(value.map((a) => [a.adv_id, a.adv_role]));
  const change = (next: TAdvAssignment[]) => onChange?.(next);

  if (accounts.isError && !accounts.data) return <AccountsLoadError onRetry={() => accounts.refetch()} />;
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Input.Search
          allowClear
          size="small"
          placeholder={t('picker.search')}
          aria-label={t('picker.search')}
          maxLength={64}
          style={{ width: 260 }}
          onSearch={(text) => {
            setQ(text.trim());
            setPage(1);
          }}
        />
        <Typography.Text type="secondary">{t('picker.selected', { count: value.length })}</Typography.Text>
      </Flex>
      <Table<TAdvertiserRow>
        rowKey="adv_id"
        size="small"
        loading={accounts.isFetching}
        dataSource={rows}
        scroll={{ y: 300 }}
        pagination={{
          current: page,
          pageSize: PICKER_PAGE_SIZE,
          total: accounts.data?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{ emptyText: q ? t('picker.no_match') : (emptyText ?? t('picker.empty')) }}
        rowSelection={{
          selectedRowKeys: value.map((a) => a.adv_id),
          preserveSelectedRowKeys: true,
          onChange: (keys) => change(selectOnPage(value, rows, keys.map(Number))),
          getCheckboxProps: (row) => ({ 'aria-label': t('picker.select', { name: row.adv_name }) }),
        }}
        columns={[
          {
            title: t('picker.account'),
            key: 'account',
            render: (_, row) => (
              <Flex vertical gap={2}>
                <Typography.Text strong>{row.adv_name}</Typography.Text>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text type="secondary">{row.adv_id}</Typography.Text>
                  <AdvStatusBadge status={row.status} closed={row.closed} />
                  {row.shared && (
                    <Tag color="purple">{t('picker.shared_by', { org: row.owner_org_name })}</Tag>
                  )}
                </Flex>
              </Flex>
            ),
          },
          {
            title: t('picker.role'),
            key: 'role',
            width: 190,
            render: (_, row) => (
              <Select<AdvRole>
                style={{ width: '100%' }}
                value={roles.get(row.adv_id)}
                disabled={!roles.has(row.adv_id)}
                placeholder={t('picker.no_access')}
                aria-label={t('picker.role_of', { name: row.adv_name })}
                onChange={(role) => change(setAssignmentRole(value, row.adv_id, role))}
                options={rolesUpTo(capOf(row)).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
