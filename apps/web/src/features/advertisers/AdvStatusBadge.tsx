import { ExclamationCircleOutlined } from '@ant-design/icons';
import { ADV_STATUS, type AdvStatus } from '@scaler/domain';
import { Badge, type BadgeProps, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const BADGE: Record<AdvStatus, BadgeProps['status']> = {
  0: 'processing',
  1: 'success',
  2: 'error',
  3: 'warning',
  4: 'default',
};

/** Status of spec 4 with the "closed" tag; unusable accounts carry the status_error hint. */
export function AdvStatusBadge({
  status,
  closed,
  hint = false,
}: {
  status: AdvStatus;
  closed: boolean;
  hint?: boolean;
}) {
  const { t } = useTranslation(['advertisers', 'common']);
  const unusable = status !== ADV_STATUS.active;
  return (
    <Flex gap={6} align="center" wrap>
      <Badge status={BADGE[status]} text={t(`common:adv_status.${status}`)} />
      {closed && <Tag style={{ marginInlineEnd: 0 }}>{t('advertisers:closed')}</Tag>}
      {hint && unusable && (
        <Tooltip title={t('advertisers:status_error')}>
          <ExclamationCircleOutlined
            role="img"
            tabIndex={0}
            aria-label={t('advertisers:status_error')}
            style={{ color: 'var(--ant-color-warning)' }}
          />
        </Tooltip>
      )}
    </Flex>
  );
}
