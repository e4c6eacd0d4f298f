import { CUSTOM_EVENT_TYPE, type TAssetEvent } from '@scaler/domain';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from './format';
import { RecordingBadge } from './RecordingBadge';
import { type StandardEventKind, useStandardEvents } from './standardEvents';

/** The events of an app (`app`) or pixel (`web`) with the recording status of each. */
export function AssetEventsTable({
  kind,
  events,
  loading = false,
}: {
  kind: StandardEventKind;
  events: TAssetEvent[];
  loading?: boolean;
}) {
  const { t } = useTranslation('assets');
  const standard = useStandardEvents(kind);
  const standardName = (type: string) =>
    standard.data?.find((e) => e.event_type === type)?.event_name ?? type;
  return (
    <Table<TAssetEvent>
      rowKey={(e) => `${e.type}:${e.event_id}`}
      size="small"
      loading={loading}
      dataSource={events}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('events.none') }}
      columns={[
        {
          title: t('events.name'),
          key: 'name',
          render: (_, e) => (
            <>
              {e.event_name}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {e.event_id}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('events.kind'),
          key: 'kind',
          render: (_, e) => <Tag>{t(e.type === 1 ? 'events.kind_standard' : 'events.kind_custom')}</Tag>,
        },
        {
          title: t('events.report_as'),
          key: 'report_as',
          render: (_, e) =>
            e.type === 2 && e.event_type !== CUSTOM_EVENT_TYPE ? standardName(e.event_type) : '—',
        },
        { title: t('columns.status'), key: 'status', render: (_, e) => <RecordingBadge status={e.status} /> },
        { title: t('columns.last_event'), key: 'last', render: (_, e) => formatTime(e.last_event_at) },
      ]}
    />
  );
}
