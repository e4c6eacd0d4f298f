import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';

export interface QueueItem {
  id: number;
  title: string;
  subtitle: ReactNode;
  meta?: ReactNode;
}

interface ReviewQueueProps {
  label: string;
  items: QueueItem[];
  selected: number | null;
  onSelect: (id: number) => void;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Shown when the list is empty (text plus a helpful action). */
  empty: { text: string; action: ReactNode };
}

/** The queue on the left of the review tool: one button per item, the selected one highlighted. */
export function ReviewQueue({
  label,
  items,
  selected,
  onSelect,
  loading,
  error,
  onRetry,
  empty,
}: ReviewQueueProps) {
  const { t } = useTranslation('operatorReview');
  let body: ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 5 }} style={{ padding: 16 }} />;
  else if (error) body = <ErrorState onRetry={onRetry} message={error.message} />;
  else if (items.length === 0)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.text} style={{ padding: '32px 16px' }}>
        {empty.action}
      </Empty>
    );
  else
    body = (
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => {
          const active = item.id === selected;
          return (
            <li key={item.id}>
              <Button
                type="text"
                block
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(item.id)}
                style={{
                  height: 'auto',
                  padding: '12px 16px',
                  borderRadius: 0,
                  textAlign: 'start',
                  justifyContent: 'flex-start',
                  whiteSpace: 'normal',
                  borderInlineStart: `3px solid ${active ? 'var(--ant-color-primary)' : 'transparent'}`,
                  background: active ? 'var(--ant-color-primary-bg)' : undefined,
                }}
              >
                <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                  <Flex justify="space-between" gap={8} align="center">
                    <Typography.Text strong ellipsis>
                      {item.title}
                    </Typography.Text>
                    {item.meta}
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.subtitle}
                  </Typography.Text>
                </Flex>
              </Button>
            </li>
          );
        })}
      </ul>
    );
  return (
    <Card
      title={label}
      extra={
        !loading && !error ? (
          <Typography.Text type="secondary">{t('queue.count', { count: items.length })}</Typography.Text>
        ) : null
      }
      styles={{ body: { padding: 0, maxHeight: 'calc(100vh - 280px)', overflowY: 'auto' } }}
    >
      {body}
    </Card>
  );
}
