import { LOCALES, type Locale, normalizeLocale } from '@scaler/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n';

export function LanguageSelect({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation();
  return (
    <Select<Locale>
      size={size}
      aria-label={t('language')}
      value={normalizeLocale(i18n.language)}
      onChange={(value) => void changeLocale(value)}
      options={LOCALES.map((value) => ({ value, label: t(`languages.${value}`) }))}
      style={{ minWidth: 120 }}
    />
  );
}
