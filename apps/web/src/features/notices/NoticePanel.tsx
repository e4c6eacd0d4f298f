import { Button, Empty, Flex, Popconfirm, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useClearNotices, useNotices } from './api';
import { NoticeItem } from './NoticeItem';

/** The open bell's content: the notices, newest first, and "clear" (marks them all read). */
export function NoticePanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(['notices', 'common']);
  const { message } = useFeedback();
  const notices = useNotices();
  const clear = useClearNotices();
  const list = notices.data?.list ?? [];

  return (
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
              <NoticeItem key={n.id} notice={n} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
