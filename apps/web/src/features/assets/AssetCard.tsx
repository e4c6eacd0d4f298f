import type { TAppRow, TPixelRow } from '@scaler/domain';
import { PARTNERS } from '@scaler/domain';
import { Avatar, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { formatTime } from './format';
import { RecordingBadge } from './RecordingBadge';

function CardShell({
  href,
  title,
  icon,
  tags,
  lines,
}: {
  href: string;
  title: string;
  icon?: ReactNode;
  tags: ReactNode;
  lines: [string, ReactNode][];
}) {
  return (
    <Card size="small" hoverable style={{ height: '100%' }}>
      <article aria-label={title}>
        <Flex gap={12} align="center" style={{ marginBottom: 8 }}>
          {icon}
          <div style={{ minWidth: 0 }}>
            <Link to={href} style={{ fontWeight: 600 }}>
              {title}
            </Link>
            <Flex gap={4} wrap style={{ marginTop: 4 }}>
              {tags}
            </Flex>
          </div>
        </Flex>
        <dl
          style={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            gap: '4px 12px',
            fontSize: 13,
          }}
        >
          {lines.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {label}
              </Typography.Text>
              <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</span>
            </div>
          ))}
        </dl>
      </article>
    </Card>
  );
}

export function AppCard({ app, href }: { app: TAppRow; href: string }) {
  const { t } = useTranslation('assets');
  return (
    <CardShell
      href={href}
      title={app.name}
      icon={<Avatar shape="square" size={40} src={avatarUrl(app.icon, 'adv')} alt="" />}
      tags={
        <>
          <Tag>{t(`os.${app.os}`)}</Tag>
          <Tag>{PARTNERS[app.partner].name}</Tag>
        </>
      }
      lines={[
        [t(app.os === 2 ? 'app.package_name' : 'app.bundle_id'), app.bundle_id],
        [t('columns.status'), <RecordingBadge key="s" status={app.status} />],
        [t('columns.events'), app.event_count],
        [t('columns.last_event'), formatTime(app.last_event_at)],
      ]}
    />
  );
}

export function PixelCard({ pixel, href }: { pixel: TPixelRow; href: string }) {
  const { t } = useTranslation('assets');
  return (
    <CardShell
      href={href}
      title={pixel.name}
      tags={
        <>
          <Tag>{t(`conversion_type.${pixel.conversion_type}`)}</Tag>
          {pixel.mode === 2 ? (
            <Tag color="blue">{t('mode.2')}</Tag>
          ) : pixel.installed ? (
            <Tag color="success">{t('pixel.installed')}</Tag>
          ) : (
            <Tag>{t('pixel.not_installed')}</Tag>
          )}
        </>
      }
      lines={[
        [t('columns.id'), pixel._id],
        ...(pixel.mode === 2
          ? [
              [
                t('columns.token'),
                pixel.api_source ? `…${pixel.api_source.token_hint}` : t('api.no_source'),
              ] as [string, string],
            ]
          : []),
        [t('columns.status'), <RecordingBadge key="s" status={pixel.status} />],
        [t('columns.events'), pixel.event_count],
        [t('columns.last_event'), formatTime(pixel.last_event_at)],
      ]}
    />
  );
}
