import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popconfirm, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useClearNotices, useNotices } from './api';
import { NoticeItem } from './NoticeItem';

/** The header's notification popover: polled every ten minutes, 400 px list, "clear" marks all read. */
export function NoticePopover() {
  const { t } = useTranslation(['notices', 'common']);
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const notices = useNotices();
  const clear = useClearNotices();
  const list = notices.data?.list ?? [];
  const unread = notices.data?.unread ?? 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opening the bell shows what is new now, not what the last poll saw.
    if (next && !notices.isFetching) void notices.refetch();
  };

  const content = (
    <div style={{ width: 380 }}>
      <Flex justify="space-between" align="center" style={{ padding: '8px 16px' }}>
        <Typography.Text strong>{t('title')}</Typography.Text>
        <Popconfirm
          title={t('clear_confirm')}
          okText={t('common:ok')}
          cancelText={t('common:cancel')}
          onConfirm={() => clear.mutate(undefined, { onSuccess: () => message.success(t('cleared')) })}
          disabled={list.length === 0}
        >
          <Button type="link" size="small" disabled={list.length === 0} loading={clear.isPending}>
            {t('clear')}
          </Button>
        </Popconfirm>
      </Flex>
      <div style={{ maxHeight: 400, overflowY: 'auto', borderTop: '1px solid var(--ant-color-split)' }}>
        {notices.isPending && (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        )}
        {notices.isError && !notices.data && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('load_failed')} style={{ padding: 16 }}>
            <Button size="small" onClick={() => notices.refetch()}>
              {t('common:retry')}
            </Button>
          </Empty>
        )}
        {notices.isSuccess && list.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} style={{ padding: 24 }} />
        )}
        {list.length > 0 && (
          <ul aria-label={t('list_label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((n) => (
              <NoticeItem key={n.id} notice={n} onNavigate={() => setOpen(false)} />
            ))}
          </ul>
        )}
      </div>
    </div>
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
