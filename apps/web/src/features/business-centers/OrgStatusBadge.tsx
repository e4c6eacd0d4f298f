import type { OrgStatus } from '@scaler/domain';
import { Badge, type BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';

const BADGE: Record<OrgStatus, BadgeProps['status']> = {
  0: 'processing',
  1: 'success',
  2: 'warning',
  3: 'error',
  4: 'default',
};

export function OrgStatusBadge({ status }: { status: OrgStatus }) {
  const { t } = useTranslation();
  return <Badge status={BADGE[status]} text={t(`org_status.${status}`)} />;
}
