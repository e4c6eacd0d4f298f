import type { TTopup } from '@scaler/domain';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { TopupInstructions } from './TopupInstructions';

/** How to pay a pending top-up, again: its reference and the bank details. */
export function TopupDetailsModal({ topup, onClose }: { topup: TTopup | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  return (
    <Modal
      open={topup !== null}
      title={t('topups.payment_details_title', { reference: topup?.reference ?? '' })}
      onCancel={onClose}
      footer={null}
      width={620}
    >
      {topup && <TopupInstructions topup={topup} />}
    </Modal>
  );
}
