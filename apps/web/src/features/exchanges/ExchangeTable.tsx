import type { TExchange } from '@scaler/domain';
import { Button, Flex, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../finance/Money';
import { CopyableValue } from './CopyableValue';
import { countText, tokenMask } from './exchangeView';

/** The registered exchanges: where they send bid requests, how they are priced, and today's delivery. */
export function ExchangeTable({
  rows,
  loading,
  switching,
  onSwitch,
  onEdit,
  onReplaceToken,
}: {
  rows: TExchange[];
  loading: boolean;
  /** The exchange whose status is being saved. */
  switching: number | null;
  onSwitch: (exchange: TExchange, enabled: boolean) => void;
  onEdit: (exchange: TExchange) => void;
  onReplaceToken: (exchange: TExchange) => void;
}) {
  const { t } = useTranslation('exchanges');
  const count = (key: 'wins' | 'impressions') => ({
    title: t(`table.${key}`),
    key,
    width: key === 'impressions' ? 100 : 80,
    align: 'right' as const,
    render: (_: unknown, r: TExchange) => countText(r.today[key]),
  });

  const columns: TableColumnsType<TExchange> = [
    {
      title: t('table.name'),
      key: 'name',
      width: 170,
      fixed: 'left',
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong>{r.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('table.id', { id: r.id })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('table.endpoint'),
      key: 'endpoint',
      width: 240,
      render: (_, r) => <CopyableValue label={t('table.endpoint')} text={r.endpoint} />,
    },
    {
      title: t('table.auction_type'),
      key: 'auction_type',
      width: 110,
      render: (_, r) => t(`auction_type.${r.auction_type}`),
    },
    { title: t('table.currency'), key: 'currency', width: 80, dataIndex: 'currency' },
    {
      title: t('table.token'),
      key: 'token',
      width: 100,
      render: (_, r) => (
        <Typography.Text code aria-label={t('table.token_label', { hint: r.token_hint })}>
          {tokenMask(r.token_hint)}
        </Typography.Text>
      ),
    },
    {
      title: t('table.status'),
      key: 'status',
      width: 130,
      render: (_, r) => (
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={r.enabled}
            loading={switching === r.id}
            aria-label={t('table.status_label', { name: r.name })}
            onChange={(enabled) => onSwitch(r, enabled)}
          />
          <Typography.Text type={r.enabled ? undefined : 'secondary'}>
            {t(r.enabled ? 'status.enabled' : 'status.disabled')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('table.today'),
      key: 'today',
      children: [
        count('wins'),
        count('impressions'),
        {
          title: t('table.spend'),
          key: 'spend',
          width: 120,
          align: 'right',
          render: (_, r) => <Money amount={r.today.spend} currency={r.currency} />,
        },
      ],
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={8}>
          <Button
            size="small"
            aria-label={t('actions.edit_label', { name: r.name })}
            onClick={() => onEdit(r)}
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            danger
            aria-label={t('actions.replace_token_label', { name: r.name })}
            onClick={() => onReplaceToken(r)}
          >
            {t('actions.replace_token')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Table<TExchange>
      aria-label={t('table.label')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1400 }}
      pagination={false}
    />
  );
}
