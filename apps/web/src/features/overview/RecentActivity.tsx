import { HistoryOutlined } from '@ant-design/icons';
import type { TActivity } from '@scaler/domain';
import { Avatar, Button, Card, Empty, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withContext } from '../../lib/context';
import { describeActivity, type Translate } from './activityText';

/** The latest entries of the log (admins), each as "who did what, when". */
export function RecentActivity({ org, items }: { org: number; items: TActivity[] }) {
  const { t } = useTranslation(['overview', 'common']);
  const navigate = useNavigate();
  const detail = withContext('/manage/overview/detail', { org });
  return (
    <Card
      title={t('activity.title')}
      extra={
        <Button type="link" onClick={() => navigate(detail)}>
          {t('activity.view_all')}
        </Button>
      }
      style={{ height: '100%' }}
    >
      {items.length === 0 ? (
        <Empty description={t('activity.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => {
            const { text, reason } = describeActivity(item, t as unknown as Translate);
            return (
              <li
                key={item.id}
                style={{ padding: '10px 0', borderBottom: '1px solid var(--ant-color-split)' }}
              >
                <Flex gap={12} align="flex-start">
                  <Avatar size="small" icon={<HistoryOutlined />} style={{ flex: 'none' }} />
                  <Flex vertical gap={2} style={{ minWidth: 0 }}>
                    <span>
                      <Typography.Text strong>{item.actor_email}</Typography.Text> {text}
                    </span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <time dateTime={item.time}>{dayjs(item.time).format('YYYY-MM-DD HH:mm:ss')}</time>
                      {reason && ` · ${t('activity.reason', { reason })}`}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
