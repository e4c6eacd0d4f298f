import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A failed load, with a retry button. */
export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('load_failed')}
      subTitle={message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : null
      }
    />
  );
}
