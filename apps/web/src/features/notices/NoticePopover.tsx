import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from './api';

// The list (its items, the empty state, the "clear" confirmation) loads when the bell is first opened.
const NoticePanel = lazy(() => import('./NoticePanel').then((m) => ({ default: m.NoticePanel })));

/** The header's notification popover: polled every ten minutes, 400 px list, "clear" marks all read. */
export function NoticePopover() {
  const { t } = useTranslation('notices');
  const [open, setOpen] = useState(false);
  const notices = useNotices();
  const unread = notices.data?.unread ?? 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opening the bell shows what is new now, not what the last poll saw.
    if (next && !notices.isFetching) void notices.refetch();
  };

  const content = (
    <Suspense
      fallback={
        <Flex justify="center" style={{ width: 380, padding: 32 }}>
          <Spin />
        </Flex>
      }
    >
      <NoticePanel onNavigate={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      styles={{ container: { padding: 0 } }}
    >
      <Button type="text" aria-label={t('open', { count: unread })}>
        <Badge count={unread} size="small" offset={[4, -2]} overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
