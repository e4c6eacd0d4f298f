import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('not_found_title')}
      subTitle={t('not_found_text')}
      extra={
        <LinkButton type="primary" to="/">
          {t('back_home')}
        </LinkButton>
      }
    />
  );
}
