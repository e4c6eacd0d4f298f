import type { TAppRow, TPixelRow } from '@scaler/domain';
import { PARTNERS } from '@scaler/domain';
import { Avatar, Flex, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { formatTime } from './format';
import { RecordingBadge } from './RecordingBadge';

interface TableProps<T> {
  rows: T[];
  loading: boolean;
  /** The console path of a row's page. */
  href: (row: T) => string;
  empty: ReactNode;
}

/** Every app of the account with its recording status and last event. */
export function AppTable({ rows, loading, href, empty }: TableProps<TAppRow>) {
  const { t } = useTranslation('assets');
  return (
    <Table<TAppRow>
      rowKey="_id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : empty }}
      columns={[
        {
          title: t('columns.app'),
          key: 'name',
          render: (_, row) => (
            <Flex gap={8} align="center">
              <Avatar shape="square" size={32} src={avatarUrl(row.icon, 'adv')} alt="" />
              <div>
                <Link to={href(row)}>{row.name}</Link>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {row.bundle_id}
                </Typography.Text>
              </div>
            </Flex>
          ),
        },
        { title: t('columns.os'), key: 'os', render: (_, row) => <Tag>{t(`os.${row.os}`)}</Tag> },
        { title: t('columns.partner'), key: 'partner', render: (_, row) => PARTNERS[row.partner].name },
        { title: t('columns.events'), dataIndex: 'event_count' },
        {
          title: t('columns.status'),
          key: 'status',
          render: (_, row) => <RecordingBadge status={row.status} />,
        },
        { title: t('columns.last_event'), key: 'last', render: (_, row) => formatTime(row.last_event_at) },
      ]}
    />
  );
}

/** Web pixels (and, with `api`, API event sources) with their installation and recording status. */
export function PixelTable({
  rows,
  loading,
  href,
  empty,
  api = false,
}: TableProps<TPixelRow> & { api?: boolean }) {
  const { t } = useTranslation('assets');
  return (
    <Table<TPixelRow>
      rowKey="_id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : empty }}
      columns={[
        {
          title: t(api ? 'columns.api' : 'columns.pixel'),
          key: 'name',
          render: (_, row) => (
            <div>
              <Link to={href(row)}>{row.name}</Link>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {row._id}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: t('columns.conversion_type'),
          key: 'conversion_type',
          render: (_, row) => t(`conversion_type.${row.conversion_type}`),
        },
        api
          ? {
              title: t('columns.token'),
              key: 'token',
              render: (_, row) =>
                row.api_source ? (
                  <Typography.Text code>…{row.api_source.token_hint}</Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('api.no_source')}</Typography.Text>
                ),
            }
          : {
              title: t('columns.installed'),
              key: 'installed',
              render: (_, row) =>
                row.installed ? (
                  <Tag color="success">{t('pixel.installed')}</Tag>
                ) : (
                  <Tag>{t('pixel.not_installed')}</Tag>
                ),
            },
        { title: t('columns.events'), dataIndex: 'event_count' },
        {
          title: t('columns.status'),
          key: 'status',
          render: (_, row) => <RecordingBadge status={row.status} />,
        },
        { title: t('columns.last_event'), key: 'last', render: (_, row) => formatTime(row.last_event_at) },
      ]}
    />
  );
}
