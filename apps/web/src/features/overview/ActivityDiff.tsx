import type { TActivity } from '@scaler/domain';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DiffRow, diffRows } from './activityDiff';

const cell = (value: string, empty: string) =>
  value === '' ? (
    <Typography.Text type="secondary">{empty}</Typography.Text>
  ) : (
    <Typography.Text style={{ wordBreak: 'break-all' }}>{value}</Typography.Text>
  );

/** Before and after of one log entry, key by key; changed keys are highlighted. */
export function ActivityDiff({ activity }: { activity: TActivity }) {
  const { t } = useTranslation('overview');
  const rows = diffRows(activity.before, activity.after);
  return (
    <Table<DiffRow>
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('detail.no_changes') }}
      onRow={(row) => ({ style: row.changed ? { background: 'var(--ant-color-warning-bg)' } : undefined })}
      columns={[
        {
          title: t('detail.field'),
          dataIndex: 'key',
          width: 200,
          render: (key: string, row) => (
            <Flex gap={6} align="center" wrap>
              <Typography.Text code strong={row.changed}>
                {key}
              </Typography.Text>
              {row.changed && (
                <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                  {t('detail.changed')}
                </Tag>
              )}
            </Flex>
          ),
        },
        { title: t('detail.before'), dataIndex: 'before', render: (v: string) => cell(v, t('detail.none')) },
        { title: t('detail.after'), dataIndex: 'after', render: (v: string) => cell(v, t('detail.none')) },
      ]}
    />
  );
}
