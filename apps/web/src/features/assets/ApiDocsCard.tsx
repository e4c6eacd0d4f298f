import { MAX_EVENTS_PER_REQUEST, type TPixelDetail } from '@scaler/domain';
import { Card, Descriptions, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { eventsEndpoint, exampleCurl } from './apiExample';
import { CodeBlock, CopyText } from './CopyText';

const FIELDS = [
  'pixel_id',
  'data',
  'event',
  'event_id',
  'event_time',
  'user',
  'properties',
  'click_id',
  'page',
] as const;

/** How to send events: the endpoint, the payload's fields, the answers and a ready curl request. */
export function ApiDocsCard({ pixel }: { pixel: TPixelDetail }) {
  const { t } = useTranslation('assets');
  const origin = window.location.origin;
  const curl = exampleCurl({ origin, pixelId: pixel._id, events: pixel.events });
  return (
    <Card title={t('api.docs')}>
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={1}
          colon={false}
          items={[
            {
              key: 'endpoint',
              label: t('api.endpoint'),
              children: <CopyText label={t('api.endpoint')} text={`POST ${eventsEndpoint(origin)}`} />,
            },
            {
              key: 'auth',
              label: t('api.auth'),
              children: <Typography.Text code>Authorization: Bearer sct_…</Typography.Text>,
            },
            {
              key: 'pixel',
              label: t('api.pixel_id'),
              children: <CopyText label={t('api.pixel_id')} text={pixel._id} />,
            },
          ]}
        />
        <Table
          rowKey="field"
          size="small"
          pagination={false}
          aria-label={t('api.fields_title')}
          dataSource={FIELDS.map((field) => ({ field }))}
          columns={[
            {
              title: t('api.field'),
              dataIndex: 'field',
              width: 140,
              render: (field: string) => <Typography.Text code>{field}</Typography.Text>,
            },
            {
              title: t('api.meaning'),
              key: 'meaning',
              render: (_, row) => t(`api.fields.${row.field}`, { max: MAX_EVENTS_PER_REQUEST }),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('api.answers')}
        </Typography.Paragraph>
        <CodeBlock title={t('api.example')} label={t('api.example')} code={curl} />
      </Flex>
    </Card>
  );
}
