import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The account list of a picker could not be loaded: say so and offer a retry. */
export function AccountsLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['advertisers', 'common']);
  return (
    <Alert
      type="warning"
      showIcon
      title={t('picker.load_failed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      }
    />
  );
}
