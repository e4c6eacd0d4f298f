import type { TVerification, VerificationStatus } from '@scaler/domain';
import { Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LicenseFileList } from '../files/LicenseFileList';

const COLORS: Record<VerificationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

export function VerificationHistory({ org, history }: { org: number; history: TVerification[] }) {
  const { t } = useTranslation('verification');
  return (
    <Table<TVerification>
      rowKey="id"
      size="middle"
      dataSource={history}
      pagination={history.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 900 }}
      locale={{ emptyText: t('history.empty') }}
      columns={[
        { title: t('history.submitted'), key: 'created', width: 170, render: (_, v) => time(v.created_at) },
        {
          title: t('history.status'),
          key: 'status',
          width: 120,
          render: (_, v) => <Tag color={COLORS[v.status]}>{t(`history.statuses.${v.status}`)}</Tag>,
        },
        {
          title: t('history.reason'),
          key: 'reason',
          render: (_, v) => v.reason || <Typography.Text type="secondary">—</Typography.Text>,
        },
        {
          title: t('history.note'),
          key: 'note',
          width: 200,
          render: (_, v) =>
            v.note ? <Typography.Text ellipsis={{ tooltip: v.note }}>{v.note}</Typography.Text> : '—',
        },
        {
          title: t('history.files'),
          key: 'files',
          width: 280,
          render: (_, v) => <LicenseFileList files={v.license_files} owner={{ org_id: org }} empty="—" />,
        },
        { title: t('history.reviewed'), key: 'reviewed', width: 170, render: (_, v) => time(v.reviewed_at) },
      ]}
    />
  );
}
