import type { RecordingStatus } from '@scaler/domain';
import { Badge, type BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<RecordingStatus, BadgeProps['status']> = {
  0: 'default',
  1: 'warning',
  2: 'success',
};

/** Recording status of spec 4: 0 no record (grey), 1 inactive recently (orange), 2 recording (green). */
export function RecordingBadge({ status }: { status: RecordingStatus }) {
  const { t } = useTranslation('assets');
  return <Badge status={COLOURS[status]} text={t(`recording.${status}`)} />;
}
