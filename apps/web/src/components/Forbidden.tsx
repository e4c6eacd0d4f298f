import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title={t('forbidden_title')} subTitle={t('forbidden_text')} />;
}
