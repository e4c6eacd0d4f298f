import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('not_found_title')}
      subTitle={t('not_found_text')}
      extra={
        <Link to="/">
          <Button type="primary" tabIndex={-1}>
            {t('back_home')}
          </Button>
        </Link>
      }
    />
  );
}
