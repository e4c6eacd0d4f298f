import type { TPixelRow } from '@scaler/domain';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useDeletePixel, useResetPixel } from './api';

/** Reset and delete of a pixel, each after a confirmation naming it. */
export function usePixelActions(onDeleted: () => void) {
  const { t } = useTranslation(['assets', 'common']);
  const { modal, message } = useFeedback();
  const reset = useResetPixel();
  const remove = useDeletePixel();

  const confirmReset = (pixel: Pick<TPixelRow, '_id' | 'name'>) =>
    modal.confirm({
      title: t('pixel.reset_title', { name: pixel.name }),
      content: t('pixel.reset_text'),
      okText: t('pixel.reset_ok'),
      cancelText: t('common:cancel'),
      onOk: () =>
        reset
          .mutateAsync(pixel._id)
          .then(() => void message.success(t('pixel.reset_done', { name: pixel.name }))),
    });

  const confirmDelete = (pixel: Pick<TPixelRow, '_id' | 'name' | 'api_source'>) =>
    modal.confirm({
      title: t('pixel.delete_title', { name: pixel.name }),
      content: t(pixel.api_source ? 'pixel.delete_text_api' : 'pixel.delete_text'),
      okText: t('pixel.delete_ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync(pixel._id).then(() => {
          message.success(t('pixel.deleted', { name: pixel.name }));
          onDeleted();
        }),
    });

  return { confirmReset, confirmDelete, busy: reset.isPending || remove.isPending };
}
