import type { AdvRole, TAdvAssignment, TAdvertiserRow } from '@scaler/domain';
import { Flex, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdvStatusBadge } from '../advertisers/AdvStatusBadge';
import { applySelection, rolesUpTo, setAssignmentRole } from './assignments';

interface Props {
  rows: TAdvertiserRow[];
  /** Per account: the highest role that may be given (a partner's shared role), null for own accounts. */
  caps: ReadonlyMap<number, AdvRole | null>;
  value?: TAdvAssignment[];
  onChange?: (value: TAdvAssignment[]) => void;
  loading?: boolean;
  emptyText?: string;
}

/** Tick accounts and pick an account role for each (a controlled antd form field). */
export function AccountRoleChecklist({ rows, caps, value = [], onChange, loading, emptyText }: Props) {
  const { t } = useTranslation(['members', 'common']);
  const roles = new Map(value.map((a) => [a.adv_id, a.adv_role]));
  const change = (next: TAdvAssignment[]) => onChange?.(next);

  return (
    <Table<TAdvertiserRow>
      rowKey="adv_id"
      size="small"
      loading={loading}
      pagination={false}
      scroll={{ y: 300 }}
      dataSource={rows}
      locale={{ emptyText: emptyText ?? t('accounts_field.empty') }}
      rowSelection={{
        selectedRowKeys: value.map((a) => a.adv_id),
        onChange: (keys) => change(applySelection(value, keys.map(Number), caps)),
        getCheckboxProps: (row) => ({ 'aria-label': t('accounts_field.select', { name: row.adv_name }) }),
      }}
      columns={[
        {
          title: t('accounts_field.account'),
          key: 'account',
          render: (_, row) => (
            <Flex vertical gap={2}>
              <Typography.Text strong>{row.adv_name}</Typography.Text>
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">{row.adv_id}</Typography.Text>
                <AdvStatusBadge status={row.status} closed={row.closed} />
                {row.shared && (
                  <Tag color="purple">{t('accounts_field.shared_by', { org: row.owner_org_name })}</Tag>
                )}
              </Flex>
            </Flex>
          ),
        },
        {
          title: t('accounts_field.role'),
          key: 'role',
          width: 190,
          render: (_, row) => (
            <Select<AdvRole>
              style={{ width: '100%' }}
              value={roles.get(row.adv_id)}
              disabled={!roles.has(row.adv_id)}
              placeholder={t('accounts_field.no_access')}
              aria-label={t('accounts_field.role_of', { name: row.adv_name })}
              onChange={(role) => change(setAssignmentRole(value, row.adv_id, role))}
              options={rolesUpTo(caps.get(row.adv_id) ?? null).map((r) => ({
                value: r,
                label: t(`adv_role.${r}`),
              }))}
            />
          ),
        },
      ]}
    />
  );
}
