import { parsePublisherList } from '@scaler/domain';
import { Alert, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A publisher allow or block list as text (one id per line or comma separated, spec 5). What the text
 * holds shows as it is typed: the number of publishers, the ids given twice (sent once) and the ones that
 * are not publisher ids (the form refuses to save them).
 */
export function PublisherListField({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (text: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('campaignEditor');
  const parsed = parsePublisherList(value ?? '');
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        rows={5}
        placeholder={t('publishers.placeholder')}
        aria-label={t('publishers.label')}
      />
      <Typography.Text type="secondary" data-testid="publisher-count">
        {t('publishers.count', { count: parsed.items.length })}
      </Typography.Text>
      {parsed.duplicates.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('publishers.duplicates', {
            count: parsed.duplicates.length,
            list: parsed.duplicates.slice(0, 10).join(', '),
          })}
        />
      )}
      {parsed.invalid.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('publishers.invalid', {
            count: parsed.invalid.length,
            list: parsed.invalid.slice(0, 10).join(', '),
          })}
        />
      )}
    </Flex>
  );
}
