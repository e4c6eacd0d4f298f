import { WarningOutlined } from '@ant-design/icons';
import type { TAudience } from '@scaler/domain';
import { Badge, type BadgeProps, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<number, BadgeProps['status']> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'warning',
};

/** A count in the reader's language (1,234 / 1,234). */
export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(language).format(n);
}

/** An audience's status of spec 4 with its text. */
export function AudienceStatus({ status }: { status: number }) {
  const { t } = useTranslation('audiences');
  return <Badge status={STATUS_COLOR[status] ?? 'default'} text={t(`status.${status}` as 'status.0')} />;
}

/**
 * An audience as the picker lists it: name, status and size ("Processing" while an upload is written or
 * an events audience is built; the list is asked again meanwhile), and why the latest upload failed.
 */
export function AudienceLabel({ audience }: { audience: TAudience }) {
  const { t, i18n } = useTranslation('audiences');
  return (
    <Flex justify="space-between" align="center" gap={12}>
      <Typography.Text ellipsis>{audience.name}</Typography.Text>
      <Flex gap={12} align="center" style={{ flex: 'none' }}>
        {audience.build_error && (
          <Tooltip title={audience.build_error}>
            <Typography.Text type="warning" aria-label={audience.build_error}>
              <WarningOutlined />
            </Typography.Text>
          </Tooltip>
        )}
        <AudienceStatus status={audience.status} />
        <Typography.Text type="secondary">
          {t('members', { size: formatCount(audience.size, i18n.language) })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
