import { LOCALES, type Locale, normalizeLocale } from '@scaler/domain';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n';

/**
 * The language switch of the pages outside the console (login, e-mail links, creative viewer): both
 * languages side by side, one click. A segmented control rather than a select: two choices fit, and a
 * select would be the heaviest component of the login page.
 */
export function LanguageSelect({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Locale>
      size={size}
      aria-label={t('language')}
      value={normalizeLocale(i18n.language)}
      onChange={(value) => void changeLocale(value)}
      options={LOCALES.map((value) => ({ value, label: t(`languages.${value}`) }))}
    />
  );
}
