import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { AssetEventsTable } from './AssetEventsTable';
import { usePixelStatus } from './api';
import { formatTime } from './format';
import { RecordingBadge } from './RecordingBadge';

/** GET /scaler/v3/pixel/event/status: installation, recording status and each event's status. */
export function PixelStatusCard({ adv, pixelId }: { adv: number | null; pixelId: string }) {
  const { t } = useTranslation('assets');
  const status = usePixelStatus(adv, pixelId);
  const data = status.data;
  return (
    <Card title={t('status.title')}>
      {status.isError && !data ? (
        <ErrorState onRetry={() => status.refetch()} message={status.error.message} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 4 }}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'status',
                label: t('columns.status'),
                children: data ? <RecordingBadge status={data.status} /> : '—',
              },
              {
                key: 'installed',
                label: t('status.installation'),
                children: data ? (
                  data.installed ? (
                    <Tag color="success">
                      {t('status.installed_at', { time: formatTime(data.installed_at) })}
                    </Tag>
                  ) : (
                    <Tag>{t('pixel.not_installed')}</Tag>
                  )
                ) : (
                  '—'
                ),
              },
              { key: 'last', label: t('columns.last_event'), children: formatTime(data?.last_event_at) },
              { key: 'reset', label: t('status.reset_at'), children: formatTime(data?.reset_at) },
            ]}
          />
          <AssetEventsTable kind="web" events={data?.events ?? []} loading={status.isPending} />
        </>
      )}
    </Card>
  );
}
