import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';

/**
 * A value to paste elsewhere (an endpoint, a token, a header) in the code font, wrapped anywhere, with a
 * copy button named after it ("Copy endpoint") and a confirmation once copied.
 */
export function CopyableValue({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation('exchanges');
  const { message } = useFeedback();
  return (
    <Typography.Text
      style={{ fontFamily: 'var(--ant-font-family-code)', wordBreak: 'break-all' }}
      copyable={{
        text,
        tooltips: [t('copy.copy', { what: label }), t('copy.copied')],
        onCopy: () => void message.success(t('copy.success', { what: label })),
      }}
    >
      {text}
    </Typography.Text>
  );
}
