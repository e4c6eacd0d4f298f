import { Badge, type BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<number, BadgeProps['status']> = {
  0: 'success',
  1: 'processing',
  2: 'error',
  14: 'default',
};

/** A delivery status of spec 4 with its text; budget and limit statuses are warnings. */
export function DeliveryStatus({ status }: { status: number }) {
  const { t } = useTranslation('campaigns');
  const color = COLOR[status] ?? (status >= 20 ? 'warning' : 'default');
  return <Badge status={color} text={t(`status.${status}` as 'status.0')} />;
}
