import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Notice } from './api';

const META = ['code', 'creat_id', 'adv', 'reason'] as const;

/** One notice: type and time, the text in three rows (expandable), then its references. */
export function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation('notices');
  return (
    <div style={{ padding: '12px 16px', borderBottom: '1px solid var(--ant-color-split)' }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Tag color="blue">{String(notice.type)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {notice.time}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph
        ellipsis={{ rows: 3, expandable: true, symbol: t('expand') }}
        style={{ margin: '8px 0 4px' }}
      >
        {notice.msg}
      </Typography.Paragraph>
      <Flex gap={12} wrap>
        {META.filter((k) => notice[k] !== null && notice[k] !== '').map((k) => (
          <Typography.Text key={k} type="secondary" style={{ fontSize: 12 }}>
            {t(`fields.${k}`)}: {String(notice[k])}
          </Typography.Text>
        ))}
      </Flex>
    </div>
  );
}
