import type { TopupStatusName } from '@scaler/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TopupStatusName, string> = {
  pending: 'processing',
  confirmed: 'success',
  rejected: 'error',
};

export function TopupStatusTag({ status }: { status: TopupStatusName }) {
  const { t } = useTranslation('finance');
  return <Tag color={COLOR[status]}>{t(`topup_status.${status}`)}</Tag>;
}
