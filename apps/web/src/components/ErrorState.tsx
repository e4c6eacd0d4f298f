import { WarningFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A failed load, with a retry button. Laid out like antd's warning result without its module, which
 * carries the 403/404/500 illustrations into every page that might fail to load.
 */
export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '48px 32px', textAlign: 'center' }} role="alert">
      <WarningFilled
        style={{ fontSize: 64, color: 'var(--ant-color-warning)', marginBottom: 16 }}
        aria-hidden
      />
      <div style={{ fontSize: 24, lineHeight: 1.33, color: 'var(--ant-color-text-heading)' }}>
        {t('load_failed')}
      </div>
      {message && <div style={{ color: 'var(--ant-color-text-description)' }}>{message}</div>}
      {onRetry && (
        <Button type="primary" onClick={onRetry} style={{ marginTop: 16 }}>
          {t('retry')}
        </Button>
      )}
    </Flex>
  );
}
