import type { TAdvertiserRow } from '@scaler/domain';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useCloseAdvertiser } from './api';

/** Close confirmation naming the account; closing is final. */
export function useCloseAccountConfirm() {
  const { t } = useTranslation(['advertisers', 'common']);
  const { modal, message } = useFeedback();
  const close = useCloseAdvertiser();
  return (row: Pick<TAdvertiserRow, 'adv_id' | 'adv_name'>) =>
    modal.confirm({
      title: t('close_confirm.title', { name: row.adv_name }),
      content: t('close_confirm.text', { name: row.adv_name, id: row.adv_id }),
      okText: t('close_confirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        close.mutateAsync(row.adv_id).then(() => {
          message.success(t('close_confirm.done', { name: row.adv_name }));
        }),
    });
}
