import {
  AppstoreOutlined,
  BellOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Avatar, Flex, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notice } from './api';
import { type NoticeKind, type NoticeTone, noticeView } from './noticeView';

dayjs.extend(relativeTime);

const ICONS: Record<NoticeKind, ReactNode> = {
  invitation: <UserAddOutlined />,
  account: <AppstoreOutlined />,
  verification: <SafetyCertificateOutlined />,
  partner: <TeamOutlined />,
  creative: <PictureOutlined />,
  finance: <WalletOutlined />,
  other: <BellOutlined />,
};
const TONE: Record<NoticeTone, { color: string; background: string; tag: string }> = {
  success: { color: 'var(--ant-color-success)', background: 'var(--ant-color-success-bg)', tag: 'success' },
  error: { color: 'var(--ant-color-error)', background: 'var(--ant-color-error-bg)', tag: 'error' },
  warning: { color: 'var(--ant-color-warning)', background: 'var(--ant-color-warning-bg)', tag: 'warning' },
  info: { color: 'var(--ant-color-primary)', background: 'var(--ant-color-primary-bg)', tag: 'processing' },
};

/** One notice: an icon coloured by its outcome, the text in three rows (expandable), reason, time, link. */
export function NoticeItem({ notice, onNavigate }: { notice: Notice; onNavigate: () => void }) {
  const { t } = useTranslation('notices');
  const view = noticeView(notice);
  const tone = TONE[view.tone];
  const time = dayjs(notice.time);

  return (
    <Flex
      component="li"
      gap={12}
      style={{ padding: '12px 16px', borderBottom: '1px solid var(--ant-color-split)' }}
    >
      <Avatar
        size={32}
        icon={ICONS[view.kind]}
        style={{ flex: 'none', color: tone.color, background: tone.background }}
        aria-hidden
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex gap={4} wrap align="center">
            <Typography.Text strong style={{ fontSize: 13 }}>
              {t(`types.${view.kind}`)}
            </Typography.Text>
            {view.outcome && (
              <Tag color={tone.tag} style={{ marginInlineEnd: 0 }}>
                {t(`outcomes.${view.outcome}`)}
              </Tag>
            )}
          </Flex>
          <Tooltip title={time.format('YYYY-MM-DD HH:mm:ss')}>
            <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
              <time dateTime={notice.time}>{time.fromNow()}</time>
            </Typography.Text>
          </Tooltip>
        </Flex>
        <Typography.Paragraph
          ellipsis={{ rows: 3, expandable: true, symbol: t('expand') }}
          style={{ margin: '4px 0' }}
        >
          {notice.msg}
        </Typography.Paragraph>
        {notice.reason && (
          <Typography.Paragraph type="secondary" style={{ margin: '0 0 4px', fontSize: 12 }}>
            {t('reason', { reason: notice.reason })}
          </Typography.Paragraph>
        )}
        {view.link && (
          <Link to={view.link.to} onClick={onNavigate} style={{ fontSize: 12 }}>
            {t(`links.${view.link.target}`)}
          </Link>
        )}
      </div>
    </Flex>
  );
}
